// CSV headers name[unit] read into SI (io/unit_columns.hpp): conversions by core/units, and every
// header the reader does not understand refused naming the column.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "calib/io/unit_columns.hpp"

using namespace calib;
using calib_test::input_error_of;

namespace {

const std::vector<io::ColumnSpec> kSpecs{
    {"v_in", &units::speed, true}, {"e", nullptr, true}, {"t", &units::duration}, {"F", &units::force}};

io::UnitColumns read(const std::string& text) {
  return io::read_unit_columns(text, "test.csv", kSpecs, "--data");
}

}  // namespace

TEST(UnitColumns, HeaderSplitsNameAndUnit) {
  const io::ColumnHeader h = io::parse_column_header(" \"v_in[cm/s]\" ");
  EXPECT_EQ(h.name, "v_in");
  EXPECT_EQ(h.unit, "cm/s");
  EXPECT_TRUE(h.has_unit);
  EXPECT_FALSE(io::parse_column_header("v_in").has_unit);
}

TEST(UnitColumns, ValuesComeBackInSi) {
  // 150 cm/s = 1.5 m/s, 2 us = 2e-6 s, 3 kN = 3000 N (SI prefixes, BIPM Table 7); one
  // multiplication by the unit's factor, so equal to 4 ulps.
  const io::UnitColumns c = read("# note\nv_in[cm/s],e[1],t[us],F[kN]\n150,0.5,2,3\n");
  ASSERT_TRUE(c.has(2) && c.has(3));
  EXPECT_DOUBLE_EQ(c.columns[0][0], 1.5);
  EXPECT_DOUBLE_EQ(c.columns[1][0], 0.5);
  EXPECT_DOUBLE_EQ(c.columns[2][0], 2e-6);
  EXPECT_DOUBLE_EQ(c.columns[3][0], 3000.0);
  EXPECT_EQ(c.lines, std::vector<std::size_t>{3});
  const io::UnitColumns si = read("v_in[m/s],e[-]\n1.5,0.5\n");  // SI: the value unchanged
  EXPECT_EQ(si.columns[0][0], 1.5);
  EXPECT_FALSE(si.has(2));
}

TEST(UnitColumns, HeadersNotUnderstoodAreRefusedNamingTheColumn) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"v_in[m/s],e[-],sigma[-]\n1,0.5,0.1\n", "unknown column 'sigma[-]'"},
      {"v_in[m/s],e[-],e[1]\n1,0.5,0.5\n", "column 'e' appears twice ('e[-]' and 'e[1]')"},
      {"v_in[kg],e[-]\n1,0.5\n", "column 'v_in[kg]'"},
      {"v_in,e[-]\n1,0.5\n", "column 'v_in': no unit"},
      {"v_in[m/s],e[m]\n1,0.5\n", "'e' is dimensionless"},
      {"e[-],t[s]\n0.5,1\n", "no column v_in[m/s]"},
      {"v_in[m/s],e[-]\n1,abc\n", "'e[-]' holds 'abc'"},
  };
  for (const auto& [text, expected] : cases)
    EXPECT_NE(input_error_of([&] { read(text); }).find(expected), std::string::npos)
        << text << "\n" << input_error_of([&] { read(text); });
}
