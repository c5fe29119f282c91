// Every study is registered by one loop from its registry row (studies/study.hpp,
// studies/options.hpp): its subcommand offers the row's extra options, its modes answer, and the
// CLI's sources name no study.
#include <filesystem>
#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "calib/studies/study.hpp"
#include "shell.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {
ShellRun calib_cli(const std::string& args) {
  return run_shell(std::string(CALIB_CLI) + " " + args + " 2>&1");
}
// `flag` as a whole option in `help` (not a prefix of a longer one: --E vs --E2).
bool offers(const std::string& help, std::string_view flag) {
  return std::regex_search(help, std::regex(std::string(flag) + "(?![A-Za-z0-9_-])"));
}
}  // namespace

// The help of `calib <name>` lists the shared flags and every option of the row: 8 studies,
// with validate's 3 run options, kn-fit's 21 and effective-mass's 3 mode options (one retired).
TEST(StudyRegistration, EverySubcommandOffersItsRowsOptions) {
  int extra = 0;
  for (const studies::Study& s : studies::registry()) {
    SCOPED_TRACE(std::string(s.name));
    const ShellRun help = calib_cli(std::string(s.name) + " --help");
    ASSERT_EQ(help.code, 0) << help.out;
    for (const char* shared : {"--config", "--out", "--threads", "--quiet", "--progress"})
      EXPECT_TRUE(offers(help.out, shared)) << shared;
    for (const auto* list : {&s.options.run, &s.options.mode})
      for (const studies::OptionSpec& o : *list) {
        // A retired spelling is hidden from the help (and refused when given).
        EXPECT_EQ(offers(help.out, o.flag), o.replaced_by.empty()) << o.flag;
        ++extra;
      }
    EXPECT_EQ(offers(help.out, "--format"), !s.options.modes.empty());
  }
  EXPECT_EQ(extra, 3 + 21 + 3);
}

// The CLI's sources hold no study name or stem in a string literal (no `if (name ==
// "kn-fit")`): a path such as "configs/systems/" is not a name.
TEST(StudyRegistration, TheCliNamesNoStudy) {
  const std::regex literal(R"("([^"\\]|\\.)*")");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(CALIB_SOURCE_DIR) / "tools/calib")) {
    const std::string text = calib_test::slurp(entry.path());
    ++files;
    for (std::sregex_iterator it(text.begin(), text.end(), literal), end; it != end; ++it) {
      const std::string lit = it->str();
      for (const studies::Study& s : studies::registry())
        for (std::string_view name : {s.name, s.stem}) {
          const std::regex word("(^|[^A-Za-z0-9_/.-])" + std::string(name) +
                                "($|[^A-Za-z0-9_/.-])");
          EXPECT_FALSE(std::regex_search(lit.substr(1, lit.size() - 2), word))
              << entry.path().filename() << ": " << lit;
        }
    }
  }
  EXPECT_GE(files, 10);  // the check read the CLI's sources
}

// A mode option without its mode is refused naming the option and what it needs (exit 2); a
// retired spelling names its replacement.
TEST(StudyRegistration, ModeOptionsNeedTheirModeAndRetiredSpellingsNameTheNewOne) {
  ShellRun r = calib_cli("effective-mass --sweep crank.angle=0:90:3");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("--sweep applies to one system: give --system FILE"), std::string::npos)
      << r.out;
  r = calib_cli(
      "effective-mass --system configs/effmass/np_example4_slider_crank.toml --sweep "
      "crank.angle=0:90:3 --csv x.csv");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("--csv is now --out"), std::string::npos) << r.out;
  r = calib_cli("kn-fit --model johnson --material steel --dR 5mm --threads 2");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("--threads applies to the study run, not to --model"), std::string::npos)
      << r.out;
}

// effective-mass --system resolves a shipped relative path from any folder (as simulate does),
// and --out writes the sweep with its sidecar: 3 points, 3 rows recorded.
TEST(StudyRegistration, EffectiveMassSystemFromAnywhereWritesItsSweepToOut) {
  const fs::path d = calib_test::fresh_dir("calib_registration_", "em");
  const ShellRun r =
      run_shell("cd " + d.string() + " && " + CALIB_CLI +
                " effective-mass --system configs/effmass/np_example4_slider_crank.toml"
                " --sweep crank.angle=0:90:3 --out sweep.csv 2>&1");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("3 points written to sweep.csv"), std::string::npos) << r.out;
  const std::string meta = calib_test::slurp(d / "sweep.csv.meta.json");
  EXPECT_NE(meta.find("\"rows\": 3"), std::string::npos) << meta;
}

// `calib report` finds a results folder spelled as the command (rms-table/) and, when it finds
// none, names the layout it wants.
TEST(StudyRegistration, ReportAcceptsTheCommandSpellingAndNamesTheLayout) {
  const fs::path d = calib_test::fresh_dir("calib_registration_", "report");
  ShellRun r = calib_cli("report --results " + (d / "empty").string() + " --out " +
                         (d / "r").string() + " --no-plots");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("rms_table/ or rms-table/"), std::string::npos) << r.out;
  r = calib_cli("simulator-inputs --quiet --out " + (d / "results/simulator-inputs").string());
  ASSERT_EQ(r.code, 0) << r.out;
  r = calib_cli("report --results " + (d / "results").string() + " --out " + (d / "r").string() +
                " --no-plots");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("report: 1 studies"), std::string::npos) << r.out;
}
