#include "calib/io/atomic_file.hpp"

#include <unistd.h>

#include <atomic>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::io {

AtomicFile::AtomicFile(std::filesystem::path destination) : destination_(std::move(destination)) {
  if (destination_.has_parent_path())
    std::filesystem::create_directories(destination_.parent_path());
  // Refuses FIFOs, devices and symlinks: the rename below would replace them.
  std::error_code ec;
  const auto status = std::filesystem::symlink_status(destination_, ec);
  if (std::filesystem::is_symlink(status) ||
      (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)))
    throw InputError(fmt::format("output {} exists and is not a regular file: refusing to replace it",
                                 destination_.string()));
  // Same folder as the destination, so the rename never crosses a file system; unique per
  // process and per file, so two writers never share a temporary.
  static std::atomic<unsigned> counter{0};
  temporary_ = destination_;
  temporary_ += fmt::format(".tmp.{}.{}", ::getpid(), counter.fetch_add(1));
  out_.open(temporary_, std::ios::out | std::ios::trunc | std::ios::binary);
  if (!out_) throw Error(fmt::format("cannot open {} for writing", temporary_.string()));
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    out_.close();
    std::error_code ignored;
    std::filesystem::remove(temporary_, ignored);
  }
}

const std::filesystem::path& AtomicFile::finish() {
  if (!out_.is_open()) return temporary_;
  out_.flush();
  if (!out_) throw Error(fmt::format("write failed for {}", temporary_.string()));
  out_.close();
  return temporary_;
}

void AtomicFile::commit() {
  finish();
  std::error_code ec;
  std::filesystem::rename(temporary_, destination_, ec);
  if (ec)
    throw Error(fmt::format("cannot rename {} to {}: {}", temporary_.string(),
                            destination_.string(), ec.message()));
  committed_ = true;
}

void write_text_atomically(const std::filesystem::path& destination, const std::string& text) {
  AtomicFile file(destination);
  file.stream() << text;
  file.commit();
}

}  // namespace calib::io
