#include "calib/io/input_file.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::io {

namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

InputError too_large(const std::filesystem::path& file, const std::string& what,
                     std::uintmax_t max_bytes, const std::string& size) {
  return InputError(fmt::format("{} {}: {} exceeds the input limit of {}; refused before reading",
                                what, file.string(), size, byte_size_text(max_bytes)));
}

}  // namespace

std::string byte_size_text(std::uintmax_t bytes) {
  if (bytes >= (std::uintmax_t{1} << 30) && bytes % (std::uintmax_t{1} << 30) == 0)
    return fmt::format("{} GiB", bytes >> 30);
  if (bytes >= (std::uintmax_t{1} << 20) && bytes % (std::uintmax_t{1} << 20) == 0)
    return fmt::format("{} MiB", bytes >> 20);
  return fmt::format("{} bytes", bytes);
}

void require_input_file(const std::filesystem::path& file, std::uintmax_t max_bytes,
                        const std::string& what) {
  // stat, not std::filesystem::status: no exception for an over-long or unreadable path.
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0)
    throw InputError(fmt::format("{} {}: not found or not accessible", what, file.string()));
  if (!S_ISREG(info.st_mode))
    throw InputError(fmt::format("{} {}: is {}; only regular files are read", what, file.string(),
                                 kind_of(info.st_mode)));
  const auto size = static_cast<std::uintmax_t>(info.st_size);
  if (size > max_bytes) throw too_large(file, what, max_bytes, fmt::format("{} bytes", size));
}

std::string read_input_file(const std::filesystem::path& file, std::uintmax_t max_bytes,
                            const std::string& what) {
  require_input_file(file, max_bytes, what);
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> in(std::fopen(file.c_str(), "rb"),
                                                           &std::fclose);
  if (!in) throw InputError(fmt::format("{} {}: cannot be opened", what, file.string()));
  std::string text;
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, in.get())) > 0) {
    if (text.size() + got > max_bytes)
      throw InputError(fmt::format("{} {}: grew past the input limit of {} while being read", what,
                                   file.string(), byte_size_text(max_bytes)));
    text.append(buffer, got);
  }
  if (std::ferror(in.get()))
    throw InputError(fmt::format("{} {}: read error", what, file.string()));
  return text;
}

}  // namespace calib::io
