// Reliability of the CLI (issue: refuse every bad input, never clobber a file, verify before
// resuming): one test per defect class, through the real `calib` binary and real signals.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "shell.hpp"
#include "../test_support.hpp"

namespace fs = std::filesystem;
using calib_test::slurp;

namespace {

const std::string kData = std::string(CALIB_SOURCE_DIR) + "/tests/cli/data/";

fs::path fresh(const std::string& name) { return calib_test::fresh_dir("calib_reliability_", name); }

// The uninterrupted sweep, computed once.
const std::string& reference() {
  static const std::string text = [] {
    const fs::path d = fresh("reference_" + std::to_string(::getpid()));  // ctest runs tests in parallel
    const ShellRun r = run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + (d / "ref.csv").string());
    EXPECT_EQ(r.code, 0) << r.out;
    return slurp(d / "ref.csv");
  }();
  return text;
}

}  // namespace

TEST(Reliability, SigintThenResumeGivesTheUninterruptedBytesAndStopsWithinASecond) {
  const fs::path d = fresh("sigint");
  const std::string out = (d / "s.csv").string();
  const ShellRun r = run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + out +
                   " & pid=$!; sleep 0.3; t0=$(date +%s%N); kill -INT $pid; wait $pid; rc=$?; "
                   "t1=$(date +%s%N); echo rc=$rc ms=$(( (t1 - t0) / 1000000 ))");
  ASSERT_NE(r.out.find("rc=130"), std::string::npos) << r.out;
  const int ms = std::stoi(r.out.substr(r.out.find("ms=") + 3));
  EXPECT_LT(ms, 1000) << "interrupt latency";  // one point per thread, not a 2048-point block
  EXPECT_FALSE(fs::exists(out));
  ASSERT_TRUE(fs::exists(out + ".partial"));
  EXPECT_EQ(run_calib_script("$CALIB sweep --quiet --resume --config $DATA/resume_sweep.toml --out " + out).code, 0);
  EXPECT_TRUE(slurp(out) == reference()) << "differs from the uninterrupted sweep";
  EXPECT_FALSE(fs::exists(out + ".partial"));
}

TEST(Reliability, SecondSigintExitsAtOnceLeavingAResumablePartial) {
  const fs::path d = fresh("sigint2");
  const std::string out = (d / "s.csv").string();
  // SIGSTOP holds the process so both signals arrive before it handles the first.
  const ShellRun r = run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + out +
                   " & pid=$!; sleep 0.3; kill -INT $pid; kill -INT $pid; wait $pid; echo rc=$?");
  ASSERT_NE(r.out.find("rc=130"), std::string::npos) << r.out;
  EXPECT_EQ(run_calib_script("$CALIB sweep --quiet --resume --config $DATA/resume_sweep.toml --out " + out).code, 0);
  EXPECT_TRUE(slurp(out) == reference()) << "differs from the uninterrupted sweep";
}

TEST(Reliability, KillDashNineAtRandomPointsThenResume) {
  const fs::path d = fresh("kill9");
  for (const char* delay : {"0.02", "0.3", "0.9"}) {
    const std::string out = (d / (std::string("k") + delay + ".csv")).string();
    run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + out + " & pid=$!; sleep " + delay +
       "; kill -9 $pid; wait $pid");
    const ShellRun r = run_calib_script("$CALIB sweep --quiet --resume --config $DATA/resume_sweep.toml --out " + out);
    EXPECT_EQ(r.code, 0) << delay << ": " << r.out;
    EXPECT_TRUE(slurp(out) == reference()) << "killed after " << delay << " s";
  }
}

TEST(Reliability, ResumeRefusesAnotherSweepAndDamagedRows) {
  const fs::path d = fresh("resume_checks");
  const std::string out = (d / "s.csv").string();
  run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + out +
     " & pid=$!; sleep 0.3; kill -INT $pid; wait $pid");
  ASSERT_TRUE(fs::exists(out + ".partial"));
  const ShellRun changed = run_calib_script("$CALIB sweep --quiet --resume --config $DATA/resume_sweep_changed.toml --out " + out);
  EXPECT_EQ(changed.code, 2) << changed.out;
  EXPECT_NE(changed.out.find("different sweep"), std::string::npos) << changed.out;
  // A torn last row (no newline) is dropped and recomputed.
  { std::ofstream(out + ".partial", std::ios::app) << "999999,0.5"; }
  EXPECT_EQ(run_calib_script("$CALIB sweep --quiet --resume --config $DATA/resume_sweep.toml --out " + out).code, 0);
  EXPECT_TRUE(slurp(out) == reference()) << "differs from the uninterrupted sweep";
  // A row with the wrong point index is refused (exit 2), not spliced in.
  run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + out +
     " & pid=$!; sleep 0.3; kill -INT $pid; wait $pid");
  { std::ofstream(out + ".partial", std::ios::app) << "77,1,2,3\n"; }
  EXPECT_EQ(run_calib_script("$CALIB sweep --quiet --resume --config $DATA/resume_sweep.toml --out " + out).code, 2);
  // An empty partial (killed before the header) starts afresh.
  fs::remove(out + ".partial");
  { std::ofstream(out + ".partial"); }
  EXPECT_EQ(run_calib_script("$CALIB sweep --quiet --resume --config $DATA/resume_sweep.toml --out " + out).code, 0);
  EXPECT_TRUE(slurp(out) == reference()) << "differs from the uninterrupted sweep";
}

TEST(Reliability, OutputsNeverClobberSpecialFilesOrInputs) {
  const fs::path d = fresh("clobber");
  const std::string fifo = (d / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + fifo).code, 2);
  EXPECT_TRUE(fs::is_fifo(fifo));
  // The config under another name (a hard link): compared by inode, not by string.
  fs::copy_file(kData + "resume_sweep.toml", d / "c.toml");
  fs::create_hard_link(d / "c.toml", d / "same.csv");
  const std::string before = slurp(d / "c.toml");
  EXPECT_EQ(run_calib_script("$CALIB sweep --quiet --config " + (d / "c.toml").string() + " --out " + (d / "same.csv").string()).code, 2);
  EXPECT_EQ(slurp(d / "c.toml"), before);
  // --curve equal to --data.
  fs::copy_file(std::string(CALIB_SOURCE_DIR) + "/datasets/samples/kn_synthetic_measurement.csv", d / "m.csv");
  const std::string data = slurp(d / "m.csv");
  EXPECT_EQ(run_calib_script("$CALIB kn-fit --data " + (d / "m.csv").string() + " --curve " + (d / "m.csv").string()).code, 2);
  EXPECT_EQ(slurp(d / "m.csv"), data);
  // A symlink as --out is refused (renaming onto it would replace the link).
  fs::create_symlink(d / "target.csv", d / "link.csv");
  EXPECT_EQ(run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + (d / "link.csv").string()).code, 2);
  EXPECT_TRUE(fs::is_symlink(d / "link.csv"));
  // An output folder that cannot exist is refused before computing (no .partial left behind).
  { std::ofstream(d / "plain_file") << "x"; }
  const ShellRun r = run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + (d / "plain_file/x.csv").string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(run_calib_script("$CALIB rms-table --quiet --out " + (d / "plain_file").string()).code, 2);
}

TEST(Reliability, SizesAreCheckedBeforeAllocating) {
  const fs::path d = fresh("sizes");
  const auto sweep_with = [&](const std::string& space) {
    const fs::path cfg = d / "s.toml";
    std::ofstream(cfg) << "kernel = \"impact\"\nmodel = \"gonthier\"\n[fixed]\ne = 0.5\nm = 2.0\nk = 1e7\nv = 0.3\n[space]\n" << space;
    return run_calib_script("$CALIB sweep --quiet --config " + cfg.string() + " --out " + (d / "o.csv").string());
  };
  ShellRun r = sweep_with("n = { range = { from = 1, to = 2, step = 1e-300 } }\n");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("space.n.range.step"), std::string::npos) << r.out;
  r = sweep_with("m = { linspace = { from = 1, to = 2, count = 10000000000 } }\n");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_LT(r.out.size(), 400u) << r.out;
  std::string four;
  for (const char* a : {"k", "m", "n", "v"})
    four += std::string(a) + " = { linspace = { from = 1, to = 2, count = 100000 } }\n";
  r = sweep_with(four);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("more than 100000000 points"), std::string::npos) << r.out;
  r = run_calib_script("$CALIB effective-mass --system " + std::string(CALIB_SOURCE_DIR) +
         "/configs/effmass/np_example4_slider_crank.toml --sweep crank.angle=0:90:1000000000");
  EXPECT_EQ(r.code, 2) << r.out;
}

TEST(Reliability, MergeChecksThatShardsAreOneSweepCoveringEveryPoint) {
  const fs::path d = fresh("merge");
  std::string parts[3];
  for (int i = 0; i < 3; ++i) {
    parts[i] = (d / ("p" + std::to_string(i) + ".csv")).string();
    ASSERT_EQ(run_calib_script("$CALIB sweep --quiet --threads 2 --shard " + std::to_string(i) +
                 "/3 --config $DATA/resume_sweep.toml --out " + parts[i]).code, 0);
  }
  const std::string merged = (d / "m.csv").string();
  // Out of order is fine (ordered by point index) and gives the single-run bytes.
  EXPECT_EQ(run_calib_script("$CALIB merge --out " + merged + " " + parts[2] + " " + parts[0] + " " + parts[1]).code, 0);
  EXPECT_TRUE(slurp(merged) == reference()) << "merged shards differ from the single run";
  EXPECT_EQ(run_calib_script("$CALIB merge --out " + merged + " " + parts[0] + " " + parts[2]).code, 2);             // gap
  EXPECT_EQ(run_calib_script("$CALIB merge --out " + merged + " " + parts[0] + " " + parts[1]).code, 2);             // last missing
  EXPECT_EQ(run_calib_script("$CALIB merge --out " + merged + " " + parts[0] + " " + parts[1] + " " + parts[1] + " " + parts[2]).code, 2);
  // A shard of another sweep.
  const std::string other = (d / "other.csv").string();
  ASSERT_EQ(run_calib_script("$CALIB sweep --quiet --shard 2/3 --config $DATA/resume_sweep_changed.toml --out " + other).code, 0);
  EXPECT_EQ(run_calib_script("$CALIB merge --out " + merged + " " + parts[0] + " " + parts[1] + " " + other).code, 2);
}

TEST(Reliability, ConfigsThatMeanNothingAreRefused) {
  const fs::path d = fresh("configs");
  const auto sweep_with = [&](const std::string& body) {
    const fs::path cfg = d / "s.toml";
    std::ofstream(cfg) << "kernel = \"impact\"\nmodel = \"tsuji\"\n" << body;
    return run_calib_script("$CALIB sweep --quiet --config " + cfg.string() + " --out " + (d / "o.csv").string()).code;
  };
  // m, k, v given (they have no default), so each refusal is the one named.
  const std::string scales = "m = 2.0\nk = 1e7\nv = 0.3\n";
  EXPECT_EQ(sweep_with("[fixed]\ne = 0.5\nclamp = 0.5\n" + scales + "[space]\nn = { values = [1.5] }\n"), 2);
  EXPECT_EQ(sweep_with("[fixed]\ne = 0.5\n" + scales + "[space]\nclamp = { values = [0, 7] }\n"), 2);
  EXPECT_EQ(sweep_with("[fixed]\ne = 0.5\nn = 1.5\n" + scales + "[space]\nn = { values = [1.5] }\n"), 2);  // both
  EXPECT_EQ(sweep_with("[fixed]\n" + scales + "[space]\nn = { values = [1.5] }\n"), 2);          // no e
  EXPECT_EQ(sweep_with("[fixed]\ne = 0.5\n[space]\nn = { values = [1.5] }\n"), 2);  // no m, k, v
  EXPECT_EQ(sweep_with("[fixed]\ne = 0.5\n" + scales + "[space]\nn = { values = [1.5] }\n"), 0);  // control
  // A measurement header without units.
  std::ofstream(d / "nounits.csv") << "delta,W\n1,2\n2,4\n3,7\n";
  EXPECT_EQ(run_calib_script("$CALIB kn-fit --data " + (d / "nounits.csv").string()).code, 2);
  // Conflicting or orphan options.
  const std::string sys = std::string(CALIB_SOURCE_DIR) + "/configs/effmass/np_example4_slider_crank.toml";
  EXPECT_EQ(run_calib_script("$CALIB kn-fit --model johnson --data " + (d / "nounits.csv").string()).code, 2);
  EXPECT_EQ(run_calib_script("$CALIB kn-fit --model johnson --material steel --E 207GPa --dR 5mm").code, 2);
  EXPECT_EQ(run_calib_script("$CALIB kn-fit --E 207GPa --out " + (d / "kn").string()).code, 2);  // a fit flag, no fit
  EXPECT_EQ(run_calib_script("$CALIB copt --e 0.5 --m 2 --system " + sys).code, 2);
  EXPECT_EQ(run_calib_script("$CALIB effective-mass --system " + sys + " --sweep crank.angle=0:90:3 --format json").code, 2);
  EXPECT_EQ(run_calib_script("$CALIB effective-mass --sweep crank.angle=0:90:3").code, 2);
  EXPECT_EQ(run_calib_script("$CALIB validate --clamp on --out " + (d / "v").string()).code, 2);
  EXPECT_EQ(run_calib_script("$CALIB impact --model gonthier").code, 2);  // no silent default e
}

TEST(Reliability, ReadersAcceptSpreadsheetCsvAndKeepMessagesShort) {
  const fs::path d = fresh("readers");
  const std::string src = slurp(std::string(CALIB_SOURCE_DIR) + "/datasets/samples/kn_synthetic_measurement.csv");
  std::ofstream(d / "bom.csv", std::ios::binary) << "\xEF\xBB\xBF" << src << "\n\n";
  const ShellRun ok = run_calib_script("$CALIB kn-fit --format json --data " + (d / "bom.csv").string());
  EXPECT_EQ(ok.code, 0) << ok.out;
  const std::string plain = run_calib_script("$CALIB kn-fit --format json --data " + std::string(CALIB_SOURCE_DIR) +
                               "/datasets/samples/kn_synthetic_measurement.csv").out;
  const auto K_of = [](const std::string& json) { return json.substr(json.find("\"K\""), 40); };
  EXPECT_EQ(K_of(ok.out), K_of(plain)) << "a BOM and trailing blank lines change nothing";
  std::ofstream(d / "huge.csv") << "delta[um],W[N/mm]\n1," << std::string(2'000'000, '7') << "x\n2,3\n3,4\n";
  const ShellRun big = run_calib_script("$CALIB kn-fit --data " + (d / "huge.csv").string());
  EXPECT_EQ(big.code, 2);
  EXPECT_LT(big.out.size(), 500u) << "a 2 MB cell is not echoed";
  const ShellRun range = run_calib_script("$CALIB validate --samples 1e400");
  EXPECT_EQ(range.code, 2);
  EXPECT_LT(range.out.size(), 200u) << range.out;
}

TEST(Reliability, ASweepWithFailedPointsDoesNotExitZero) {
  const fs::path d = fresh("failures");
  // dem-sqrt5 is defined for n = 3/2 only: the n = 1 point fails (recorded in the file), the
  // other succeeds; the run must not report success.
  std::ofstream(d / "f.toml") << "kernel = \"impact\"\nmodel = \"dem-sqrt5\"\n[fixed]\ne = 0.5\n"
                                 "m = 2.0\nk = 1e7\nv = 0.3\n"
                                 "[space]\nn = { values = [1.0, 1.5] }\n";
  const ShellRun r = run_calib_script("$CALIB sweep --quiet --config " + (d / "f.toml").string() + " --out " + (d / "f.csv").string());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("1 of 2 points failed"), std::string::npos) << r.out;
  const std::string csv = slurp(d / "f.csv");
  EXPECT_NE(csv.find("failed: model dem-sqrt5 is defined for n = 1.5 only"), std::string::npos) << csv;
}
