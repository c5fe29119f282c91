// A result as one transaction: io::ResultFolder (a stage swapped in at once) and the pair
// publication of a single result file with its sidecar (io::publish_result, settle_result).
#include <filesystem>
#include <stdexcept>

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "calib/core/error.hpp"
#include "calib/io/output_target.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_folder.hpp"
#include "calib/io/result_table.hpp"
#include "calib/io/row_digest.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {

io::Provenance provenance() {
  return {"calib test", {{"key", 1}}, {{"rel_tol", 1e-9}}, 1, "2026-01-01T00:00:00Z", 0.5, {}};
}

// Every entry of `dir`'s parent whose name starts with ".<dir name>." (stages, set-aside folders).
std::vector<fs::path> leftovers_beside(const fs::path& dir) {
  std::vector<fs::path> found;
  const std::string prefix = "." + dir.filename().string() + ".";
  for (const auto& e : fs::directory_iterator(dir.parent_path()))
    if (e.path().filename().string().starts_with(prefix)) found.push_back(e.path());
  return found;
}

// Writes `name` with one table of `rows` rows "i,value" into `dir`.
void table(const fs::path& dir, const std::string& name, int rows, const std::string& value) {
  io::write_table(
      dir / name, {"i", "value"},
      [&](io::CsvWriter& w) {
        for (int i = 0; i < rows; ++i) w.row({std::int64_t{i}, value});
      },
      provenance());
}

}  // namespace

// Until publish() the output folder holds the previous result; after it, the new one, with the
// file the user put there carried over, a sidecar for the file written without one (its rows
// verify), and no stage left beside the folder.
TEST(ResultFolder, PublishesTheNewResultAtOnceAndKeepsForeignFiles) {
  const fs::path root = calib_test::fresh_dir("calib_result_folder_", "publish");
  const fs::path out = root / "out";
  fs::create_directories(out);
  table(out, "a.csv", 3, "old");
  calib_test::put(out / "notes.txt", "mine\n");
  {
    io::ResultFolder folder(out, {});
    table(folder.stage(), "a.csv", 2, "new");
    calib_test::put(folder.stage() / "figure.dat", "x y\n1 2\n");
    EXPECT_EQ(calib_test::slurp(out / "a.csv"), "i,value\n0,old\n1,old\n2,old\n");  // not yet
    folder.publish(provenance());
  }
  EXPECT_EQ(calib_test::slurp(out / "a.csv"), "i,value\n0,new\n1,new\n");
  EXPECT_EQ(calib_test::slurp(out / "notes.txt"), "mine\n");
  EXPECT_NO_THROW(io::verify_results(out));
  EXPECT_EQ(io::read_sidecar(io::sidecar_of(out / "figure.dat")).at("table").at("rows"), 1);
  EXPECT_TRUE(leftovers_beside(out).empty());
  EXPECT_FALSE(fs::exists(io::lock_file_of(out)));
}

// A run that fails before publishing leaves the previous result as it was, and no stage; a
// folder that did not exist is not created.
TEST(ResultFolder, AFailedRunLeavesThePreviousResult) {
  const fs::path root = calib_test::fresh_dir("calib_result_folder_", "failed");
  const fs::path out = root / "out", fresh = root / "fresh";
  fs::create_directories(out);
  table(out, "a.csv", 1, "old");
  try {
    io::ResultFolder folder(out, {});
    table(folder.stage(), "a.csv", 1, "new");
    throw std::runtime_error("the computation failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(calib_test::slurp(out / "a.csv"), "i,value\n0,old\n");
  EXPECT_TRUE(leftovers_beside(out).empty());
  { io::ResultFolder folder(fresh, {}); }
  EXPECT_FALSE(fs::exists(fresh));
}

// A stage left by a killed run (its process gone, the lock released) is removed by the next run.
TEST(ResultFolder, RemovesTheStageOfAKilledRun) {
  const fs::path root = calib_test::fresh_dir("calib_result_folder_", "stale");
  const fs::path out = root / "out";
  fs::create_directories(root / ".out.calib-stage.999999.0");
  calib_test::put(root / ".out.calib-stage.999999.0" / "half.csv", "i\n");
  {
    io::ResultFolder folder(out, {});
    folder.publish(provenance());
  }
  EXPECT_TRUE(fs::is_directory(out));
  EXPECT_TRUE(leftovers_beside(out).empty());
}

// An input anywhere inside the output folder is refused before anything is written, naming both.
TEST(ResultFolder, RefusesAnInputInsideTheOutput) {
  const fs::path root = calib_test::fresh_dir("calib_result_folder_", "inside");
  const fs::path out = root / "out";
  fs::create_directories(out / "sub");
  calib_test::put(out / "sub" / "data.csv", "v,e\n1,0.5\n");
  try {
    io::ResultFolder folder(out, {out / "sub" / "data.csv"});
    FAIL() << "an input inside the output was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(out.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("sub/data.csv"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(io::lock_file_of(out)));
  EXPECT_TRUE(leftovers_beside(out).empty());
}

// Two runs on one folder: the second is refused while the first holds it.
TEST(ResultFolder, ASecondWriterIsRefused) {
  const fs::path out = calib_test::fresh_dir("calib_result_folder_", "two") / "out";
  io::ResultFolder first(out, {});
  EXPECT_THROW(io::ResultFolder(out, {}), InputError);
}

// A result file and its sidecar, as a run killed between their renames leaves them: the new
// CSV renamed into place, its sidecar still pending. The old sidecar does not verify the new
// rows, the pending one does, so a reader accepts the new pair; the next writer makes the
// pending sidecar the sidecar.
TEST(PublishResult, AResultCutBetweenItsRenamesIsTheNewPair) {
  const fs::path dir = calib_test::fresh_dir("calib_publish_result_", "cut");
  table(dir, "a.csv", 3, "old");
  calib_test::put(dir / "new.csv", "i,value\n0,new\n");
  const nlohmann::json meta =
      io::sidecar_json(dir / "a.csv", provenance(), io::digest_table_file(dir / "new.csv"));
  calib_test::put(io::pending_sidecar_of(dir / "a.csv"), meta.dump(2));
  fs::rename(dir / "new.csv", dir / "a.csv");  // killed here: the pending sidecar stays
  EXPECT_NO_THROW(io::verify_result_file(dir / "a.csv"));
  io::settle_result(dir / "a.csv");
  EXPECT_FALSE(fs::exists(io::pending_sidecar_of(dir / "a.csv")));
  EXPECT_EQ(io::read_sidecar(io::sidecar_of(dir / "a.csv")).at("table").at("rows"), 1);
  EXPECT_NO_THROW(io::verify_result_file(dir / "a.csv"));
}

// Killed after the pending sidecar was written, before the CSV's rename: the previous pair
// still verifies, and the next writer removes the pending sidecar that matches nothing.
TEST(PublishResult, AResultCutBeforeItsRenameIsThePreviousPair) {
  const fs::path dir = calib_test::fresh_dir("calib_publish_result_", "before");
  table(dir, "a.csv", 3, "old");
  const nlohmann::json meta =
      io::sidecar_json(dir / "a.csv", provenance(), io::digest_table_file(dir / "a.csv"));
  nlohmann::json other = meta;
  other["table"]["rows"] = 1;  // the new run's record: one row
  calib_test::put(io::pending_sidecar_of(dir / "a.csv"), other.dump(2));
  EXPECT_NO_THROW(io::verify_result_file(dir / "a.csv"));
  io::settle_result(dir / "a.csv");
  EXPECT_FALSE(fs::exists(io::pending_sidecar_of(dir / "a.csv")));
  EXPECT_EQ(io::read_sidecar(io::sidecar_of(dir / "a.csv")).at("table").at("rows"), 3);
}

// A result whose rows neither its sidecar nor a pending one records is refused.
TEST(PublishResult, ARowChangedOutsideAPublicationIsRefused) {
  const fs::path dir = calib_test::fresh_dir("calib_publish_result_", "edited");
  table(dir, "a.csv", 2, "old");
  calib_test::put(dir / "a.csv", "i,value\n0,old\n1,odd\n");
  EXPECT_THROW(io::verify_result_file(dir / "a.csv"), InputError);
}

// An output file whose sidecar is an input (merge --out part_0.csv.meta.json part_0.csv), or
// an input's sidecar: refused by name.
TEST(PrepareOutputFile, RefusesAnInputAmongTheFilesItIsPublishedAs) {
  const fs::path dir = calib_test::fresh_dir("calib_prepare_output_", "companions");
  table(dir, "part_0.csv", 1, "x");
  try {
    io::prepare_output_file(dir / "part_0.csv.meta.json", {dir / "part_0.csv"});
    FAIL() << "the input's sidecar was accepted as the output";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the sidecar of the input"), std::string::npos)
        << e.what();
  }
  // sweep --config X.csv.meta.json --out X.csv: the config is the output's sidecar.
  calib_test::put(dir / "x.csv.meta.json", "kernel = 'impact'\n");
  EXPECT_THROW(io::prepare_output_file(dir / "x.csv", {dir / "x.csv.meta.json"}), InputError);
  // An output that shares no file with its inputs is accepted.
  EXPECT_NO_THROW(io::prepare_output_file(dir / "merged.csv", {dir / "part_0.csv"}));
}

// A reader of a results folder (calib report) verifies every table in it: a CSV whose sidecar
// was removed is refused by name, not read unchecked.
TEST(VerifyResults, RefusesATableWithoutItsSidecar) {
  const fs::path dir = calib_test::fresh_dir("calib_verify_results_", "bare");
  table(dir, "a.csv", 2, "x");
  calib_test::put(dir / "notes.txt", "not a table\n");
  EXPECT_NO_THROW(io::verify_results(dir));
  fs::remove(io::sidecar_of(dir / "a.csv"));
  try {
    io::verify_results(dir);
    FAIL() << "a.csv without its sidecar was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("a.csv has no sidecar"), std::string::npos) << e.what();
  }
}
