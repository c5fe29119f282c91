// The calib CLI: exit codes and machine-readable output.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "shell.hpp"

namespace {

using CliRun = ShellRun;

CliRun run_in(const std::string& dir, const std::string& args, bool keep_stderr = false) {
  return run_shell("cd '" + dir + "' && " + std::string(CALIB_CLI) + " " + args +
                   (keep_stderr ? " 2>&1" : " 2>/dev/null"));
}

CliRun run(const std::string& args) { return run_in(".", args); }

}  // namespace

TEST(Cli, BadInputExitsTwo) {
  EXPECT_EQ(run("impact --e 1.5 --m 2 --k 1e7 --v 0.3").code, 2);
  EXPECT_EQ(run("impact --n 2.5 --m 2 --k 1e7 --v 0.3").code, 2);
  EXPECT_EQ(run("calibrate --e 0.5 --m -1 --k 1e7 --v 0.3").code, 2);
  EXPECT_EQ(run("impact --e 0.5 --m -1 --k 1e7 --v 0.3").code, 2);
  EXPECT_EQ(run("impact --model no-such --m 2 --k 1e7 --v 0.3").code, 2);
  EXPECT_EQ(run("rms-table --config /nonexistent.toml").code, 2);
  EXPECT_EQ(run("--no-such-flag").code, 2);
}

TEST(Cli, HelpAndVersion) {
  EXPECT_EQ(run("--help").code, 0);
  EXPECT_EQ(run("impact --help").code, 0);
  EXPECT_NE(run("--version").out.find("calib "), std::string::npos);
}

TEST(Cli, CalibrateJsonKeys) {
  // Plain vocabulary names with a "units" object (docs/outputs.md); a quantity is never reported
  // under another's name (`c` holds c alone, not χ for Tsuji laws or δ_p for indentation).
  const CliRun r = run("calibrate --model linear-damper --e 0.5 --n 1 --m 2 --k 1e7 --v 0.3 --format json");
  ASSERT_EQ(r.code, 0);
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"e", "n", "m", "k", "v", "zeta", "c", "e_out"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["units"]["c"], "N*s/m");
  EXPECT_EQ(j["units"]["k"], "N/m^n");
  EXPECT_FALSE(j["units"].contains("zeta"));  // dimensionless: no unit listed
  EXPECT_NEAR(j["e_out"].get<double>(), 0.5, 1e-10);
  // Given none of m, k, v: the same ζ*, dimensionless keys only (ζ* does not depend on them).
  const auto bare = nlohmann::json::parse(run("calibrate --model linear-damper --e 0.5 --n 1 --format json").out);
  EXPECT_EQ(bare["zeta"], j["zeta"]);
  for (const char* key : {"m", "k", "v", "c"}) EXPECT_FALSE(bare.contains(key)) << key;
  const auto tsuji = nlohmann::json::parse(run("calibrate --model tsuji --e 0.5 --format json --m 2 --k 1e7 --v 0.3").out);
  EXPECT_TRUE(tsuji.contains("chi"));
  EXPECT_FALSE(tsuji.contains("c[N*s/m]") || tsuji.contains("c"));
  const auto ind = nlohmann::json::parse(
      run("calibrate --model lankarani-nikravesh-1994 --e 0.5 --m 2 --k 1e8 --v 0.5 --format json").out);
  EXPECT_TRUE(ind.contains("delta_p"));
  EXPECT_EQ(ind["units"]["delta_p"], "m");
  EXPECT_FALSE(ind.contains("c[N*s/m]") || ind.contains("c"));
  const CliRun i = run("impact --model gonthier --e 0.3 --n 1.5 --format json --m 2 --k 1e7 --v 0.3");
  const auto k = nlohmann::json::parse(i.out);
  for (const char* key : {"h", "C", "e_out", "delta_max", "t_contact", "peak_force", "delta_sep",
                          "status"})
    EXPECT_TRUE(k.contains(key)) << key;
  EXPECT_NEAR(k["e_out"].get<double>(), 0.3, 1e-8);
  EXPECT_EQ(k["units"]["C"], "N*s/m^(n+1)");
  // The CSV form has the same names, with their units.
  const std::string csv = run("impact --model gonthier --e 0.3 --format csv --m 2 --k 1e7 --v 0.3").out;
  EXPECT_NE(csv.find("delta_max[m],t_contact[s],peak_force[N]"), std::string::npos) << csv;
}

TEST(Cli, StudyCommandsRejectBadInputWithExitTwo) {
  const std::string src = CALIB_SOURCE_DIR;
  EXPECT_EQ(run("copt --e 1.5 --m 2 --k 1e7 --v 0.3").code, 2);
  EXPECT_EQ(run("copt --e 0.5 --m 0 --k 1e7 --v 0.3").code, 2);
  EXPECT_EQ(run("copt --method hunt-crossley --m 2 --k 1e7 --v 0.3").code, 2);  // not a linear-damper formula
  // ν in (−1, 0.5] at every door (core/units): 0.5, incompressible, is accepted; 0.51 is not.
  EXPECT_EQ(run("kn-fit --model johnson --E 207GPa --nu 0.51 --dR 5mm").code, 2);
  EXPECT_EQ(run("kn-fit --model johnson --E 207GPa --nu 0.3 --dR 5parsec").code, 2);
  EXPECT_EQ(run("kn-fit --model no-such --E 1 --nu 0.3 --dR 1").code, 2);
  EXPECT_EQ(run("effective-mass --system /nonexistent.toml").code, 2);
  EXPECT_EQ(run("effective-mass --system " + src +
                "/configs/effmass/np_example4_slider_crank.toml --sweep crank.z=0:1:3")
                .code,
            2);
  EXPECT_EQ(run("plot no-such-study").code, 2);
  EXPECT_EQ(run("report --results /nonexistent --out /tmp/calib_cli_report").code, 2);
  EXPECT_EQ(run("validate --formula no-such --config " + src +
                "/configs/validate.toml --out /tmp/calib_cli_val")
                .code,
            2);
}

TEST(Cli, SingleFitsAndEffectiveMassPrintJson) {
  const std::string src = CALIB_SOURCE_DIR;
  const auto copt = nlohmann::json::parse(
      run("copt --e 0.7 --n 1.5 --m 2 --k 1e7 --v 0.3 --method exact --format json").out);
  EXPECT_NEAR(copt["e_out"].get<double>(), 0.7,
              1e-8);  // the table's promise, checked by an ODE solve
  const auto kn = nlohmann::json::parse(
      run("kn-fit --model johnson --material steel --dR 5mm --format json").out);
  for (const char* key : {"K", "n", "max_err", "K_se", "n_se"})
    EXPECT_TRUE(kn.contains(key)) << key;
  EXPECT_NEAR(kn["n"].get<double>(), 1.133, 5e-4);  // PINSLOT Table 4, ΔR = 5 mm
  // SI units in the record: E* = E/(2(1 − ν²)) of two steel bodies (E 207 GPa, ν 0.3, the
  // materials table) = 1.13736e11 Pa; ΔR 5 mm = 5e-3 m; K per unit length in N/m^(n+1).
  EXPECT_NEAR(kn["E_star"].get<double>(), 207e9 / (2 * (1 - 0.3 * 0.3)), 1e-9 * 1.14e11);
  EXPECT_NEAR(kn["dR"].get<double>(), 5e-3, 1e-15);
  EXPECT_EQ(kn["units"]["E_star"], "Pa");
  EXPECT_EQ(kn["units"]["K"], "N/m^(n+1)");
  // PINSLOT Table 4 (Johnson, steel, ΔR 5 mm) in the paper's N and mm: K = 75300, within 1 %;
  // in SI K_SI = K · 10^(3(n+1)).
  const double n = kn["n"].get<double>();
  EXPECT_NEAR(kn["K"].get<double>() / std::pow(10.0, 3.0 * (n + 1.0)), 75300.0, 0.01 * 75300.0);
  EXPECT_FALSE(kn.contains("K_force"));  // only with --length
  const auto kl = nlohmann::json::parse(
      run("kn-fit --model johnson --material steel --dR 5mm --length 20mm --format json").out);
  EXPECT_NEAR(kl["K_force"].get<double>(), 0.02 * kl["K"].get<double>(),
              1e-12 * kl["K_force"].get<double>());  // F = K L δⁿ, L = 20 mm = 0.02 m
  const auto em =
      nlohmann::json::parse(run("effective-mass --system " + src +
                                "/configs/effmass/np_example4_slider_crank.toml --format json")
                                .out);
  for (const char* key : {"m_eff", "m_app_i", "m_app_j", "status"})
    EXPECT_TRUE(em.contains(key)) << key;
  EXPECT_NEAR(em["m_eff"].get<double>(), 0.8015, 5e-5);  // NP Example 4
  EXPECT_EQ(em["units"]["m_eff"], "kg");
}

TEST(Cli, StudiesRunFromAnyDirectoryWithTheirDefaultConfig) {
  // A study run from another directory finds its default config (io::resolve_config_path).
  const std::string dir = "/tmp/calib_cli_anywhere";
  std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str());
  const CliRun r = run_in(dir, "effective-mass");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("0.4527"), std::string::npos) << r.out;  // NP Example 3
  EXPECT_EQ(std::system(("test -f " + dir + "/results/effective_mass/examples.csv").c_str()), 0);
  // --quiet: nothing printed (no summary table), the same files written, exit 0.
  std::system(("rm -rf " + dir + "/results").c_str());
  const CliRun quiet = run_in(dir, "effective-mass --quiet");
  EXPECT_EQ(quiet.code, 0);
  EXPECT_EQ(quiet.out, "");
  EXPECT_EQ(std::system(("test -f " + dir + "/results/effective_mass/examples.csv").c_str()), 0);
  const CliRun fit = run_in(dir, "kn-fit --quiet --model johnson --material steel --dR 5mm");
  EXPECT_EQ(fit.code, 0);
  EXPECT_EQ(fit.out, "");
  EXPECT_EQ(run_in(dir, "kn-fit --model johnson --material steel --dR 5mm --format json").code,
            0);  // materials.csv
}

TEST(Cli, CalibrateHonoursItsOdeTolerances) {
  const auto loose = nlohmann::json::parse(run("calibrate --model linear-damper --e 0.5 --n 1.5 "
                                               "--rel-tol 1e-6 --abs-tol 1e-8 --format json")
                                               .out);
  const auto tight = nlohmann::json::parse(
      run("calibrate --model linear-damper --e 0.5 --n 1.5 --format json").out);
  EXPECT_EQ(loose["rel_tol"].get<double>(), 1e-6);
  EXPECT_EQ(loose["abs_tol"].get<double>(), 1e-8);
  EXPECT_EQ(tight["rel_tol"].get<double>(), 1e-12);  // the calibration default
  // Different ODE tolerances give (slightly) different roots: the flags reach the solver.
  EXPECT_NE(loose["zeta"].get<double>(), tight["zeta"].get<double>());
  EXPECT_NEAR(loose["zeta"].get<double>(), tight["zeta"].get<double>(), 1e-4);
  EXPECT_EQ(run("calibrate --model linear-damper --e 0.5 --rel-tol -1").code, 2);
}

TEST(Cli, StudyProgressBarIsShownWhenAsked) {
  const std::string dir = "/tmp/calib_cli_progress";
  const CliRun r = run_in("/tmp",
                          "damping-fit --progress --config " + std::string(CALIB_SOURCE_DIR) +
                              "/tests/cli/small_damping_fit.toml --out " + dir,
                          true);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("] "), std::string::npos) << r.out;  // "[#####....] done/total rate ETA"
  EXPECT_NE(r.out.find("/s ETA"), std::string::npos) << r.out;
}

TEST(Cli, SweepHelpNamesNoMissingDefault) {
  const CliRun r = run("sweep --help");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.find("sweep_example"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("output CSV"), std::string::npos) << r.out;
  EXPECT_EQ(run("sweep").code, 2);  // --config is required
}

TEST(Cli, CtrlCStopsAStudyWithExit130AndNoResults) {
  // Studies run on the sweep engine: SIGINT ends them at the next block (exit 130), and the
  // results folder gets no (half-written) result file.
  const std::string out = "/tmp/calib_cli_sigint";
  std::system(("rm -rf " + out).c_str());
  const std::string cmd = std::string(CALIB_CLI) + " validate --quiet --out " + out +
                          " > /dev/null 2>&1 & pid=$!; sleep 1; kill -INT $pid; wait $pid; exit $?";
  const int status = std::system(("bash -c '" + cmd + "'").c_str());
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_NE(std::system(("test -e " + out + "/validation.csv").c_str()), 0);
}

TEST(Cli, SweepCalibrateWithoutVerifyAnswersFromTheCertifiedTable) {
  // [solver] verify = false answers the clamped linear damper from the exact table
  // (ExactDamping::kCertifiedRelErr = 1e-10 in e): no solve, e_out blank, solves 0. Its ζ equals
  // the verified (ODE-checked) ζ to ≤ 1e-9 relative: both give e within 1e-10 and |d ln e/d ln ζ|
  // ≥ 0.5 on this grid, so |Δζ|/ζ ≤ 2·(1e-10 + 1e-10)/0.5 < 1e-9.
  const std::string dir = std::string(::testing::TempDir()) + "calib_verify";
  std::system(("mkdir -p '" + dir + "'").c_str());
  const std::string head = "kernel = \"calibrate\"\nmodel = \"linear-damper\"\n[fixed]\nm = 2.0\nk = 1e7\n"
                           "v = 0.5\n[space]\nn = { values = [1.0, 1.37, 2.0] }\n"
                           "e = { values = [0.001, 0.3, 0.7, 0.99] }\n";
  for (const char* name : {"verified", "table"}) {
    FILE* f = std::fopen((dir + "/" + name + ".toml").c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs((head + (std::string(name) == "table" ? "[solver]\nverify = false\n" : "")).c_str(), f);
    std::fclose(f);
    ASSERT_EQ(run_in(dir, std::string("sweep --quiet --config ") + name + ".toml --out " + name + ".csv").code, 0);
  }
  auto rows = [&](const char* name) {  // point,e,n,zeta,c[N*s/m],e_out,solves,status
    std::vector<std::vector<std::string>> out;
    FILE* f = std::fopen((dir + "/" + name + ".csv").c_str(), "r");
    char line[512];
    bool header = true;
    while (f && std::fgets(line, sizeof line, f)) {
      if (line[0] == '#') continue;
      if (header) {
        EXPECT_STREQ(line, "point,e,n,zeta,c[N*s/m],e_out,solves,status\n");
        header = false;
        continue;
      }
      std::vector<std::string> cells;
      std::string s(line), cell;
      for (char ch : s) {
        if (ch == ',' || ch == '\n') cells.push_back(cell), cell.clear();
        else cell += ch;
      }
      out.push_back(cells);
    }
    if (f) std::fclose(f);
    return out;
  };
  const auto verified = rows("verified"), table = rows("table");
  ASSERT_EQ(verified.size(), 12u);
  ASSERT_EQ(table.size(), 12u);
  for (std::size_t i = 0; i < 12; ++i) {
    ASSERT_EQ(table[i].size(), 8u);
    EXPECT_EQ(table[i][5], "") << i;   // e_out not solved
    EXPECT_EQ(table[i][6], "0") << i;  // no solve
    EXPECT_EQ(table[i][7], verified[i][7]) << i;  // both ok
    EXPECT_GE(std::stoi(verified[i][6]), 1) << i;
    EXPECT_NEAR(std::stod(table[i][3]) / std::stod(verified[i][3]), 1.0, 1e-9) << i;
  }
}

TEST(Cli, ParseErrorsSpeakInCalibsVoiceAndSuggest) {
  // CLI11's own sentences ("Could not convert: ...", "Run with --help") are restated as calib's
  // other errors are: the command, what is wrong, the nearest known name for a typo.
  const CliRun typo = run_in(".", "impact --e 0.5 --m 1 --k 1e7 --v 1 --modle x", true);
  EXPECT_EQ(typo.code, 2);
  EXPECT_EQ(typo.out,
            "calib impact: error: unknown option --modle (did you mean '--model'?); unexpected "
            "argument 'x' (see `calib impact --help`)\n");
  const CliRun number = run_in(".", "impact --e abc --m 1 --k 1e7 --v 1", true);
  EXPECT_EQ(number.code, 2);
  EXPECT_EQ(number.out, "calib impact: error: --e: 'abc' is not a number (see `calib impact --help`)\n");
  const CliRun command = run_in(".", "imapct --e 0.5", true);
  EXPECT_EQ(command.code, 2);
  EXPECT_NE(command.out.find("unknown command 'imapct' (did you mean 'impact'?)"), std::string::npos)
      << command.out;
  // `calib --help` lists the commands by task.
  const CliRun help = run("--help");
  EXPECT_NE(help.out.find("Inputs for DEM and MBS codes:\n  input-for"), std::string::npos) << help.out;
  EXPECT_EQ(help.out.find("Subcommands:"), std::string::npos) << "a command without a group";
}
