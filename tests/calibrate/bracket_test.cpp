// The bracket search of every inverse (calibrate_damping, codes::input_for): bracket_decreasing.
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "calib/calibrate/solve_for_restitution.hpp"

using calib::calibrate::bracket_decreasing;
using calib::calibrate::BracketLimits;

namespace {
// f(x) = 1 − x: decreasing, its root at x = 1. Each walk below is worked by hand; the steps
// double or halve, so every argument and every f is exact in binary.
double one_minus(double x) { return 1.0 - x; }
auto doubling = [](double x, bool up, int) { return up ? 2.0 * x : 0.5 * x; };
}  // namespace

TEST(BracketDecreasing, WalksUpWhileFIsPositive) {
  // x0 = 0.375 (f = 0.625): 0.75 (f = 0.25), then 1.5 (f = −0.5): the bracket [0.75, 1.5].
  const auto b = bracket_decreasing(one_minus, 0.375, 0.625, doubling, BracketLimits{});
  ASSERT_TRUE(b);
  EXPECT_EQ(b->lo, 0.75);
  EXPECT_EQ(b->hi, 1.5);
  EXPECT_EQ(b->f_lo, 0.25);
  EXPECT_EQ(b->f_hi, -0.5);
}

TEST(BracketDecreasing, WalksDownWhileFIsNegative) {
  // x0 = 5 (f = −4): 2.5 (−1.5), 1.25 (−0.25), 0.625 (0.375): the bracket [0.625, 1.25].
  const auto b = bracket_decreasing(one_minus, 5.0, -4.0, doubling, BracketLimits{});
  ASSERT_TRUE(b);
  EXPECT_EQ(b->lo, 0.625);
  EXPECT_EQ(b->hi, 1.25);
  EXPECT_EQ(b->f_lo, 0.375);
  EXPECT_EQ(b->f_hi, -0.25);
}

TEST(BracketDecreasing, AZeroOfFEndsTheWalk) {
  // x0 = 0.25 (f = 0.75): 0.5 (0.5), then 1 where f = 0 exactly: [0.5, 1], not a step further.
  int evaluations = 0;
  auto f = [&](double x) {
    ++evaluations;
    return one_minus(x);
  };
  const auto b = bracket_decreasing(f, 0.25, 0.75, doubling, BracketLimits{});
  ASSERT_TRUE(b);
  EXPECT_EQ(b->hi, 1.0);
  EXPECT_EQ(b->f_hi, 0.0);
  EXPECT_EQ(evaluations, 2);
}

TEST(BracketDecreasing, TheStepLawSeesItsIndexAndDirection) {
  // A first step of 5 % then doubling (calibrate_damping's law): from 0.25 the arguments are
  // 0.25·1.05 = 0.2625 (step 0), 0.525 (1), 1.05 (2), where f < 0.
  std::vector<int> steps;
  auto law = [&](double x, bool up, int i) {
    EXPECT_TRUE(up);
    steps.push_back(i);
    return i == 0 ? x * 1.05 : 2.0 * x;
  };
  const auto b = bracket_decreasing(one_minus, 0.25, 0.75, law, BracketLimits{});
  ASSERT_TRUE(b);
  EXPECT_EQ(steps, (std::vector<int>{0, 1, 2}));
  EXPECT_DOUBLE_EQ(b->lo, 0.525);
  EXPECT_DOUBLE_EQ(b->hi, 1.05);
}

TEST(BracketDecreasing, NoBracketOutsideTheLimitsOrStepsOrOnANaN) {
  int evaluations = 0;
  auto f = [&](double x) {
    ++evaluations;
    return one_minus(x);
  };
  // 0.75 is evaluated; 1.5 lies above upper = 1.2 and is not.
  EXPECT_FALSE(bracket_decreasing(f, 0.375, 0.625, doubling, {.upper = 1.2}));
  EXPECT_EQ(evaluations, 1);
  // One step reaches 0.75 only, where f is still positive.
  EXPECT_FALSE(bracket_decreasing(one_minus, 0.375, 0.625, doubling, {.max_steps = 1}));
  // A walk down below lower = 1.5 from 5: 2.5, then 1.25 < 1.5.
  EXPECT_FALSE(bracket_decreasing(one_minus, 5.0, -4.0, doubling, {.lower = 1.5}));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(bracket_decreasing([&](double) { return nan; }, 0.375, 0.625, doubling, {}));
}
