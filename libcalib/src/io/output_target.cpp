#include "calib/io/output_target.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "calib/core/error.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/provenance.hpp"

namespace calib::io {

namespace fs = std::filesystem;

namespace {

// The files a result file is published with (io/provenance.hpp, io/output_lock.hpp, the sweep
// engine's resumable partial), each with the words that name it beside its result.
struct Companion {
  fs::path path;
  const char* of;  // "the sidecar of ": prefix of the result's name in messages
};
std::vector<Companion> companions_of(const fs::path& result) {
  fs::path partial = result;
  partial += ".partial";
  return {{result, ""},
          {sidecar_of(result), "the sidecar of "},
          {pending_sidecar_of(result), "the pending sidecar of "},
          {lock_file_of(result), "the lock file of "},
          {partial, "the resumable partial of "}};
}

// One file under two names: the same inode when both exist, the same resolved path when
// neither does (an input's partial or lock that is not there yet is still its own).
bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  const bool a_exists = fs::exists(a, ec), b_exists = fs::exists(b, ec);
  if (a_exists && b_exists) return fs::equivalent(a, b, ec);
  if (a_exists || b_exists) return false;
  return fs::weakly_canonical(fs::absolute(a), ec) == fs::weakly_canonical(fs::absolute(b), ec);
}

// Refuses an input whose files (it, its sidecar, lock, partial) are among the files `out` is
// published as: `merge --out part_0.csv.meta.json part_0.csv` would replace a shard's sidecar.
void refuse_inputs(const fs::path& out, const std::vector<fs::path>& inputs) {
  for (const fs::path& in : inputs) {
    if (in.empty() || !path_exists(in)) continue;
    for (const Companion& written : companions_of(out))
      for (const Companion& read : companions_of(in))
        if (same_file(written.path, read.path))
          throw InputError(fmt::format(
              "output {} would replace {}, {}the input {}: refusing to overwrite an input; "
              "choose another --out",
              out.string(), written.path.string(), read.of, in.string()));
  }
}

// The first of `inputs` that is `dir` or lies inside it (at any depth).
std::optional<fs::path> input_inside(const fs::path& dir, const std::vector<fs::path>& inputs) {
  const fs::path folder = fs::weakly_canonical(fs::absolute(dir));
  for (const fs::path& in : inputs) {
    if (in.empty() || !path_exists(in)) continue;
    const fs::path input = fs::weakly_canonical(fs::absolute(in));
    const auto [end, ignored] =
        std::mismatch(folder.begin(), folder.end(), input.begin(), input.end());
    if (end == folder.end()) return in;
  }
  return std::nullopt;
}

// The whole folder `dir` is replaced when its result is published (io/result_folder.hpp): an
// input anywhere inside it, or the folder itself, is refused.
void refuse_inputs_inside(const fs::path& dir, const std::vector<fs::path>& inputs) {
  if (const auto in = input_inside(dir, inputs))
    throw InputError(
        fmt::format("output folder {} holds the input {}: publishing the result "
                    "replaces that folder; choose another --out or move the input",
                    dir.string(), in->string()));
}

// Creates `dir` and proves it writable with a probe file (removed at once).
void require_writable_dir(const fs::path& dir, const fs::path& target) {
  std::error_code ec;
  if (!dir.empty()) fs::create_directories(dir, ec);
  if (ec)
    throw InputError(fmt::format("output {}: cannot create the folder {}: {}", target.string(),
                                 dir.string(), ec.message()));
  const fs::path probe = (dir.empty() ? fs::path(".") : dir) /
                         fmt::format(".calib-write-probe.{}", ::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0)
    throw InputError(fmt::format("output {}: the folder {} is not writable", target.string(),
                                 dir.empty() ? "." : dir.string()));
  ::close(fd);
  fs::remove(probe, ec);
}

}  // namespace

bool path_exists(const fs::path& p) noexcept {
  std::error_code ec;
  return fs::exists(p, ec);
}

bool is_folder(const fs::path& p) noexcept {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

void prepare_output_file(const fs::path& out, const std::vector<fs::path>& inputs) {
  if (out.empty()) throw InputError("output file: empty path");
  std::error_code ec;
  const fs::file_status link = fs::symlink_status(out, ec);
  if (fs::is_symlink(link))
    throw InputError(fmt::format("output {} is a symbolic link: give the file it points to "
                                 "(replacing it would replace the link)",
                                 out.string()));
  if (const auto in = fs::is_directory(link) ? input_inside(out, inputs) : std::nullopt)
    throw InputError(fmt::format("output {} is a folder holding the input {}: give a file",
                                 out.string(), in->string()));
  if (fs::exists(link) && !fs::is_regular_file(link))
    throw InputError(fmt::format("output {} exists and is not a regular file (a folder, FIFO or "
                                 "device): refusing to replace it",
                                 out.string()));
  refuse_inputs(out, inputs);
  require_writable_dir(out.parent_path(), out);
}

void prepare_output_dir(const fs::path& dir, const std::vector<fs::path>& inputs) {
  if (dir.empty()) throw InputError("output folder: empty path");
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw InputError(fmt::format("output folder {} exists and is not a folder", dir.string()));
  refuse_inputs_inside(dir, inputs);
  require_writable_dir(dir, dir);
}

void check_output_dir(const fs::path& dir, const std::vector<fs::path>& inputs) {
  if (dir.empty()) throw InputError("output folder: empty path");
  if (path_exists(dir)) return prepare_output_dir(dir, inputs);
  prepare_output_dir(fs::absolute(dir).lexically_normal().parent_path());
}

}  // namespace calib::io
