// A sweep config's physical parameters (m, k, v) take a unit in [space] as in [fixed]: every form
// of an axis (values, linspace/logspace/range bounds and step, random bounds); the dimensionless
// ones (e, n, clamp) stay numbers. Read as `calib sweep` reads them (studies::parameter_readings).
#include <string>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/sweep/sweep.hpp"
#include "studies/sweep_kernels.hpp"
#include "../test_support.hpp"

using namespace calib;
using calib_test::input_error_of;

namespace {

const std::string kHead = "kernel = 'impact'\nmodel = 'gonthier'\n";

sweep::Space space_of(const std::string& text) {
  const auto config = io::ConfigNode::parse(kHead + text, "u.toml");
  return sweep::parse_space(config.table("space"), studies::parameter_readings(config));
}

// The refusal of `text` (a config after kHead), or "" when it is read.
std::string refusal_of(const std::string& text) {
  return input_error_of([&] {
    const auto config = io::ConfigNode::parse(kHead + text, "u.toml");
    (void)studies::make_kernel(config, sweep::parse_space(config.table("space"),
                                                          studies::parameter_readings(config)));
  });
}

}  // namespace

// Each prefixed value is one correctly rounded operation on an exact decimal (2.5 / 10^3,
// 10 / 10^2, 1e3 · 10^3, 1 / 10^3), i.e. the double nearest the SI decimal written beside it: the
// two spaces have the same points bit for bit (EXPECT_EQ on doubles, no tolerance).
TEST(SweepUnits, EveryAxisFormTakesAUnitAndGivesTheSiPointsBitForBit) {
  const sweep::Space with_units = space_of(
      "[fixed]\ne = 0.5\n[space]\n"
      "m = { values = ['2.5g', 0.5, '300 g'] }\n"
      "k = { logspace = { from = '1e3kN/m^1.5', to = '1e3MN/m^1.5', count = 3 } }\n"
      "v = { range = { from = '10cm/s', to = '50cm/s', step = '20cm/s' } }\n");
  const sweep::Space si = space_of(
      "[fixed]\ne = 0.5\n[space]\n"
      "m = { values = [0.0025, 0.5, 0.3] }\n"
      "k = { logspace = { from = 1e6, to = 1e9, count = 3 } }\n"
      "v = { range = { from = 0.1, to = 0.5, step = 0.2 } }\n");
  ASSERT_EQ(with_units.size(), 3u * 3 * 3);
  ASSERT_EQ(si.size(), with_units.size());
  for (std::size_t i = 0; i < si.size(); ++i) EXPECT_EQ(with_units.point(i), si.point(i)) << i;
  const sweep::Space lin_units = space_of(
      "[fixed]\ne = 0.5\nm = 1\nk = 1e9\n[space]\nsamples = 5\nseed = 9\n"
      "v = { random = { dist = 'loguniform', from = '1mm/s', to = '2 m/s' } }\n");
  const sweep::Space lin_si = space_of(
      "[fixed]\ne = 0.5\nm = 1\nk = 1e9\n[space]\nsamples = 5\nseed = 9\n"
      "v = { random = { dist = 'loguniform', from = 0.001, to = 2 } }\n");
  for (std::size_t i = 0; i < lin_si.size(); ++i) EXPECT_EQ(lin_units.point(i), lin_si.point(i));
  // k's unit N/m^n at the fixed n: 1 kN/m^1.2 is 1000 N/m^1.2 with [fixed] n = 1.2.
  EXPECT_EQ(space_of("[fixed]\ne = 0.5\nn = 1.2\n[space]\n"
                     "k = { linspace = { from = '1kN/m^1.2', to = '2kN/m^1.2', count = 2 } }\n")
                .point(1),
            std::vector<double>{2000.0});
}

TEST(SweepUnits, AWrongDimensionIsRefusedNamingTheKeyAndTheValue) {
  const std::string scales = "[fixed]\ne = 0.5\nk = 1e9\nv = 1\n";
  std::string why = refusal_of(scales + "[space]\nm = { values = [0.1, '3 m/s'] }\n");
  EXPECT_NE(why.find("u.toml: space.m.values[1]: '3 m/s' is a velocity (m/s), not a mass (kg)"),
            std::string::npos)
      << why;
  why = refusal_of("[fixed]\ne = 0.5\nm = 1\nk = 1e9\n[space]\n"
                   "v = { range = { from = 0.1, to = 1, step = '5 g' } }\n");
  EXPECT_NE(why.find("space.v.range.step: '5 g' is a mass (kg)"), std::string::npos) << why;
  why = refusal_of("[fixed]\ne = 0.5\nm = 1\nv = 1\n[space]\n"
                   "k = { random = { dist = 'uniform', from = '1 N/m', to = 1e9 } }\n"
                   "samples = 2\nseed = 1\n");
  EXPECT_NE(why.find("space.k.random.from: '1 N/m'"), std::string::npos) << why;
  EXPECT_NE(why.find("N/m^n"), std::string::npos) << why;
}

// e, n and clamp are numbers: a unit string is refused naming the key, the value and why; k is a
// number in SI when n is an axis (its unit N/m^n would change from point to point).
TEST(SweepUnits, DimensionlessAxesRefuseAUnitNamingIt) {
  const std::string scales = "[fixed]\nm = 1\nk = 1e9\nv = 1\n";
  std::string why = refusal_of(scales + "[space]\ne = { values = [0.5, '0.7 m'] }\n");
  EXPECT_NE(why.find("space.e.values[1]: expected a finite number, got \"0.7 m\" (the "
                     "restitution e is dimensionless: a number)"),
            std::string::npos)
      << why;
  why = refusal_of("[fixed]\ne = '0.5'\nm = 1\nk = 1e9\nv = 1\n"
                   "[space]\nn = { values = [1.5] }\n");
  EXPECT_NE(why.find("fixed.e: expected a number, got \"0.5\""), std::string::npos) << why;
  why = refusal_of(scales + "e = 0.5\n[space]\nn = { linspace = { from = '1 s', to = 2, "
                   "count = 2 } }\n");
  EXPECT_NE(why.find("space.n.linspace.from: expected a number, got \"1 s\" (the exponent n"),
            std::string::npos)
      << why;
  why = refusal_of("[fixed]\ne = 0.5\nm = 1\nv = 1\n[space]\nn = { values = [1.2, 1.5] }\n"
                   "k = { values = ['1e4kN/m^1.5'] }\n");
  EXPECT_NE(why.find("space.k.values[0]: expected a finite number, got \"1e4kN/m^1.5\" (n is a "
                     "[space] axis"),
            std::string::npos)
      << why;
  why = refusal_of("[fixed]\ne = 0.5\nm = 1\nv = 1\nk = '1e4kN/m^1.5'\n"
                   "[space]\nn = { values = [1.2, 1.5] }\n");
  EXPECT_NE(why.find("fixed.k: expected a number, got \"1e4kN/m^1.5\" (n is a [space] axis"),
            std::string::npos)
      << why;
}

// The same value is refused on an axis as in [fixed] (units::mass accepts [1e-18, 1e9] kg), and a
// range's step is a difference: 5e-19 kg between masses is not itself a mass out of range.
TEST(SweepUnits, AnAxisValueHasTheRangeOfTheFixedValue) {
  const std::string scales = "e = 0.5\nk = 1e9\nv = 1\n";
  const std::string fixed = refusal_of("[fixed]\n" + scales + "m = 1e12\n[space]\nn = { values = [1.5] }\n");
  const std::string axis = refusal_of("[fixed]\n" + scales + "[space]\nm = { values = [1, 1e12] }\n");
  EXPECT_NE(fixed.find("fixed.m: '1000000000000' = 1e+12 kg is outside the accepted range"),
            std::string::npos)
      << fixed;
  EXPECT_NE(axis.find("space.m.values[1]: '1000000000000' = 1e+12 kg is outside the accepted "
                      "range"),
            std::string::npos)
      << axis;
  EXPECT_EQ(refusal_of("[fixed]\n" + scales +
                       "[space]\nm = { range = { from = 1e-17, to = 1.2e-17, step = 5e-19 } }\n"),
            "");
}
