#include "calib/io/output_target.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::io {

namespace fs = std::filesystem;

namespace {

void refuse_inputs(const fs::path& out, const std::vector<fs::path>& inputs, const char* what) {
  std::error_code ec;
  for (const fs::path& in : inputs)
    if (!in.empty() && fs::exists(in, ec) && fs::equivalent(out, in, ec))
      throw InputError(fmt::format("{} {} is the input {}: refusing to overwrite an input", what,
                                   out.string(), in.string()));
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
  refuse_inputs(out, inputs, "output");
  require_writable_dir(out.parent_path(), out);
}

void prepare_output_dir(const fs::path& dir, const std::vector<fs::path>& inputs) {
  if (dir.empty()) throw InputError("output folder: empty path");
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw InputError(fmt::format("output folder {} exists and is not a folder", dir.string()));
  refuse_inputs(dir, inputs, "output folder");
  require_writable_dir(dir, dir);
}

}  // namespace calib::io
