// The output vocabulary compiled from docs/outputs.md: units looked up by name (and by the name
// after "<body>."), the CSV/text column name[unit], and the "units" object of a JSON record.
// Expected values: the rows of the table "Names and units" of docs/outputs.md.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "calib/core/vocabulary.hpp"

namespace calib {
namespace {

TEST(Vocabulary, UnitsAreTheTableRows) {
  EXPECT_EQ(vocabulary::unit_of("c"), "N*s/m");
  EXPECT_EQ(vocabulary::unit_of("C"), "N*s/m^(n+1)");  // names are case-sensitive: C is not c
  EXPECT_EQ(vocabulary::unit_of("impulse"), "N*s");
  EXPECT_EQ(vocabulary::unit_of("max_drift"), "m|rad");  // `m\|rad` in the table
  EXPECT_EQ(vocabulary::unit_of("e"), "");               // unit 1: dimensionless
  EXPECT_EQ(vocabulary::unit_of("status"), "");          // unit —: a text
  EXPECT_EQ(vocabulary::unit_of("ball.x"), "m");         // <body>.<name>
  EXPECT_FALSE(vocabulary::unit_of("peak_F").has_value());
  EXPECT_FALSE(vocabulary::unit_of("c[N*s/m]").has_value());
}

TEST(Vocabulary, ColumnsCarryTheirUnit) {
  EXPECT_EQ(vocabulary::column("c"), "c[N*s/m]");
  EXPECT_EQ(vocabulary::column("peak_force"), "peak_force[N]");
  EXPECT_EQ(vocabulary::column("crank.angle"), "crank.angle[deg]");
  EXPECT_EQ(vocabulary::column("e"), "e");
  EXPECT_EQ(vocabulary::column("no_such_name"), "no_such_name");  // left for the test to flag
}

TEST(Vocabulary, RecordsGetAUnitsObjectOfWhatTheyHold) {
  const nlohmann::ordered_json rec = {
      {"e", 0.5},
      {"c", 1.0},
      {"impacts", {{{"t_start", 0.1}, {"after", {{"ball", {{"vy", 1.0}}}}}}}},
      {"contact", {{"E", 7e10}}}};
  const auto j = vocabulary::with_units(rec);
  const nlohmann::ordered_json expected = {
      {"c", "N*s/m"}, {"t_start", "s"}, {"vy", "m/s"}, {"E", "Pa"}};
  EXPECT_EQ(j["units"], expected);
  EXPECT_EQ(j["c"], 1.0);  // the values untouched
  EXPECT_EQ(vocabulary::with_units(nlohmann::ordered_json{{"e", 0.5}})["units"],
            nlohmann::ordered_json::object());
}

}  // namespace
}  // namespace calib
