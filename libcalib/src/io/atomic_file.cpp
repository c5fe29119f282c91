#include "calib/io/atomic_file.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::io {

AtomicFile::AtomicFile(std::filesystem::path destination) : destination_(std::move(destination)) {
  if (destination_.has_parent_path())
    std::filesystem::create_directories(destination_.parent_path());
  // Same folder as the destination, so the rename never crosses a file system.
  temporary_ = destination_;
  temporary_ += fmt::format(".tmp.{}", ::getpid());
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

void AtomicFile::commit() {
  out_.flush();
  if (!out_) throw Error(fmt::format("write failed for {}", temporary_.string()));
  out_.close();
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
