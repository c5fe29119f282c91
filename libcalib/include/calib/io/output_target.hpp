#pragma once
// Checks made before any computation, so a bad output path costs nothing and clobbers nothing:
// outputs are replaced by rename (io/atomic_file.hpp), which would turn a FIFO, a device or a
// symlink into a regular file, and would destroy an input given as the output.
#include <filesystem>
#include <vector>

namespace calib::io {

// Existence tests that never throw: a path the OS refuses (too long, unreadable folder) is
// reported as missing, so the caller's "not found: <path>" message applies (exit 2), never a
// std::filesystem_error (found by tests/fuzz/fuzz_config).
bool path_exists(const std::filesystem::path& p) noexcept;
bool is_folder(const std::filesystem::path& p) noexcept;

// `out` will be (re)written as a regular file: InputError when it exists and is not a regular
// file (FIFO, device, socket, directory; a folder holding one of `inputs` is named with it) or
// is a symlink, when it or a file it is published with (its sidecar, pending sidecar, lock,
// partial) is one of `inputs` or one of the files an input is published with (compared by
// inode where both exist, else by resolved path), or when its folder cannot be created or
// written.
void prepare_output_file(const std::filesystem::path& out,
                         const std::vector<std::filesystem::path>& inputs = {});
// `dir` will receive result files: InputError when it exists and is not a folder, is or holds
// (at any depth) one of `inputs`, or cannot be created or written.
void prepare_output_dir(const std::filesystem::path& dir,
                        const std::vector<std::filesystem::path>& inputs = {});
// The same checks without creating `dir` when it is not there yet (its parent is created and
// proved writable instead): for a folder created only once its result is published or its lock
// is held, so a refused or failed run leaves none.
void check_output_dir(const std::filesystem::path& dir,
                      const std::vector<std::filesystem::path>& inputs = {});

}  // namespace calib::io
