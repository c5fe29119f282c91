// dynamics::simulate's series grid, open contacts and work budget on the SF2020 §8 bouncing ball
// (a 1 kg ball of radius 0.1 m dropped from 1 m: first contact at t = √(2·0.9/9.8) = 0.4286 s).
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/systems.hpp"

using namespace calib;
using namespace calib::dynamics;

namespace {
Vector v1(double x) { return Vector::Constant(1, x); }
const BouncingBall kBall(1.0, 0.1, 9.8);
const ContactModel kLaw{Calibrated{"linear-damper", 0.8}, 1.4e8, 1.5, {}};
}  // namespace

TEST(SimulateSeries, SamplesSitOnTheGridAndTheLastAtTEnd) {
  // Sample i is at i·Δt exactly (computed, not accumulated), and a t_end off the grid gets one
  // more, shorter, interval: 0.0045 s at Δt = 1e-3 s has samples 0, 1, ..., 4 ms and 4.5 ms.
  SimulateOptions o;
  o.t_end = 0.0045;
  o.output_dt = 1e-3;
  const auto r = simulate(kBall, v1(1.0), v1(0.0), kLaw, o);
  ASSERT_EQ(r.series.size(), 6u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(r.series[i].t, static_cast<double>(i) * 1e-3);
  EXPECT_EQ(r.series.back().t, 0.0045);
  // On the grid: 0.3 s at Δt = 1e-3 s is 300 intervals (0.3/1e-3 = 299.99999999999994 in
  // doubles); the accumulated sum 1e-3 + 1e-3 + ... passes 0.3 and dropped the last sample.
  o.t_end = 0.3;
  const auto g = simulate(kBall, v1(1.0), v1(0.0), kLaw, o);
  ASSERT_EQ(g.series.size(), 301u);
  EXPECT_EQ(g.series[299].t, 299 * 1e-3);
  EXPECT_EQ(g.series.back().t, 0.3);
  EXPECT_EQ(g.t_reached, 0.3);
}

TEST(SimulateSeries, AContactOpenAtTEndIsOpen) {
  // t_end = 0.4287 s falls 0.13 ms into the first contact (starting at 0.42857 s and lasting
  // about 1.3 ms: Hertz's 3.21 (m/K)^0.4 v^-0.2 at K = 1.4e8 N/m^1.5, v = 4.2 m/s): the impact
  // is open, with no end, e, v_out or impulse.
  SimulateOptions o;
  o.t_end = 0.4287;
  const auto r = simulate(kBall, v1(1.0), v1(0.0), kLaw, o);
  ASSERT_EQ(r.impacts.size(), 1u);
  const Impact& i = r.impacts[0];
  EXPECT_NEAR(i.t_start, std::sqrt(2 * 0.9 / 9.8), 1e-9);  // free fall from 1 m to y = R
  EXPECT_FALSE(i.closed());
  EXPECT_EQ(i.status(), "open");
  EXPECT_TRUE(std::isnan(i.t_end) && std::isnan(i.e) && std::isnan(i.v_out) &&
              std::isnan(i.impulse));
  EXPECT_GT(i.delta_max, 0.0);  // what it reached so far
  // Run past its end, the same contact closes with e near the target 0.8: the linear damper's
  // c is the exact c_opt for that e without gravity, and gravity changes the ball's speed by
  // g·t_c ≈ 9.8 · 1.3 ms = 0.013 m/s of 4.2 during the contact (0.3%).
  o.t_end = 0.5;
  const auto closed = simulate(kBall, v1(1.0), v1(0.0), kLaw, o);
  ASSERT_EQ(closed.impacts.size(), 1u);
  EXPECT_EQ(closed.impacts[0].status(), "closed");
  EXPECT_NEAR(closed.impacts[0].e, 0.8, 0.01);
}

TEST(SimulateBudget, AStepBudgetStopsTheRunWithWhatItComputed) {
  // 3 steps end in the free fall (the first is 1e-4 s and a step grows at most fivefold:
  // 3.1e-3 s at most, before the contact at 0.4286 s): the run stops at step 3 with its series
  // up to where it stopped, and no contact took the steps; simulate() makes it a ComputeError.
  SimulateOptions o;
  o.t_end = 1.0;
  o.max_steps = 3;
  const auto r = simulate_until_stop(kBall, v1(1.0), v1(0.0), kLaw, o);
  EXPECT_EQ(r.stop, Stop::step_budget);
  EXPECT_EQ(r.steps, 3u);
  EXPECT_LE(r.t_reached, 3.1e-3);
  EXPECT_EQ(r.series.back().t, r.t_reached);
  // The last sample and the final state are the state reached: the free fall from rest at 1 m,
  // y = 1 − g t²/2 and ẏ = −g t, which Dormand–Prince integrates exactly (a quadratic in t).
  const double t = r.t_reached;
  EXPECT_GT(t, 0.0);
  EXPECT_NEAR(r.series.back().q[0], 1 - 0.5 * 9.8 * t * t, 1e-12);
  EXPECT_NEAR(r.series.back().qd[0], -9.8 * t, 1e-12);
  EXPECT_NEAR(r.q_final[0], 1 - 0.5 * 9.8 * t * t, 1e-12);
  EXPECT_NE(r.stop_reason.find("max_steps = 3)"), std::string::npos) << r.stop_reason;
  EXPECT_NE(r.stop_reason.find("no contact was open during most"), std::string::npos)
      << r.stop_reason;
  EXPECT_THROW(simulate(kBall, v1(1.0), v1(0.0), kLaw, o), ComputeError);
  // 50 steps end inside the first contact: its steps (the fall takes a handful) are named.
  o.max_steps = 50;
  const auto in_contact = simulate_until_stop(kBall, v1(1.0), v1(0.0), kLaw, o);
  EXPECT_GT(in_contact.t_reached, std::sqrt(2 * 0.9 / 9.8));
  EXPECT_NE(in_contact.stop_reason.find("the steps went to contact 'ball-ground'"),
            std::string::npos)
      << in_contact.stop_reason;
  ASSERT_EQ(in_contact.impacts.size(), 1u);
  EXPECT_FALSE(in_contact.impacts[0].closed());
  o.max_steps = 0;
  EXPECT_THROW(simulate(kBall, v1(1.0), v1(0.0), kLaw, o), InputError);
}

TEST(SimulateBudget, AStopRequestEndsTheRunAsAnInterrupt) {
  // The request is polled before every step: true on the 21st poll stops it after 20 steps.
  SimulateOptions o;
  int polls = 0;
  o.stop_requested = [&polls] { return ++polls > 20; };
  const auto r = simulate_until_stop(kBall, v1(1.0), v1(0.0), kLaw, o);
  EXPECT_EQ(r.stop, Stop::interrupted);
  EXPECT_EQ(r.steps, 20u);
  EXPECT_EQ(r.series.back().t, r.t_reached);
  EXPECT_THROW(require_complete(r), Interrupted);
  try {
    require_complete(r, "kept here");
  } catch (const Interrupted& e) {
    EXPECT_NE(std::string(e.what()).find("; kept here"), std::string::npos) << e.what();
  }
}

TEST(SimulateBudget, AWallTimeBudgetStopsTheRun) {
  // 1 ps of wall clock is spent before the first step can be taken (setting the run up takes
  // longer than that): the run stops as a time budget, at t = 0, and says which budget.
  SimulateOptions o;
  o.max_wall_time = 1e-12;
  const auto r = simulate_until_stop(kBall, v1(1.0), v1(0.0), kLaw, o);
  EXPECT_EQ(r.stop, Stop::time_budget);
  EXPECT_EQ(r.t_reached, 0.0);
  EXPECT_NE(r.stop_reason.find("wall-time budget spent (max_wall_time = 1e-12 s)"),
            std::string::npos)
      << r.stop_reason;
  EXPECT_THROW(require_complete(r), ComputeError);
  o.max_wall_time = 0;
  EXPECT_THROW(simulate(kBall, v1(1.0), v1(0.0), kLaw, o), InputError);
}

TEST(SimulateOptionsCheck, EventBitsOutsideTheDoublesPrecisionAreRefused) {
  // TOMS748 can bracket an event time to at most the 53 bits of a double's significand, and
  // fewer than 10 bits (1e-3 of the step) would not be an event time: both ends are refused,
  // naming the field and the value; 10 and 53 are accepted.
  SimulateOptions o;
  std::string why;
  for (const int bits : {9, 54}) {
    o.event_bits = bits;
    EXPECT_FALSE(o.IsValid(&why));
    EXPECT_EQ(why, "event_bits must be in [10,53], got " + std::to_string(bits));
  }
  for (const int bits : {10, 53}) {
    o.event_bits = bits;
    EXPECT_TRUE(o.IsValid(&why)) << why;
  }
}
