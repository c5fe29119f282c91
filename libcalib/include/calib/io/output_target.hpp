#pragma once
// Checks made before any computation, so a bad output path costs nothing and clobbers nothing:
// outputs are replaced by rename (io/atomic_file.hpp), which would turn a FIFO, a device or a
// symlink into a regular file, and would destroy an input given as the output.
#include <filesystem>
#include <vector>

namespace calib::io {

// `out` will be (re)written as a regular file: InputError when it exists and is not a regular
// file (FIFO, device, socket, directory) or is a symlink, when it is the same file as one of
// `inputs` (compared by inode, not by name), or when its folder cannot be created or written.
void prepare_output_file(const std::filesystem::path& out,
                         const std::vector<std::filesystem::path>& inputs = {});
// `dir` will receive result files: InputError when it exists and is not a folder, is one of
// `inputs`, or cannot be created or written.
void prepare_output_dir(const std::filesystem::path& dir,
                        const std::vector<std::filesystem::path>& inputs = {});

}  // namespace calib::io
