// `calib input-for`: the JSON record the issue specifies, the exit codes, the list.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "shell.hpp"

namespace {
ShellRun calib(const std::string& args, bool keep_stderr = false) {
  return run_shell(std::string(CALIB_CLI) + " " + args + (keep_stderr ? " 2>&1" : " 2>/dev/null"));
}
}  // namespace

TEST(CliInputFor, JsonRecordHasTheIssueKeys) {
  const ShellRun r = calib("input-for lammps --e 0.5 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"code", "law", "version", "clamp", "target_e", "e_if_typed",
                          "input_value", "snippet", "t_contact_input", "assumptions", "source"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["version"], "20220106");  // the Debian 12 version by default
  EXPECT_EQ(j["clamp"], false);         // limit_damping is off by default
  // The 2022 polynomial: typing 0.5 gives 0.61608 (closed form, tests/codes).
  EXPECT_NEAR(j["e_if_typed"].get<double>(), 0.6160760312, 1e-9);
  EXPECT_EQ(j["units"]["t_contact_input"], "s");
  EXPECT_FALSE(j["units"].contains("input_value"));  // the Tsuji coefficient is dimensionless
  EXPECT_NE(j["snippet"].get<std::string>().find("damping tsuji"), std::string::npos);
}

TEST(CliInputFor, SpeedDependentLawsPrintTheScan) {
  const ShellRun r = calib("input-for chrono --model flores --e 0.5 --v 2 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["speed_scan"].size(), 9u);
  EXPECT_NEAR(j["speed_scan"][4]["v"].get<double>(), 2.0, 1e-12);
  EXPECT_NEAR(j["speed_scan"][4]["e_with_input"].get<double>(), 0.5, 1e-9);
}

TEST(CliInputFor, UnreachableTargetExitsOneAndBadInputTwo) {
  // LIGGGHTS accepts coefficientRestitution in (0.05, 1]; with limitForce that reaches 0.2137.
  const ShellRun u = calib("input-for liggghts --e 0.1 --clamp on", true);
  EXPECT_EQ(u.code, 1);
  EXPECT_NE(u.out.find("(0.05, 1]"), std::string::npos) << u.out;  // the accepted range
  EXPECT_NE(u.out.find("[0.2137, 1]"), std::string::npos) << u.out;  // the reachable range
  EXPECT_EQ(calib("input-for lammps --e 0.5 --code-version 1Jan2020").code, 2);  // before 20220106
  EXPECT_EQ(calib("input-for lammps --e 1.5").code, 2);
  EXPECT_EQ(calib("input-for nosuchcode --e 0.5").code, 2);
  EXPECT_EQ(calib("input-for chrono --e 0.5 --clamp off").code, 2);  // core always clamps
}

TEST(CliInputFor, ListNamesEveryCode) {
  const ShellRun r = calib("input-for --list --format json");
  ASSERT_EQ(r.code, 0);
  const auto j = nlohmann::json::parse(r.out);
  std::string codes;
  for (const auto& law : j) codes += law["code"].get<std::string>() + " ";
  for (const char* code : {"lammps", "liggghts", "chrono", "yade", "mercurydpm", "mfix", "kratos",
                           "exudyn", "simbody", "mbdyn", "mujoco"})
    EXPECT_NE(codes.find(code), std::string::npos) << code;
}

TEST(CliInputFor, FormatOffersOnlyWhatItPrints) {
  // input-for prints a text page or JSON: --help lists those two, and csv is refused by the
  // option itself (exit 2, naming the choices) rather than offered and refused later.
  const ShellRun help = calib("input-for --help");
  ASSERT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("text|json"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("csv"), std::string::npos) << help.out;
  const ShellRun csv = calib("input-for lammps --e 0.5 --format csv", true);
  EXPECT_EQ(csv.code, 2);
  EXPECT_NE(csv.out.find("must be one of text|json"), std::string::npos) << csv.out;
}
