// Config (TOML) and CSV I/O.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/io/config.hpp"
#include "calib/io/csv.hpp"
#include "../test_support.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {

fs::path temp_dir(const std::string& name) { return calib_test::fresh_dir("calib_io_test_", name); }

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

// Reads a config the way a study does: e.grid.{from,to,count}, solver.rel_tol, name.
void read_study_config(const io::ConfigNode& c) {
  auto grid = c.table("grid");
  const double from = grid.number("from");
  const double to = grid.number("to");
  const auto count = grid.integer("count");
  if (from >= to) throw InputError(c.where("grid.from") + ": must be < grid.to");
  if (count <= 0) throw InputError(grid.where("count") + ": must be > 0");
  if (auto s = c.optional_table("solver")) s->number("rel_tol", 1e-10);
  c.string("name", "x");
  c.boolean("clamp", true);
  c.reject_unknown();
}

}  // namespace

struct MalformedConfig {
  std::string name;  // ctest shows Io/MalformedConfigTest.RejectedWithKeyNamed/<name>
  std::string text;
  std::string must_mention;
};

class MalformedConfigTest : public ::testing::TestWithParam<MalformedConfig> {};

TEST_P(MalformedConfigTest, RejectedWithKeyNamed) {
  const auto& param = GetParam();
  try {
    read_study_config(io::ConfigNode::parse(param.text, "study.toml"));
    FAIL() << "accepted: " << param.text;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(param.must_mention), std::string::npos)
        << "message: " << e.what();
    EXPECT_NE(std::string(e.what()).find("study.toml"), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Io, MalformedConfigTest,
    ::testing::Values(
        MalformedConfig{"missing_key", "[grid]\nfrom = 0\nto = 1\n", "grid.count"},  // missing
        MalformedConfig{"unknown_key", "[grid]\nfrom = 0\nto = 1\ncount = 3\ncuont = 4\n",
                        "grid.cuont"},  // unknown
        MalformedConfig{"wrong_type", "[grid]\nfrom = 'a'\nto = 1\ncount = 3\n",
                        "grid.from"},  // type
        MalformedConfig{"not_an_integer", "[grid]\nfrom = 0\nto = 1\ncount = 2.5\n",
                        "grid.count"},                                                 // int
        MalformedConfig{"nan", "[grid]\nfrom = 0\nto = nan\ncount = 3\n", "grid.to"},  // NaN
        MalformedConfig{"inf", "[grid]\nfrom = 0\nto = inf\ncount = 3\n", "grid.to"},  // Inf
        MalformedConfig{"from_after_to", "[grid]\nfrom = 2\nto = 1\ncount = 3\n",
                        "grid.from"},  // order
        MalformedConfig{"count_out_of_range", "[grid]\nfrom = 0\nto = 1\ncount = 0\n",
                        "grid.count"},                         // range
        MalformedConfig{"not_a_table", "grid = 3\n", "grid"},  // not a table
        MalformedConfig{"solver_wrong_type",
                        "[grid]\nfrom = 0\nto = 1\ncount = 3\n[solver]\nrel_tol = 'x'\n",
                        "solver.rel_tol"},
        MalformedConfig{"clamp_not_bool", "[grid]\nfrom = 0\nto = 1\ncount = 3\nclamp = 1\n",
                        "clamp"},  // bool
        MalformedConfig{"name_not_string", "[grid]\nfrom = 0\nto = 1\ncount = 3\nname = 5\n",
                        "name"},                                               // string
        MalformedConfig{"syntax_error", "[grid\nfrom = 0\n", "study.toml:1"},  // syntax
        MalformedConfig{"unknown_table", "[grid]\nfrom = 0\nto = 1\ncount = 3\n[extra]\na = 1\n",
                        "extra"}),
    [](const ::testing::TestParamInfo<MalformedConfig>& info) { return info.param.name; });

TEST(Io, ConfigFileNotFound) {
  EXPECT_THROW(io::ConfigNode::load_file("/nonexistent/x.toml"), InputError);
}

TEST(Io, ConfigToJsonRoundTrip) {
  auto c = io::ConfigNode::parse("a = 1.5\n[t]\nb = 'x'\n", "t.toml");
  auto j = c.to_json();
  EXPECT_DOUBLE_EQ(j["a"].get<double>(), 1.5);
  EXPECT_EQ(j["t"]["b"], "x");
}

TEST(Io, CsvRoundTripIsExact) {
  const fs::path d = temp_dir("roundtrip");
  const std::vector<double> xs = {0.1, 1.0 / 3.0, -2.5e-300, 6.02214076e23, 1.0 - 1e-16};
  {
    io::CsvWriter w(d / "a.csv", {"x", "label", "y"});
    for (double x : xs) w.row({x, std::string("a,\"b\""), 2.0 * x});
    w.commit();
  }
  const auto t = io::read_numeric_csv(d / "a.csv", {"y", "x"});
  ASSERT_EQ(t.rows(), xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) {
    EXPECT_EQ(t.column("x")[i], xs[i]);  // bit-exact: shortest round-trip formatting
    EXPECT_EQ(t.column("y")[i], 2.0 * xs[i]);
  }
}

TEST(Io, MalformedCsvRejected) {
  const fs::path d = temp_dir("malformed");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "empty"},
      {"x,y\n", "no data rows"},
      {"x,z\n1,2\n", "y"},            // missing column
      {"x,y\n1,abc\n", "malformed"},  // non-numeric
      {"x,y\n1,nan\n", "malformed"},  // NaN (not a number for the parser)
      {"x,y\n1\n", "malformed"},      // too few cells
  };
  int i = 0;
  for (const auto& [text, mention] : cases) {
    const fs::path p = d / ("c" + std::to_string(i++) + ".csv");
    write(p, text);
    try {
      io::read_numeric_csv(p, {"x", "y"});
      FAIL() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(mention), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(io::read_numeric_csv(d / "missing.csv", {"x"}), InputError);
}

TEST(Io, ExceptionDuringWriteLeavesNoFinalFile) {
  const fs::path d = temp_dir("atomic");
  const fs::path target = d / "out.csv";
  try {
    io::CsvWriter w(target, {"a", "b"});
    w.row({1.0, 2.0});
    w.row({1.0});  // wrong width: throws before commit
    w.commit();
  } catch (const Error&) {
  }
  EXPECT_FALSE(fs::exists(target));
  for (const auto& entry : fs::directory_iterator(d))
    ADD_FAILURE() << "left behind: " << entry.path();
  // An existing result is kept intact until the new one is complete.
  write(target, "old\n");
  try {
    io::CsvWriter w(target, {"a"});
    throw Error("interrupted");
  } catch (const Error&) {
  }
  std::ifstream in(target);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "old");
}
