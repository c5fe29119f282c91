#include "calib/io/output_target.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>

#include "calib/core/error.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/provenance.hpp"

namespace calib::io {

namespace fs = std::filesystem;

namespace {

// The files a result file `out` is published with (io/provenance.hpp, io/output_lock.hpp, the
// sweep engine's resumable partial): replacing any of them would destroy an input given there.
std::vector<fs::path> companions_of(const fs::path& out) {
  fs::path partial = out;
  partial += ".partial";
  return {out, sidecar_of(out), pending_sidecar_of(out), lock_file_of(out), partial};
}

// Refuses an input that is one of the files `out` is published as (an input's sidecar too:
// `merge --out part_0.csv.meta.json part_0.csv`).
void refuse_inputs(const fs::path& out, const std::vector<fs::path>& inputs) {
  std::error_code ec;
  for (const fs::path& in : inputs) {
    if (in.empty()) continue;
    for (const fs::path& written : companions_of(out))
      for (const fs::path& read : {in, sidecar_of(in)})
        if (fs::exists(read, ec) && fs::exists(written, ec) && fs::equivalent(written, read, ec))
          throw InputError(fmt::format(
              "output {} would replace {}, {}the input {}: refusing to "
              "overwrite an input; choose another --out",
              out.string(), written.string(), read == in ? "" : "the sidecar of ", in.string()));
  }
}

// The whole folder `dir` is replaced when its result is published (io/result_folder.hpp): an
// input anywhere inside it, or the folder itself, is refused.
void refuse_inputs_inside(const fs::path& dir, const std::vector<fs::path>& inputs) {
  const fs::path folder = fs::weakly_canonical(fs::absolute(dir));
  for (const fs::path& in : inputs) {
    if (in.empty() || !path_exists(in)) continue;
    const fs::path input = fs::weakly_canonical(fs::absolute(in));
    const auto [end, ignored] =
        std::mismatch(folder.begin(), folder.end(), input.begin(), input.end());
    if (end == folder.end())
      throw InputError(
          fmt::format("output folder {} holds the input {}: publishing the result "
                      "replaces that folder; choose another --out or move the input",
                      dir.string(), in.string()));
  }
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
