// The study registry (studies/study.hpp): every study is found under one name in four places
// that agree — configs/<stem>.toml, libcalib/include/calib/studies/<stem>.hpp,
// `calib <name>`, tests/studies/<stem>_test.cpp — plus its plot script when it has figures.
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/studies/module.hpp"
#include "calib/studies/study.hpp"
#include "calib/studies/validate.hpp"
#include "../test_support.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {
std::string kebab(std::string_view stem) {
  std::string s(stem);
  for (char& c : s)
    if (c == '_') c = '-';
  return s;
}
}  // namespace

TEST(Registry, FourPlacesAgreeForEveryStudy) {
  const fs::path src(CALIB_SOURCE_DIR);
  std::set<std::string_view> names, stems;
  for (const auto& s : studies::registry()) {
    SCOPED_TRACE(std::string(s.name));
    EXPECT_TRUE(names.insert(s.name).second);
    EXPECT_TRUE(stems.insert(s.stem).second);
    EXPECT_EQ(kebab(s.stem), s.name) << "the CLI name is the stem with '-' for '_'";
    EXPECT_TRUE(fs::exists(src / "configs" / (std::string(s.stem) + ".toml")));
    EXPECT_TRUE(
        fs::exists(src / "libcalib/include/calib/studies" / (std::string(s.stem) + ".hpp")));
    EXPECT_TRUE(fs::is_directory(src / "libcalib/src/studies" / s.stem));
    EXPECT_TRUE(fs::exists(src / "tests/studies" / (std::string(s.stem) + "_test.cpp")));
    if (s.figure_data) {
      EXPECT_TRUE(fs::exists(src / "tools/plot" / (std::string(s.stem) + ".gp")));
    }
    EXPECT_NE(s.run_with, nullptr);
    EXPECT_NE(s.report_section, nullptr);
    EXPECT_FALSE(s.title.empty() || s.source.empty() || s.description.empty());
    // `calib <name> --help` exists and names the study's default config.
    const std::string cmd =
        std::string(CALIB_CLI) + " " + std::string(s.name) + " --help > /dev/null 2>&1";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
}

TEST(Registry, EveryStudyFolderIsRegistered) {
  // The converse: no study folder, config or test that the registry does not know.
  const fs::path src(CALIB_SOURCE_DIR);
  for (const auto& e : fs::directory_iterator(src / "libcalib/src/studies"))
    if (e.is_directory()) {
      EXPECT_NO_THROW(studies::find(e.path().filename().string())) << e.path();
    }
  for (const auto& e : fs::directory_iterator(src / "tests/studies")) {
    const std::string f = e.path().filename().string();
    if (f == "registry_test.cpp") continue;
    if (e.is_directory()) {  // tests/studies/<stem>/: the tests of a study's parts
      EXPECT_NO_THROW(studies::find(f)) << f;
      continue;
    }
    EXPECT_NO_THROW(studies::find(f.substr(0, f.size() - std::string("_test.cpp").size()))) << f;
  }
  EXPECT_THROW(studies::find("no-such-study"), InputError);
}

// The contract is checked at compile time (make_study requires StudyModule): a module without
// write() or with a write() of the old six-parameter shape is not a study.
namespace {
struct NoWrite {
  using Config = studies::validate::Config;
  using Result = studies::validate::Result;
  static constexpr auto run = studies::validate::run;
  static constexpr auto summary = studies::validate::report;
  static constexpr auto report_section = studies::validate::report_section;
};
struct OldWrite : NoWrite {
  static void write(const Result&, const Config&, const fs::path&, int, const std::string&,
                    double) {}
};
}  // namespace
static_assert(studies::StudyModule<studies::validate::Module>);
static_assert(studies::HasOverrides<studies::validate::Module>);
static_assert(!studies::StudyModule<NoWrite>);
static_assert(!studies::StudyModule<OldWrite>);

// Typed overrides reach only their own study: validate's settings given to rms-table are refused
// (InputError naming the study) before anything is written.
TEST(Registry, OverridesOfAnotherStudyAreRefusedBeforeAnyOutput) {
  const fs::path out = calib_test::fresh_dir("calib_registry_", "overrides") / "rms";
  studies::validate::Overrides o;
  o.samples = 5;
  const std::string why = calib_test::input_error_of([&] {
    studies::find("rms-table").run(
        {fs::path(CALIB_SOURCE_DIR) / "configs/rms_table.toml", out, {1, false}, o});
  });
  EXPECT_NE(why.find("rms-table: these overrides belong to another study"), std::string::npos)
      << why;
  EXPECT_FALSE(fs::exists(out));
}
