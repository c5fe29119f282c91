#include "calib/io/resources.hpp"

#include <unistd.h>

#include <array>
#include <cstdlib>
#include <mutex>
#include <system_error>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::io {

namespace fs = std::filesystem;

namespace {
// The Python package's data folder: set when `calib` is imported, read by lookups on any thread.
struct PackageDataDir {
  std::mutex mutex;
  fs::path dir;
};
PackageDataDir& package() {
  static PackageDataDir p;
  return p;
}

fs::path executable_dir() {
  std::array<char, 4096> buf{};
  const ssize_t n = ::readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (n <= 0) return {};
  return fs::path(std::string(buf.data(), static_cast<std::size_t>(n))).parent_path();
}
}  // namespace

void set_package_data_dir(const fs::path& dir) {
  const std::lock_guard lock(package().mutex);
  package().dir = dir;
}

std::vector<fs::path> resource_roots() {
  std::vector<fs::path> roots;
  if (const char* env = std::getenv("CALIB_DATA_DIR"); env && *env) roots.emplace_back(env);
  {
    const std::lock_guard lock(package().mutex);
    if (!package().dir.empty()) roots.push_back(package().dir);
  }
  if (const fs::path exe = executable_dir(); !exe.empty())
    roots.push_back(exe.parent_path() / "share" / "calib");
  return roots;
}

fs::path find_resource(const fs::path& relative) {
  std::string searched;
  std::error_code ec;
  for (const fs::path& root : resource_roots()) {
    if (fs::exists(root / relative, ec)) return root / relative;
    searched += fmt::format("{}{}", searched.empty() ? "" : ", ", root.string());
  }
  throw InputError(
      fmt::format("{} not found in the data folders ({}); set CALIB_DATA_DIR to a folder holding "
                  "configs/, datasets/ and tools/plot/",
                  relative.string(), searched.empty() ? "none" : searched));
}

fs::path resolve_input_path(const fs::path& given) {
  std::error_code ec;
  if (given.is_absolute() || fs::exists(given, ec) || given.empty()) return given;
  return find_resource(given);
}

fs::path resolve_config_path(const fs::path& config_file, const std::string& value) {
  const fs::path p(value);
  std::error_code ec;
  if (p.empty() || p.is_absolute()) return p;
  if (const fs::path next = config_file.parent_path() / p; fs::exists(next, ec)) return next;
  for (const fs::path& root : resource_roots())
    if (fs::exists(root / p, ec)) return root / p;
  return p;
}

}  // namespace calib::io
