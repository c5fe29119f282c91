// The calib CLI: exit codes and machine-readable output (issues #2, #3).
#include <cstdlib>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

struct CliRun {
  int code;
  std::string out;
};

CliRun run(const std::string& args) {
  const std::string cmd = std::string(CALIB_CLI) + " " + args + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int status = pclose(p);
  return {WEXITSTATUS(status), out};
}

}  // namespace

TEST(Cli, BadInputExitsTwo) {
  EXPECT_EQ(run("impact --e 1.5").code, 2);
  EXPECT_EQ(run("impact --n 2.5").code, 2);
  EXPECT_EQ(run("calibrate --m -1").code, 2);
  EXPECT_EQ(run("impact --m -1").code, 2);
  EXPECT_EQ(run("impact --model no-such").code, 2);
  EXPECT_EQ(run("rms-table --config /nonexistent.toml").code, 2);
  EXPECT_EQ(run("--no-such-flag").code, 2);
}

TEST(Cli, HelpAndVersion) {
  EXPECT_EQ(run("--help").code, 0);
  EXPECT_EQ(run("impact --help").code, 0);
  EXPECT_NE(run("--version").out.find("calib "), std::string::npos);
}

TEST(Cli, CalibrateJsonKeys) {
  const CliRun r = run("calibrate --model linear-damper --e 0.5 --n 1 --format json");
  ASSERT_EQ(r.code, 0);
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"e", "n", "zeta", "h", "c", "e_out"}) EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_NEAR(j["e_out"].get<double>(), 0.5, 1e-10);
  const CliRun i = run("impact --model gonthier --e 0.3 --n 1.5 --format json");
  const auto k = nlohmann::json::parse(i.out);
  for (const char* key : {"e_out", "delta_max", "t_contact", "f_max", "delta_sep", "status"})
    EXPECT_TRUE(k.contains(key)) << key;
  EXPECT_NEAR(k["e_out"].get<double>(), 0.3, 1e-8);
}
