// The data folders (io/resources.hpp): $CALIB_DATA_DIR, then the Python package's folder, then
// <executable>/../share/calib, which CMake fills in the build tree with links to the source
// folders; no source path is compiled into the library.
#include "calib/io/resources.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "calib/core/error.hpp"

namespace fs = std::filesystem;
using namespace calib;

namespace {
fs::path executable_share() {
  return fs::canonical("/proc/self/exe").parent_path().parent_path() / "share" / "calib";
}

// A fresh folder holding configs/<name> with one line, removed at the end of the test.
struct DataFolder {
  fs::path root;
  explicit DataFolder(const std::string& name) {
    root = fs::temp_directory_path() / ("calib_resources_" + std::to_string(::getpid()) + name);
    fs::create_directories(root / "configs");
    std::ofstream(root / "configs" / name) << "# " << name << "\n";
  }
  ~DataFolder() { fs::remove_all(root); }
};
}  // namespace

TEST(Resources, RootsAreTheEnvironmentThePackageThenBesideTheExecutable) {
  ::setenv("CALIB_DATA_DIR", "/env/data", 1);
  io::set_package_data_dir("/package/share/calib");
  const std::vector<fs::path> expected{"/env/data", "/package/share/calib", executable_share()};
  EXPECT_EQ(io::resource_roots(), expected);
  io::set_package_data_dir({});
  ::unsetenv("CALIB_DATA_DIR");
  EXPECT_EQ(io::resource_roots(), std::vector<fs::path>{executable_share()});
}

TEST(Resources, ThePackageFolderComesBeforeTheExecutables) {
  ::unsetenv("CALIB_DATA_DIR");
  // rms_table.toml is shipped, so both the package folder and build/share/calib hold one.
  const DataFolder package("rms_table.toml");
  io::set_package_data_dir(package.root);
  EXPECT_EQ(io::find_resource("configs/rms_table.toml"), package.root / "configs/rms_table.toml");
  io::set_package_data_dir({});
}

TEST(Resources, TheBuildTreeFindsTheShippedDataBesideItsExecutables) {
  ::unsetenv("CALIB_DATA_DIR");
  const fs::path found = io::find_resource("configs/systems/bouncing_ball.toml");
  EXPECT_EQ(found, executable_share() / "configs/systems/bouncing_ball.toml");
  EXPECT_TRUE(fs::is_regular_file(found));
}

TEST(Resources, AMissingFileNamesItselfAndEveryFolderSearched) {
  const DataFolder env("only_here.toml");
  ::setenv("CALIB_DATA_DIR", env.root.c_str(), 1);
  EXPECT_EQ(io::resolve_input_path("configs/only_here.toml"), env.root / "configs/only_here.toml");
  try {
    io::find_resource("configs/nowhere.toml");
    FAIL() << "no InputError";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("configs/nowhere.toml not found"), std::string::npos) << what;
    EXPECT_NE(what.find(env.root.string() + ", " + executable_share().string()), std::string::npos)
        << what;
  }
  ::unsetenv("CALIB_DATA_DIR");
}
