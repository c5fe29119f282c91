#pragma once
// What the tests of every layer share: a fresh scratch folder per test (ctest runs tests in
// parallel, so each names its own), whole-file read and write, and an InputError's message.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "calib/core/error.hpp"

namespace calib_test {

// An empty folder <temp>/<prefix><name>, removed first if a previous run left it.
inline std::filesystem::path fresh_dir(const std::string& prefix, const std::string& name) {
  const std::filesystem::path d = std::filesystem::temp_directory_path() / (prefix + name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void put(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// The InputError message of `f`, or "" when it does not throw one.
template <class F>
std::string input_error_of(F&& f) {
  try {
    f();
  } catch (const calib::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace calib_test
