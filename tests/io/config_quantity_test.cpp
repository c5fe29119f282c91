// A TOML value that is a physical quantity (io::ConfigNode::quantity): a number is SI, a string
// may carry a unit; the same core/units parser as the command line, so the same value and the
// same refusal (SI prefixes: BIPM SI Brochure, 9th ed., Table 7).
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/io/config.hpp"

using namespace calib;

namespace {
io::ConfigNode node(const std::string& text) { return io::ConfigNode::parse(text, "t.toml"); }
}  // namespace

TEST(ConfigQuantity, ANumberIsSIAndAStringMayCarryAUnit) {
  const auto t = node("a = 207e9\nb = \"207GPa\"\nc = \"207000 MPa\"\nd = 7\ne = \"5mm\"\n");
  EXPECT_EQ(t.quantity("a", units::youngs_modulus), 207e9);
  EXPECT_EQ(t.quantity("b", units::youngs_modulus), 207 * 1e9);
  EXPECT_EQ(t.quantity("c", units::youngs_modulus), 207000 * 1e6);
  EXPECT_EQ(t.quantity("d", units::mass), 7.0);  // a TOML integer
  EXPECT_EQ(t.quantity_in("e", units::length, "mm", 0.0), 5.0);
  EXPECT_EQ(t.quantity_in("a", units::youngs_modulus, "MPa", 0.0), 207e9 / 1e6);
  EXPECT_EQ(t.quantity("missing", units::mass, 2.5), 2.5);
  EXPECT_NO_THROW(t.reject_unknown());  // every key read above counts as used
}

TEST(ConfigQuantity, RefusalsNameTheFileKeyAndTextLikeTheCommandLine) {
  const auto t = node("[steel]\nE = 207\nR = \"5GPa\"\nm = true\nv = \"3 furlong/s\"\n");
  const io::ConfigNode s = t.table("steel");
  // The same message as units::parse with the field "t.toml: steel.E" (core/units).
  const std::string e = calib_test::input_error_of([&] { s.quantity("E", units::youngs_modulus); });
  EXPECT_EQ(e, calib_test::input_error_of(
                   [] { units::parse("207", units::youngs_modulus, "t.toml: steel.E"); }));
  EXPECT_NE(e.find("t.toml: steel.E: '207' = 207 Pa is outside"), std::string::npos) << e;
  EXPECT_NE(calib_test::input_error_of([&] { s.quantity("R", units::length); })
                .find("t.toml: steel.R: '5GPa' is a Young's modulus (Pa), not a length"),
            std::string::npos);
  EXPECT_NE(calib_test::input_error_of([&] { s.quantity("m", units::mass); })
                .find("t.toml: steel.m: expected a number (SI) or a string with a unit, got true"),
            std::string::npos);
  EXPECT_NE(calib_test::input_error_of([&] { s.quantity("v", units::speed); })
                .find("t.toml: steel.v: unknown unit 'furlong/s'"),
            std::string::npos);
}

TEST(ConfigQuantity, AnArrayOfQuantitiesReadsEachElementAndNamesItsIndex) {
  // A point [x, y] of a planar file: numbers in SI and strings with a unit, mixed.
  const auto t = node("[joint]\npoint_i = [\"10mm\", 0.25]\npoint_j = [0, \"3 s\"]\nbad = 4\n");
  const io::ConfigNode j = t.table("joint");
  EXPECT_EQ(j.quantities("point_i", units::position), (std::vector<double>{10 / 1e3, 0.25}));
  EXPECT_NE(calib_test::input_error_of([&] { j.quantities("point_j", units::position); })
                .find("t.toml: joint.point_j[1]: '3 s' is a duration (s), not a position (m)"),
            std::string::npos);
  EXPECT_NE(calib_test::input_error_of([&] { j.quantities("bad", units::position); })
                .find("t.toml: joint.bad: expected an array"),
            std::string::npos);
}
