#pragma once
// Where the project's data lives, whatever the current directory: the default configs, the
// datasets and the gnuplot scripts. Roots, in order:
//   $CALIB_DATA_DIR (if set);
//   the Python package's share/calib (set_package_data_dir, called when `calib` is imported);
//   <executable>/../share/calib: <prefix>/share/calib of `cmake --install`, the wheel's
//   calib/share/calib beside calib/bin/calib, and build/share/calib of a build tree (links to
//   the source tree's folders, made by CMake), so no source path is compiled in.
// Each root holds configs/, datasets/ and tools/plot/ with the source tree's layout.
#include <filesystem>
#include <string>
#include <vector>

namespace calib::io {

std::vector<std::filesystem::path> resource_roots();
// The data folder of the Python package that loaded this library (calib/__init__.py passes its
// own share/calib); searched right after $CALIB_DATA_DIR. Empty: none.
void set_package_data_dir(const std::filesystem::path& dir);
// The first root holding `relative` (e.g. "configs/rms_table.toml"); InputError naming the
// relative path and every root searched when none does.
std::filesystem::path find_resource(const std::filesystem::path& relative);
// A file named on the command line or in Python (--system, --config, --data): as given when it
// exists or is absolute, else the shipped file of that relative path in the data folders (so
// "configs/systems/x.toml" works from any directory). InputError as find_resource.
std::filesystem::path resolve_input_path(const std::filesystem::path& given);
// A path written in a config file: absolute as is; relative ones are looked up next to the
// config file first, then in the resource roots (so "datasets/published/x.csv" in a shipped
// config works from any directory). Returns the path unchanged when nothing exists (the caller
// reports "not found" with the key).
std::filesystem::path resolve_config_path(const std::filesystem::path& config_file,
                                          const std::string& value);

}  // namespace calib::io
