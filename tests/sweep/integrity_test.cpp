// Sweep integrity: checksums of partials and shards, verified on resume and
// merge; the sweep's sidecar; one writer per output.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/row_digest.hpp"
#include "calib/sweep/sweep.hpp"
#include "../test_support.hpp"

using namespace calib;
namespace fs = std::filesystem;
using calib_test::slurp;
using calib_test::put;
using calib_test::input_error_of;

namespace {

fs::path fresh_dir(const std::string& name) { return calib_test::fresh_dir("calib_sweep_integrity_", name); }

// 500 points of y = x^2: cheap, and every row is known.
sweep::Space line_space() {
  auto c = io::ConfigNode::parse("[space]\nx = { linspace = { from = 0, to = 499, count = 500 } }\n",
                                 "s.toml");
  return sweep::parse_space(c.table("space"));
}
const sweep::Kernel kSquare = [](const std::vector<double>& p) -> std::vector<io::CsvCell> {
  return {p[0] * p[0]};
};

// Shards 0/2 and 1/2 of line_space() in d, as <stem>0.csv and <stem>1.csv with their sidecars.
std::vector<fs::path> two_shards(const fs::path& d, const std::string& stem) {
  std::vector<fs::path> parts;
  for (int i = 0; i < 2; ++i) {
    sweep::SweepOptions opt;
    opt.shard_index = i;
    opt.shard_count = 2;
    parts.push_back(d / fmt::format("{}{}.csv", stem, i));
    sweep::run(line_space(), {"y"}, kSquare, parts.back(), opt);
  }
  return parts;
}

// A run stopped after `stop_after` points: leaves <out>.partial and its checksum file.
void interrupted_run(const fs::path& out, std::size_t stop_after) {
  sweep::SweepOptions opt;
  opt.chunk = 10;
  opt.threads = 1;
  const auto stopping = [&](const std::vector<double>& p) {
    if (p[0] == static_cast<double>(stop_after)) sweep::request_stop();
    return kSquare(p);
  };
  ASSERT_TRUE(sweep::run(line_space(), {"y"}, stopping, out, opt).interrupted);
}

}  // namespace

TEST(SweepIntegrity, TheSidecarRecordsTheRowsChecksumAsHashingTheFileGivesIt) {
  const fs::path out = fresh_dir("sidecar") / "s.csv";
  const auto s = sweep::run(line_space(), {"y"}, kSquare, out);
  const auto meta = io::read_sidecar(io::sidecar_of(out));
  // Expected: the digest recomputed from the file's bytes (io::digest_table_file, one pass).
  EXPECT_EQ(meta["table"], io::digest_table_file(out));
  EXPECT_EQ(meta["table"]["rows"], 500);
  EXPECT_EQ(s.table, meta["table"]);
  EXPECT_EQ(meta["extra"]["space_points"], 500);
  EXPECT_FALSE(fs::exists(out.string() + ".partial.xxh3"));
  EXPECT_FALSE(fs::exists(io::lock_file_of(out)));
}

TEST(SweepIntegrity, ResumeRefusesAChangedRowNamingItsBlockAndKeepsTheBytesOtherwise) {
  const fs::path d = fresh_dir("resume");
  sweep::run(line_space(), {"y"}, kSquare, d / "ref.csv");
  const fs::path out = d / "s.csv";
  const fs::path partial = out.string() + ".partial";
  sweep::SweepOptions resume;
  resume.resume = true;
  for (const std::size_t row : {100u, 259u}) {  // in a full block of 64 rows; in the last, partial one
    interrupted_run(out, 260);
    std::string text = slurp(partial);
    const std::string was = fmt::format("\n{0},{0},{1},ok\n", row - 1, (row - 1) * (row - 1));
    const std::size_t at = text.find(was);
    ASSERT_NE(at, std::string::npos) << was;
    text.replace(at, was.size(), fmt::format("\n{0},{0},{1},ok\n", row - 1, 7));
    put(partial, text);
    const std::string why = input_error_of([&] { sweep::run(line_space(), {"y"}, kSquare, out, resume); });
    EXPECT_NE(why.find(partial.string()), std::string::npos) << why;
    const std::size_t first = (row - 1) / 64 * 64 + 1;  // 64-row blocks of the checksum file
    EXPECT_NE(why.find(fmt::format("row {} to", first)), std::string::npos) << why;
    EXPECT_FALSE(fs::exists(out)) << "nothing of a refused partial reaches the output";
  }
  // Untouched, the same partial resumes to the uninterrupted bytes.
  interrupted_run(out, 260);
  sweep::run(line_space(), {"y"}, kSquare, out, resume);
  EXPECT_EQ(slurp(out), slurp(d / "ref.csv"));
}

TEST(SweepIntegrity, RowsWrittenAfterTheLastChecksumLineAreRecomputedNotTrusted) {
  // A kill between the row write and its checksum line: those rows are recomputed.
  const fs::path d = fresh_dir("tail");
  sweep::run(line_space(), {"y"}, kSquare, d / "ref.csv");
  const fs::path out = d / "s.csv";
  interrupted_run(out, 200);
  { std::ofstream(out.string() + ".partial", std::ios::app) << "201,201,12345,ok\n"; }
  sweep::SweepOptions resume;
  resume.resume = true;
  const auto s = sweep::run(line_space(), {"y"}, kSquare, out, resume);
  EXPECT_EQ(slurp(out), slurp(d / "ref.csv"));
  EXPECT_EQ(s.resumed + s.computed, 500u);
}

TEST(SweepIntegrity, MergeRefusesAShardWithoutSidecarOrWithAChangedRow) {
  const fs::path d = fresh_dir("merge");
  const std::vector<fs::path> parts = two_shards(d, "p");
  sweep::run(line_space(), {"y"}, kSquare, d / "single.csv");
  sweep::merge(parts, d / "m.csv");
  EXPECT_EQ(slurp(d / "m.csv"), slurp(d / "single.csv"));
  EXPECT_NO_THROW(io::verify_result_file(d / "m.csv"));  // the merged file has its own sidecar
  const std::string shard1 = slurp(parts[1]);
  std::string edited = shard1;
  edited.replace(edited.find("\n300,300,90000,ok\n"), 18, "\n300,300,90001,ok\n");  // row 51
  put(parts[1], edited);
  std::string why = input_error_of([&] { sweep::merge(parts, d / "m2.csv"); });
  EXPECT_NE(why.find(parts[1].string()), std::string::npos) << why;
  EXPECT_NE(why.find("row 1 to 64"), std::string::npos) << why;
  EXPECT_FALSE(fs::exists(d / "m2.csv"));
  put(parts[1], shard1);
  fs::remove(io::sidecar_of(parts[0]));
  why = input_error_of([&] { sweep::merge(parts, d / "m2.csv"); });
  EXPECT_NE(why.find("no sidecar"), std::string::npos) << why;
  EXPECT_FALSE(fs::exists(d / "m2.csv"));
}

TEST(SweepIntegrity, ASecondRunOnTheSameOutputIsRefusedBeforeTouchingIt) {
  const fs::path d = fresh_dir("lock");
  const fs::path out = d / "s.csv";
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t holder = ::fork();
  if (holder == 0) {
    io::OutputLock held(out);
    [[maybe_unused]] const auto n = ::write(ready[1], "x", 1);
    ::pause();
    ::_exit(0);
  }
  char c = 0;
  ASSERT_EQ(::read(ready[0], &c, 1), 1);
  const std::string why = input_error_of([&] { sweep::run(line_space(), {"y"}, kSquare, out); });
  EXPECT_NE(why.find(fmt::format("pid {}", holder)), std::string::npos) << why;
  EXPECT_FALSE(fs::exists(out.string() + ".partial"));
  ::kill(holder, SIGKILL);
  ::waitpid(holder, nullptr, 0);
  EXPECT_NO_THROW(sweep::run(line_space(), {"y"}, kSquare, out));  // the dead holder's lock
}

namespace {

// Every file under `dir` with its bytes, in name order: what a refused merge must leave as it was.
std::string folder_state(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::string state;
  for (const fs::path& f : files)
    state += f.string() + (fs::is_regular_file(f) ? "\n" + slurp(f) : "/") + "\n";
  return state;
}

}  // namespace

// An output that is one of the files a shard is published with (the shard, its sidecar, the
// sidecar it may be left with mid-publish, its lock, its resumable partial), or the shards'
// folder, is refused before anything is written, naming the output and the shard.
TEST(SweepIntegrity, MergeRefusesAnOutputAmongItsShardsFiles) {
  const fs::path d = fresh_dir("merge_into_inputs");
  const std::vector<fs::path> parts = two_shards(d, "part_");
  const std::string before = folder_state(d);
  const std::vector<std::pair<fs::path, std::string>> outputs = {
      {parts[0], "the input " + parts[0].string()},
      {d / "part_1.csv.meta.json", "the sidecar of the input " + parts[1].string()},
      {d / "part_0.csv.meta.json.pending", "the pending sidecar of the input " + parts[0].string()},
      {d / "part_1.csv.lock", "the lock file of the input " + parts[1].string()},
      {d / "part_0.csv.partial", "the resumable partial of the input " + parts[0].string()},
      {d, "holding the input " + parts[0].string()}};
  for (const auto& [out, input] : outputs) {
    const std::string why = input_error_of([&] { sweep::merge(parts, out); });
    EXPECT_NE(why.find("output " + out.string()), std::string::npos) << why;
    EXPECT_NE(why.find(input), std::string::npos) << out << ": " << why;
    EXPECT_EQ(folder_state(d), before) << out;
  }
  sweep::merge(parts, d / "merged.csv");  // control: a name of its own
  EXPECT_NO_THROW(io::verify_result_file(d / "merged.csv"));
}
