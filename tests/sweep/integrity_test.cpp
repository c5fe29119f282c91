// Sweep integrity: checksums of partials and shards, verified on resume and
// merge; the sweep's sidecar; one writer per output.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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
  std::vector<fs::path> parts;
  for (int i = 0; i < 2; ++i) {
    sweep::SweepOptions opt;
    opt.shard_index = i;
    opt.shard_count = 2;
    parts.push_back(d / fmt::format("p{}.csv", i));
    sweep::run(line_space(), {"y"}, kSquare, parts.back(), opt);
  }
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
