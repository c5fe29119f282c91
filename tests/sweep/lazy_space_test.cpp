// Spaces generate point i from i: the lazy grids give exactly the points of the expanded lists
// a materialised enumeration gives (same doubles, bit for bit), at any size.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "calib/io/config.hpp"
#include "calib/io/csv.hpp"
#include "calib/sweep/sweep.hpp"

using namespace calib;

namespace {

sweep::Space space_of(const std::string& toml) {
  return sweep::parse_space(io::ConfigNode::parse(toml, "space.toml").table("space"));
}

// The list a grid axis denotes, expanded: each linspace/logspace value from its index with the
// end point exact (interpolated in x or in log x), each range value from + i*step (sweep.hpp, restated
// independently of space.cpp as the reference).
std::vector<double> expanded(const sweep::Grid& g) {
  std::vector<double> out;
  for (std::size_t i = 0; i < g.count; ++i) {
    const double t = g.count == 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(g.count - 1);
    if (g.rule == sweep::Grid::Rule::range)
      out.push_back(g.from + static_cast<double>(i) * g.step);
    else if (g.rule == sweep::Grid::Rule::linspace)
      out.push_back(i == g.count - 1 ? g.to : g.from + t * (g.to - g.from));
    else
      out.push_back(i == g.count - 1
                        ? g.to
                        : std::exp(std::log(g.from) + t * (std::log(g.to) - std::log(g.from))));
  }
  return out;
}

// Point i of the materialised cartesian list (last axis fastest, as sweep.hpp specifies).
std::vector<double> materialised_point(const std::vector<std::vector<double>>& lists,
                                       std::size_t i) {
  std::vector<double> p(lists.size());
  for (std::size_t a = lists.size(); a-- > 0;) {
    p[a] = lists[a][i % lists[a].size()];
    i /= lists[a].size();
  }
  return p;
}

std::vector<std::vector<double>> lists_of(const sweep::Space& s) {
  std::vector<std::vector<double>> lists;
  for (const auto& a : s.axes)
    lists.push_back(a.grid.rule == sweep::Grid::Rule::none ? a.values : expanded(a.grid));
  return lists;
}

}  // namespace

TEST(LazySpace, EveryPointEqualsTheMaterialisedListBitForBit) {
  // The grids of configs/sweeps/copt_grid.toml plus awkward ones (a non-dividing range, a
  // one-value linspace, a wide logspace): every point compared exactly (EXPECT_EQ on doubles).
  const auto s = space_of(
      "[space]\n"
      "a = { range = { from = 0.05, to = 1.0, step = 0.05 } }\n"
      "b = { linspace = { from = 1.0, to = 2.0, count = 11 } }\n"
      "c = { logspace = { from = 1e-7, to = 3e5, count = 17 } }\n"
      "d = { range = { from = -0.3, to = 0.71, step = 0.1 } }\n"
      "e = { linspace = { from = 0.25, to = 0.75, count = 1 } }\n"
      "f = { values = [3.0, -1.5] }\n");
  const auto lists = lists_of(s);
  ASSERT_EQ(s.size(), 20u * 11u * 17u * 11u * 1u * 2u);
  for (std::size_t i = 0; i < s.size(); ++i)
    ASSERT_EQ(s.point(i), materialised_point(lists, i)) << i;
}

TEST(LazySpace, ZippedGridsMatchTheirLists) {
  const auto s = space_of(
      "[space]\ncombine = 'zipped'\n"
      "x = { linspace = { from = 0.1, to = 0.9, count = 1000 } }\n"
      "y = { logspace = { from = 1e-3, to = 1e3, count = 1000 } }\n");
  const auto lists = lists_of(s);
  for (std::size_t i = 0; i < s.size(); ++i)
    ASSERT_EQ(s.point(i), (std::vector<double>{lists[0][i], lists[1][i]})) << i;
}

TEST(LazySpace, HugeSpacesAreIndexedWithoutLists) {
  // 10^12 points: parse and index without storing a value (values stay empty); endpoints exact,
  // interior values from the formulas (linspace: from + k/(N-1)·(to-from)).
  const auto s = space_of(
      "[space]\nmax_points = 1000000000000\n"
      "e = { linspace = { from = 0.0, to = 1.0, count = 10000000000 } }\n"
      "n = { linspace = { from = 1.0, to = 2.0, count = 100 } }\n");
  ASSERT_EQ(s.size(), 1'000'000'000'000u);
  for (const auto& a : s.axes) EXPECT_TRUE(a.values.empty());
  EXPECT_EQ(s.point(0), (std::vector<double>{0.0, 1.0}));
  EXPECT_EQ(s.point(s.size() - 1), (std::vector<double>{1.0, 2.0}));
  const std::size_t k = 1'234'567'891;  // e index; n index 42
  const double t = static_cast<double>(k) / 9'999'999'999.0;
  EXPECT_EQ(s.point(k * 100 + 42), (std::vector<double>{0.0 + t * 1.0, 1.0 + 42.0 / 99.0 * 1.0}));
  for (std::size_t i :
       {std::size_t{7}, std::size_t{999'999'999'999}, std::size_t{500'000'000'000}}) {
    const sweep::Grid& g = s.axes[0].grid;
    const double te = static_cast<double>(i / 100) / static_cast<double>(g.count - 1);
    EXPECT_EQ(s.point(i)[0], i / 100 == g.count - 1 ? 1.0 : te);
  }
}

TEST(LazySpace, RandomDrawsAreTheCounterDraws) {
  // Random axis a, sample j: from + u·(to-from) with u = unit_draw(seed, a, j) (the counter
  // generator), outermost over the grid; checked at sparse indices of a 10^11-point space.
  const auto s = space_of(
      "[space]\nmax_points = 100000000000\nsamples = 100000000\nseed = 7\n"
      "m = { random = { dist = 'uniform', from = 2.0, to = 5.0 } }\n"
      "v = { linspace = { from = 0.0, to = 1.0, count = 1000 } }\n");
  ASSERT_EQ(s.size(), 100'000'000'000u);
  for (std::size_t i : {std::size_t{0}, std::size_t{1001}, std::size_t{99'999'999'999}}) {
    const double u = sweep::unit_draw(7, 0, i / 1000);
    EXPECT_EQ(s.point(i)[0], 2.0 + u * 3.0);
  }
}

TEST(LazySpace, IdentityOfShortGridsIsTheirValues) {
  // Resume and merge identify a space by its values: for grids up to kIdentityValues values the
  // text is the concatenated values (so the fingerprints of existing sweeps stay the same); a
  // longer grid is identified by its rule, in constant size.
  const auto s = space_of("[space]\ne = { range = { from = 0.05, to = 1.0, step = 0.05 } }\n");
  std::string expected;
  for (double v : expanded(s.axes[0].grid)) expected += io::format_number(v);
  EXPECT_EQ(s.axes[0].values_identity(), expected);
  const auto big = space_of(
      "[space]\nmax_points = 1000000000000\ne = { linspace = { from = 0.5, to = 1.0, count = "
      "1000000000000 } }\n");
  EXPECT_EQ(big.axes[0].values_identity(), "linspace(0.5,1,0,1000000000000)");
}
