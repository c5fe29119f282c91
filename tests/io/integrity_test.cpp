// Result integrity: the XXH3 row checksums of result tables, their check,
// and the one-writer-per-output lock.
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <xxhash.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/row_digest.hpp"
#include "../test_support.hpp"

using namespace calib;
namespace fs = std::filesystem;
using calib_test::slurp;
using calib_test::put;
using calib_test::input_error_of;

namespace {

fs::path temp_dir(const std::string& name) { return calib_test::fresh_dir("calib_integrity_test_", name); }

// A 200-row table written the way every study writes one: CsvWriter, then the sidecar.
fs::path write_table(const fs::path& dir) {
  io::CsvWriter w(dir / "t.csv", {"i", "x"});
  for (int i = 0; i < 200; ++i) w.row({std::int64_t{i}, 0.5 * i});
  w.commit();
  io::write_provenance_sidecar(dir / "t.csv", {"test", {}, {}, 1, "t", 0.0});
  return dir / "t.csv";
}

}  // namespace

TEST(RowDigest, StreamingMatchesTheLibrarysOneShotHashPerRowAndPerBlock) {
  // Expected values: XXH3_64bits one-shot over the same bytes (an independent call of the
  // library), and the empty input's XXH3-64 published by xxHash (sanity-check vectors, seed 0).
  EXPECT_EQ(io::RowDigest().running(), 0x2D06800538D394C2ULL);
  std::string rows;
  for (int i = 0; i < 200; ++i) rows += std::to_string(i) + ",x" + std::to_string(i * i) + "\n";
  io::RowDigest d;
  std::mt19937 rng(7);  // pieces of any size, cutting rows anywhere: the stream is what counts
  for (std::size_t at = 0; at < rows.size();) {
    const std::size_t n = std::min(rows.size() - at, std::size_t{1} + rng() % 97);
    d.add(std::string_view(rows).substr(at, n));
    at += n;
  }
  EXPECT_EQ(d.rows(), 200u);
  EXPECT_EQ(d.running(), XXH3_64bits(rows.data(), rows.size()));
  ASSERT_EQ(d.blocks().size(), 3u);  // 200 = 3 * 64 + 8
  std::size_t from = 0;
  for (int b = 0; b < 3; ++b) {
    std::size_t to = from;
    for (std::size_t k = 0; k < io::kDigestBlockRows; ++k) to = rows.find('\n', to) + 1;
    EXPECT_EQ(d.blocks()[b], XXH3_64bits(rows.data() + from, to - from)) << "block " << b;
    from = to;
  }
  const auto j = d.to_json(0);
  EXPECT_EQ(j["blocks_xxh3"].get<std::string>().size(), 4u * 16);  // 3 full blocks + the tail
  EXPECT_EQ(j["blocks_xxh3"].get<std::string>().substr(48),
            io::hex64(XXH3_64bits(rows.data() + from, rows.size() - from)));
}

TEST(ResultIntegrity, AnUntouchedTableVerifies) {
  const fs::path t = write_table(temp_dir("untouched"));
  EXPECT_NO_THROW(io::verify_result_file(t));
  EXPECT_EQ(io::read_sidecar(io::sidecar_of(t))["table"]["rows"], 200);
}

TEST(ResultIntegrity, AChangedValueIsRefusedNamingTheFileAndItsBlockOfRows) {
  const fs::path t = write_table(temp_dir("changed"));
  std::string text = slurp(t);
  const std::size_t at = text.find("\n100,50\n");  // row 101 (file line 102): 0.5 * 100
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, "\n100,51\n");
  put(t, text);
  const std::string why = input_error_of([&] { io::verify_result_file(t); });
  EXPECT_NE(why.find(t.string()), std::string::npos) << why;
  EXPECT_NE(why.find("row 65 to 128"), std::string::npos) << why;  // block 2 of 64 rows
}

TEST(ResultIntegrity, ATruncatedTableIsRefusedAsTruncated) {
  const fs::path t = write_table(temp_dir("truncated"));
  const std::string text = slurp(t);
  put(t, text.substr(0, text.size() / 3));
  const std::string why = input_error_of([&] { io::verify_result_file(t); });
  EXPECT_NE(why.find("truncated"), std::string::npos) << why;
  EXPECT_NE(why.find(t.string()), std::string::npos) << why;
}

TEST(ResultIntegrity, AChangedHeaderAMissingOrBrokenSidecarAreRefusedNamingTheFile) {
  const fs::path t = write_table(temp_dir("header"));
  const std::string text = slurp(t);
  put(t, "j,x" + text.substr(3));
  EXPECT_NE(input_error_of([&] { io::verify_result_file(t); }).find("header"), std::string::npos);
  put(t, text);
  put(io::sidecar_of(t), "{\"result\": \"t.csv\",");
  std::string why = input_error_of([&] { io::verify_result_file(t); });
  EXPECT_NE(why.find(io::sidecar_of(t).string()), std::string::npos) << why;
  fs::remove(io::sidecar_of(t));
  why = input_error_of([&] { io::verify_result_file(t); });
  EXPECT_NE(why.find("no sidecar"), std::string::npos) << why;
}

TEST(OutputLock, ASecondWriterIsRefusedNamingTheHoldersPidAndADeadHoldersLockIsTakenOver) {
  const fs::path out = temp_dir("lock") / "o.csv";
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t child = ::fork();
  if (child == 0) {  // another process holds the lock until it is killed
    io::OutputLock held(out);
    [[maybe_unused]] const auto n = ::write(ready[1], "x", 1);
    ::pause();
    ::_exit(0);
  }
  char c = 0;
  ASSERT_EQ(::read(ready[0], &c, 1), 1);
  const std::string why = input_error_of([&] { io::OutputLock second(out); });
  EXPECT_NE(why.find("pid " + std::to_string(child)), std::string::npos) << why;
  // SIGKILL: no destructor runs, the lock file stays with the dead pid, the kernel drops the lock.
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  ASSERT_TRUE(fs::exists(io::lock_file_of(out)));
  {
    io::OutputLock taken(out);
    EXPECT_EQ(slurp(io::lock_file_of(out)), std::to_string(::getpid()) + "\n");
  }
  EXPECT_FALSE(fs::exists(io::lock_file_of(out))) << "the lock file goes with its holder";
  EXPECT_EQ(io::lock_file_of(temp_dir("lockdir") / "").filename(), "calib_integrity_test_lockdir.lock");
}
