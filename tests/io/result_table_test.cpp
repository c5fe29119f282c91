// io::write_table / write_json: the result file and its provenance sidecar in one call.
#include <filesystem>
#include <stdexcept>

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {
io::Provenance provenance() {
  return {"calib test", {{"key", 1}}, {{"rel_tol", 1e-9}}, 2, "2026-01-01T00:00:00Z", 0.5, {}};
}
}  // namespace

// The CSV holds the header and the rows in the shortest round-trip format ("{}" of fmt), and
// the sidecar counts the data rows (the header excluded): 3 rows written, 3 recorded.
TEST(WriteTable, WritesTheRowsAndASidecarCountingThem) {
  const fs::path dir = calib_test::fresh_dir("calib_write_table_", "rows");
  const fs::path csv = dir / "t.csv";
  io::write_table(
      csv, {"x", "name"},
      [](io::CsvWriter& w) {
        for (int i = 1; i <= 3; ++i) w.row({0.5 * i, std::string("r")});
      },
      provenance());
  EXPECT_EQ(calib_test::slurp(csv), "x,name\n0.5,r\n1,r\n1.5,r\n");
  const auto meta = io::read_sidecar(io::sidecar_of(csv));
  EXPECT_EQ(meta.at("table").at("rows").get<int>(), 3);
  EXPECT_EQ(meta.at("tool"), "calib test");
  EXPECT_EQ(meta.at("threads"), 2);
  EXPECT_NO_THROW(io::verify_result_file(csv));  // the recorded checksums match the file
}

// The in-memory overload writes the same bytes as the row-emitting one.
TEST(WriteTable, RowsInMemoryGiveTheSameFile) {
  const fs::path dir = calib_test::fresh_dir("calib_write_table_", "memory");
  io::write_table(dir / "a.csv", {"x", "y"}, {{1.0, 2.0}, {3.0, std::int64_t{4}}}, provenance());
  EXPECT_EQ(calib_test::slurp(dir / "a.csv"), "x,y\n1,2\n3,4\n");
  EXPECT_EQ(io::read_sidecar(io::sidecar_of(dir / "a.csv")).at("table").at("rows"), 2);
}

// Atomic: when the rows fail half-way, the previous table and its sidecar stay untouched and
// no temporary file is left beside them.
TEST(WriteTable, AFailedTableLeavesThePreviousOneAndNoTemporary) {
  const fs::path dir = calib_test::fresh_dir("calib_write_table_", "atomic");
  const fs::path csv = dir / "t.csv";
  io::write_table(csv, {"x"}, {{1.0}}, provenance());
  const std::string table = calib_test::slurp(csv),
                    sidecar = calib_test::slurp(io::sidecar_of(csv));
  EXPECT_THROW(io::write_table(
                   csv, {"x"},
                   [](io::CsvWriter& w) {
                     w.row({2.0});
                     throw std::runtime_error("interrupted");
                   },
                   provenance()),
               std::runtime_error);
  EXPECT_EQ(calib_test::slurp(csv), table);
  EXPECT_EQ(calib_test::slurp(io::sidecar_of(csv)), sidecar);
  int files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 2);  // t.csv and t.csv.meta.json only
}

// A JSON result: indented by 2 with a final newline, and a sidecar.
TEST(WriteJson, WritesTheDocumentAndItsSidecar) {
  const fs::path dir = calib_test::fresh_dir("calib_write_table_", "json");
  io::write_json(dir / "r.json", {{"k", 1.5}}, provenance());
  EXPECT_EQ(calib_test::slurp(dir / "r.json"), "{\n  \"k\": 1.5\n}\n");
  EXPECT_TRUE(fs::exists(io::sidecar_of(dir / "r.json")));
}
