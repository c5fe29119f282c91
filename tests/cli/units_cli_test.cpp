// One unit rule on the command line (core/units): a bare number is SI and a unit suffix is
// accepted, so 207e9, 207GPa and 207000MPa (BIPM SI prefixes: exact powers of ten) are the same
// Young's modulus and give the same K to the last digit; 207 is 207 Pa, refused naming --E.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "shell.hpp"

namespace {
ShellRun calib_run(const std::string& args) {
  return run_shell(std::string(CALIB_CLI) + " " + args + " 2>&1");
}
const std::string kFit = "kn-fit --model johnson --nu 0.3 --dR 5mm --format json --E ";
}  // namespace

TEST(UnitsCli, KnFitEIsTheSameQuantityInEverySpelling) {
  const auto K = [](const std::string& E) {
    const ShellRun r = calib_run(kFit + E);
    EXPECT_EQ(r.code, 0) << r.out;
    return nlohmann::json::parse(r.out)["K"].get<double>();
  };
  const double reference = K("207e9");
  EXPECT_EQ(K("207GPa"), reference);
  EXPECT_EQ(K("207000MPa"), reference);
  EXPECT_EQ(K("'207 GPa'"), reference);
}

TEST(UnitsCli, ABareMPaNumberIsRefusedNamingTheFlagAndTheRange) {
  const ShellRun r = calib_run(kFit + "207");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("--E: '207' = 207 Pa is outside the accepted range of a Young's modulus, "
                       "[1000, 1e+13] Pa"),
            std::string::npos)
      << r.out;
  const ShellRun wrong = calib_run("input-for lammps --e 0.5 --radius 70GPa");
  EXPECT_EQ(wrong.code, 2) << wrong.out;
  EXPECT_NE(wrong.out.find("--radius: '70GPa' is a Young's modulus (Pa), not a length (m)"),
            std::string::npos)
      << wrong.out;
}
