// One unit rule on the command line (core/units): a bare number is SI and a unit suffix is
// accepted, so 207e9, 207GPa and 207000MPa (BIPM SI prefixes: exact powers of ten) are the same
// Young's modulus and give the same K to the last digit; 207 is 207 Pa, refused naming --E.
#include <cstdio>
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

// --K's unit N/m^n is read at the --n given, wherever --n stands on the line: 1e6 kN/m^1.2 is
// 1e9 N/m^1.2 (k = 1e3), and the same text at n = 1.5 is refused as a stiffness of another n.
TEST(UnitsCli, FitImpactKIsReadAtTheGivenN) {
  const std::string base = "fit-impact --data " + std::string(CALIB_SOURCE_DIR) +
                           "/datasets/samples/restitution_linear_damper.csv --law linear-damper "
                           "--m 10g --format json ";
  const ShellRun a = calib_run(base + "--K 1e6kN/m^1.2 --n 1.2");
  const ShellRun b = calib_run(base + "--n 1.2 --K 1e9");
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("\"value\": 1000000000.0"), std::string::npos) << a.out;
  const ShellRun wrong = calib_run(base + "--K 1e6kN/m^1.2");
  EXPECT_EQ(wrong.code, 2) << wrong.out;
  EXPECT_NE(wrong.out.find("--K: '1e6kN/m^1.2' is "), std::string::npos) << wrong.out;
}

// A slot region's kn_model keys are the file's quantities: E = 207 is refused naming the file
// key (not a command-line flag), and ν = 0.5 (incompressible) is in every door's (−1, 0.5].
TEST(UnitsCli, ASlotRegionsEAndNuAreFileQuantities) {
  const std::string yoke = std::string(CALIB_SOURCE_DIR) + "/configs/systems/scotch_yoke.toml";
  const std::string file = ::testing::TempDir() + "units_cli_yoke.toml";
  const auto simulate_with = [&](const std::string& sed) {
    run_shell("sed '" + sed + "' " + yoke + " > " + file);
    return calib_run("simulate --t-end 1ms --system " + file);
  };
  const ShellRun e = simulate_with("s/^E = .*/E = 207/");
  EXPECT_EQ(e.code, 2) << e.out;
  EXPECT_NE(e.out.find("joint[3].inner.E: '207' = 207 Pa is outside the accepted range"),
            std::string::npos)
      << e.out;
  EXPECT_EQ(e.out.find("--E"), std::string::npos) << e.out;
  EXPECT_EQ(simulate_with("s/^nu = .*/nu = 0.5/").code, 0);
  std::remove(file.c_str());
}

// A sweep's [fixed] m, k and v are quantities: 2.5 g, 1e4 kN/m^1.5 and 30 cm/s are the doubles
// 0.0025, 1e7 and 0.3 (one exact prefix operation each), so the two CSVs are byte-identical. With
// n a [space] axis, k's unit would change from point to point: a k with a unit is refused.
TEST(UnitsCli, ASweepsFixedQuantitiesTakeUnits) {
  const std::string dir = ::testing::TempDir();
  const auto sweep = [&](const std::string& name, const std::string& fixed,
                         const std::string& space) {
    run_shell("printf 'kernel = \"impact\"\\nmodel = \"gonthier\"\\n[fixed]\\n" + fixed +
              "[space]\\n" + space + "\\n' > " + dir + name + ".toml; rm -f " + dir + name +
              ".csv " + dir + name + ".csv.*");
    return calib_run("sweep --quiet --config " + dir + name + ".toml --out " + dir + name +
                     ".csv");
  };
  const std::string e = "e = { values = [0.5, 0.7] }";
  EXPECT_EQ(sweep("units", "m = \"2.5g\"\\nk = \"1e4kN/m^1.5\"\\nv = \"30cm/s\"\\n", e).code, 0);
  EXPECT_EQ(sweep("si", "m = 0.0025\\nk = 1e7\\nv = 0.3\\n", e).code, 0);
  EXPECT_EQ(run_shell("cmp " + dir + "units.csv " + dir + "si.csv").code, 0);
  const ShellRun axis = sweep("axis", "k = \"1e4kN/m^1.5\"\\ne = 0.5\\n",
                              "n = { values = [1.5, 1.2] }");
  EXPECT_EQ(axis.code, 2) << axis.out;
  EXPECT_NE(axis.out.find("fixed.k: expected a number, got \"1e4kN/m^1.5\" (n is a [space] axis"),
            std::string::npos)
      << axis.out;
}

// On a [space] axis too: 2.5 g, 300 g and 10 cm/s are one exact prefix operation each from the
// doubles 0.0025, 0.3 and 0.1, so the CSV is the SI config's byte for byte; a velocity given for
// m is refused naming the axis key and the value (exit 2, no CSV).
TEST(UnitsCli, ASweepsAxesTakeUnits) {
  const std::string dir = ::testing::TempDir();
  const auto sweep = [&](const std::string& name, const std::string& space) {
    run_shell("printf 'kernel = \"impact\"\\nmodel = \"gonthier\"\\n[fixed]\\ne = 0.5\\n"
              "k = 1e7\\n[space]\\n" + space + "\\n' > " + dir + name + ".toml; rm -f " + dir +
              name + ".csv " + dir + name + ".csv.*");
    return calib_run("sweep --quiet --config " + dir + name + ".toml --out " + dir + name +
                     ".csv");
  };
  EXPECT_EQ(sweep("axis_units", "m = { values = [\"2.5g\", \"300g\"] }\\nv = { range = { from = "
                                "\"10cm/s\", to = \"30cm/s\", step = \"10cm/s\" } }").code,
            0);
  EXPECT_EQ(sweep("axis_si", "m = { values = [0.0025, 0.3] }\\nv = { range = { from = 0.1, to = "
                             "0.3, step = 0.1 } }").code,
            0);
  EXPECT_EQ(run_shell("cmp " + dir + "axis_units.csv " + dir + "axis_si.csv").code, 0);
  const ShellRun wrong = sweep("axis_wrong", "m = { values = [\"3 m/s\"] }\\nv = { values = [1] }");
  EXPECT_EQ(wrong.code, 2) << wrong.out;
  EXPECT_NE(wrong.out.find("space.m.values[0]: '3 m/s' is a velocity (m/s), not a mass (kg)"),
            std::string::npos)
      << wrong.out;
  EXPECT_NE(run_shell("test -e " + dir + "axis_wrong.csv").code, 0);
}

// effective-mass --sweep over a translation takes lengths as quantities (350mm is 0.35, one exact
// division), an angle stays in degrees; a wrong unit is refused naming the part of --sweep.
TEST(UnitsCli, AnEffectiveMassSweepOverATranslationTakesLengths) {
  const std::string run = "effective-mass --system " + std::string(CALIB_SOURCE_DIR) +
                          "/configs/effmass/np_example4_slider_crank.toml --sweep slider4.x=";
  const ShellRun with_unit = calib_run(run + "0.3:350mm:3");
  EXPECT_EQ(with_unit.code, 0) << with_unit.out;
  EXPECT_EQ(with_unit.out, calib_run(run + "0.3:0.35:3").out);
  const ShellRun wrong = calib_run(run + "0.3:350ms:3");
  EXPECT_EQ(wrong.code, 2) << wrong.out;
  EXPECT_NE(wrong.out.find("--sweep to: '350ms' is a duration (s), not a position (m)"),
            std::string::npos)
      << wrong.out;
}
