#pragma once
// Checks made before an input file is opened: only regular files of bounded size are read. A
// device (/dev/zero), a FIFO or a socket never ends or blocks the reader, and a file far larger
// than any real input would be read into memory whole; both are refused with InputError naming
// the file, so a reader's time and memory are bounded by the limit below.
#include <cstdint>
#include <filesystem>
#include <string>

namespace calib::io {

// Measurement files and CSV tables (the largest shipped dataset is well under 1 MiB).
inline constexpr std::uintmax_t kMaxDataFileBytes = std::uintmax_t{256} << 20;  // 256 MiB
// TOML configs and planar-system files.
inline constexpr std::uintmax_t kMaxConfigFileBytes = std::uintmax_t{16} << 20;  // 16 MiB

// InputError "<what> <file>: ..." when the file is missing, is not a regular file (after
// following symlinks) or holds more than max_bytes.
void require_input_file(const std::filesystem::path& file, std::uintmax_t max_bytes,
                        const std::string& what);

// The whole file after require_input_file; never more than max_bytes are read, even when the
// file grows in between.
std::string read_input_file(const std::filesystem::path& file, std::uintmax_t max_bytes,
                            const std::string& what);

// "256 MiB": how a limit is stated in messages.
std::string byte_size_text(std::uintmax_t bytes);

}  // namespace calib::io
