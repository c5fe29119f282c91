// Result integrity through the real `calib` binary: one writer per --out,
// checksummed partials, shards and result tables, sidecar errors that name their file.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "shell.hpp"
#include "../test_support.hpp"

namespace fs = std::filesystem;
using calib_test::slurp;

namespace {

fs::path fresh(const std::string& name) { return calib_test::fresh_dir("calib_cli_integrity_", name); }

// A calibrate sweep of 20,000 points (~0.1-0.3 s): long enough for a second run to start while
// it runs. `v` makes two configs with different outputs.
fs::path small_sweep(const fs::path& dir, const std::string& name, const std::string& v) {
  const fs::path cfg = dir / (name + ".toml");
  std::ofstream(cfg) << "kernel = \"calibrate\"\nmodel = \"linear-damper\"\n[fixed]\nm = 2.0\n"
                        "k = 1e7\nv = " << v << "\n[space]\n"
                        "n = { linspace = { from = 1.0, to = 2.0, count = 4 } }\n"
                        "e = { linspace = { from = 0.05, to = 0.99, count = 5000 } }\n";
  return cfg;
}

// An interrupted run of the 200,000-point reliability sweep: <out>.partial stays.
void interrupted_sweep(const std::string& out) {
  run_calib_script("$CALIB sweep --quiet --config $DATA/resume_sweep.toml --out " + out +
     " & pid=$!; sleep 0.4; kill -INT $pid; wait $pid");
}

}  // namespace

TEST(Integrity, TwoConcurrentSweepsOnOneOutNeverMixTheirRows) {
  const fs::path d = fresh("concurrent");
  const fs::path a = small_sweep(d, "a", "0.3"), b = small_sweep(d, "b", "0.7");
  // References: each config alone, single run (the expected bytes of either outcome).
  ASSERT_EQ(run_calib_script("$CALIB sweep --quiet --config " + a.string() + " --out " + (d / "ref_a.csv").string()).code, 0);
  ASSERT_EQ(run_calib_script("$CALIB sweep --quiet --config " + b.string() + " --out " + (d / "ref_b.csv").string()).code, 0);
  const std::string ref_a = slurp(d / "ref_a.csv"), ref_b = slurp(d / "ref_b.csv");
  ASSERT_NE(ref_a, ref_b);
  const std::string out = (d / "o.csv").string();
  int refused = 0;
  for (int rep = 0; rep < 20; ++rep) {
    fs::remove(out);
    // B starts as soon as A holds its lock file (or A has ended).
    const ShellRun r = run_calib_script("$CALIB sweep --quiet --config " + a.string() + " --out " + out +
                          " >" + (d / "a.log").string() + " 2>&1 & pa=$!; "
                          "while [ ! -e " + out + ".lock ] && kill -0 $pa 2>/dev/null; do sleep 0.002; done; "
                          "$CALIB sweep --quiet --config " + b.string() + " --out " + out + "; rb=$?; "
                          "wait $pa; echo; echo pa=$pa ra=$? rb=$rb");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, std::regex("pa=(\\d+) ra=(\\d+) rb=(\\d+)"))) << r.out;
    const std::string pa = m[1], ra = m[2], rb = m[3];
    const std::string text = slurp(out), a_log = slurp(d / "a.log");
    if (rb == "2") {  // B refused while A ran: A's file, and B named A's pid
      EXPECT_EQ(ra, "0") << a_log;
      EXPECT_NE(r.out.find("another calib run (pid " + pa + ","), std::string::npos) << r.out;
      EXPECT_TRUE(text == ref_a) << "rep " << rep << ": not A's single-run bytes";
      ++refused;
    } else if (ra == "2") {  // B locked first (it opened the lock file between A's open and flock)
      EXPECT_EQ(rb, "0") << r.out;
      EXPECT_NE(a_log.find("another calib run (pid "), std::string::npos) << a_log;
      EXPECT_TRUE(text == ref_b) << "rep " << rep << ": not B's single-run bytes";
    } else {  // one after the other: the last one's bytes
      EXPECT_EQ(ra + rb, "00") << r.out << a_log;
      EXPECT_TRUE(text == ref_b) << "rep " << rep;
    }
    // The sidecar belongs to the file it sits beside (report's check passes).
    const std::string meta = slurp(out + ".meta.json");
    EXPECT_NE(meta.find(text == ref_a ? "\"v\": 0.3" : "\"v\": 0.7"), std::string::npos);
    EXPECT_FALSE(fs::exists(out + ".lock"));
  }
  EXPECT_GT(refused, 0) << "the second run never overlapped the first: the test proved nothing";
}

TEST(Integrity, ResumeRefusesAnEditedPartialNamingTheRow) {
  const fs::path d = fresh("resume");
  const std::string out = (d / "s.csv").string();
  interrupted_sweep(out);
  ASSERT_TRUE(fs::exists(out + ".partial"));
  // Data row 1000 (point 999) is file line 1001; its status cell "ok" becomes "ok2".
  ASSERT_EQ(run_calib_script("sed -i \"1001s/,ok\\$/,ok2/\" " + out + ".partial").code, 0);
  const ShellRun r = run_calib_script("$CALIB sweep --quiet --resume --config $DATA/resume_sweep.toml --out " + out);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("s.csv.partial: cannot resume: row 961 to 1024"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out));
}

TEST(Integrity, MergeRefusesAShardWithoutSidecarOrWithAnEditedValue) {
  const fs::path d = fresh("merge");
  std::string parts;
  for (int i = 0; i < 2; ++i) {
    const std::string p = (d / ("p" + std::to_string(i) + ".csv")).string();
    ASSERT_EQ(run_calib_script("$CALIB sweep --quiet --shard " + std::to_string(i) + "/2 --config " +
                 small_sweep(d, "c", "0.3").string() + " --out " + p).code, 0);
    parts += " " + p;
  }
  const std::string merged = (d / "m.csv").string();
  ASSERT_EQ(run_calib_script("$CALIB merge --out " + merged + parts).code, 0);
  // A value of shard 1, data row 70 (file line 71): in rows 65-128.
  ASSERT_EQ(run_calib_script("cp " + (d / "p1.csv").string() + " " + (d / "keep.csv").string() +
               " && sed -i \"71s/,ok\\$/,ok /\" " + (d / "p1.csv").string()).code, 0);
  ShellRun r = run_calib_script("$CALIB merge --out " + (d / "m2.csv").string() + parts);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("p1.csv: row 65 to 128"), std::string::npos) << r.out;
  fs::rename(d / "keep.csv", d / "p1.csv");
  fs::remove(d / "p0.csv.meta.json");
  r = run_calib_script("$CALIB merge --out " + (d / "m2.csv").string() + parts);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("p0.csv has no sidecar"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(d / "m2.csv"));
}

TEST(Integrity, ReportRefusesATruncatedResultAndNamesABrokenSidecar) {
  const fs::path d = fresh("report");
  const fs::path dir = d / "results/simulator_inputs";
  ASSERT_EQ(run_calib_script("$CALIB simulator-inputs --quiet --out " + dir.string()).code, 0);
  const std::string report = "$CALIB report --no-plots --results " + (d / "results").string() +
                             " --out " + (d / "rep").string();
  ASSERT_EQ(run_calib_script(report).code, 0);
  const fs::path csv = dir / "simulator_inputs.csv";
  const std::string whole = slurp(csv);
  // Cut to a third at a row boundary: still a well-formed CSV, which report must not render.
  std::ofstream(csv, std::ios::binary) << whole.substr(0, whole.rfind('\n', whole.size() / 3) + 1);
  ShellRun r = run_calib_script(report);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find(csv.string()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("truncated"), std::string::npos) << r.out;
  std::ofstream(csv, std::ios::binary) << whole;
  ASSERT_EQ(run_calib_script(report).code, 0);
  std::ofstream(dir / "simulator_inputs.csv.meta.json") << "{\"result\": ";
  r = run_calib_script(report);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("simulator_inputs.csv.meta.json"), std::string::npos) << r.out;
}

TEST(Integrity, AStudyFolderHasOneWriter) {
  const fs::path d = fresh("study");
  // Holds the folder's lock from a shell (flock(1) on the same file, as calib does).
  const std::string out = (d / "si").string();
  const ShellRun r = run_calib_script("exec 9>" + out + ".lock; flock -n 9; echo $$ >&9; "
                        "$CALIB simulator-inputs --quiet --out " + out + "; echo rc=$? holder=$$");
  EXPECT_NE(r.out.find("rc=2"), std::string::npos) << r.out;
  const std::string holder = r.out.substr(r.out.find("holder=") + 7);
  EXPECT_NE(r.out.find("(pid " + holder.substr(0, holder.find_first_of("\n")) + ","), std::string::npos) << r.out;
}
