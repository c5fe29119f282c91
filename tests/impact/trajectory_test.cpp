// impact::trajectory (the impact's time history on dense output) against the event solve
// (impact::solve_physical: its e, t_c, peak force and penetration) and against the damped
// oscillator's closed form.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/impact/trajectory.hpp"

using namespace calib;

namespace {

impact::ImpactOptions tight() {
  impact::ImpactOptions o;
  o.rel_tol = 1e-12;
  o.abs_tol = 1e-14;
  return o;
}

// A 10 g ball at 1 m/s, K = 1e9 N/m^1.5: each family at a damping where e ≈ 0.6–0.9.
std::vector<PhysicalImpact> laws() {
  return {{{Family::hysteresis, 1e9, 1.5, 1e9 * 0.2, false}, 0.01, 1.0},
          {{Family::viscoelastic, 1e9, 1.5, 1.5e9 * 7e-6, true}, 0.01, 1.0},
          {{Family::linear_damper, 1e9, 1.5, 50.0, true}, 0.01, 1.0},
          {{Family::tsuji, 1e9, 1.5, 0.3, true}, 0.01, 1.0},
          {{Family::linear_damper, 2e8, 1.25, 20.0, false}, 0.01, 0.5}};
}

}  // namespace

// The same impact by two solvers: the event solve (Fehlberg 7(8), energy time, Taylor bulk) and
// the dense-output Dormand–Prince 5(4) here, both at rel_tol 1e-12: e, t_c, F_max and δ_max
// agree to 1e-9 relative (each is exact to ~1e-11; the margin is the two solvers' errors).
TEST(Trajectory, AgreesWithTheEventSolve) {
  for (const PhysicalImpact& p : laws()) {
    const impact::PhysicalResult ref = impact::solve_physical(p, tight());
    const impact::Trajectory tr = impact::trajectory(p, {}, tight());
    ASSERT_EQ(tr.status, impact::Status::separated) << family_name(p.law.family);
    EXPECT_NEAR(tr.e_out, ref.e_out, 1e-9 * ref.e_out) << family_name(p.law.family);
    EXPECT_NEAR(tr.t_contact, ref.t_contact, 1e-9 * ref.t_contact) << family_name(p.law.family);
    EXPECT_NEAR(tr.f_max, ref.f_max, 1e-9 * ref.f_max) << family_name(p.law.family);
    EXPECT_NEAR(tr.delta_max, ref.delta_max, 1e-9 * ref.delta_max) << family_name(p.law.family);
    ASSERT_FALSE(tr.points.empty());
    EXPECT_DOUBLE_EQ(tr.points.back().t, tr.t_contact);  // step ends, the last at separation
  }
}

// m δ'' + c δ' + K δ = 0, δ(0) = 0, δ'(0) = v (n = 1): δ(t) = (v/ω_d) e^{−βt} sin(ω_d t),
// β = c/(2m), ω² = K/m, ω_d = √(ω² − β²). Unclamped the contact ends where δ returns to 0,
// t = π/ω_d; clamped where F = Kδ + cδ' returns to 0, ω_d t = π − 2 atan(β/ω_d) (Schwager &
// Pöschel, Granular Matter 9, 465, 2007). The dense samples match to 1e-9 of the scales v/ω
// and v.
TEST(Trajectory, LinearDamperMatchesTheDampedOscillator) {
  const double m = 0.02, K = 5e6, c = 40.0, v = 0.8;
  const double beta = c / (2 * m), omega = std::sqrt(K / m),
               wd = std::sqrt(omega * omega - beta * beta);
  const auto delta = [&](double t) { return v / wd * std::exp(-beta * t) * std::sin(wd * t); };
  const auto rate = [&](double t) {
    return v * std::exp(-beta * t) * (std::cos(wd * t) - beta / wd * std::sin(wd * t));
  };
  for (const bool clamp : {false, true}) {
    const double t_end = clamp ? (M_PI - 2 * std::atan(beta / wd)) / wd : M_PI / wd;
    std::vector<double> times;
    for (int i = -3; i <= 60; ++i) times.push_back(t_end * i / 50.0);
    const PhysicalImpact p{{Family::linear_damper, K, 1.0, c, clamp}, m, v};
    const impact::Trajectory tr = impact::trajectory(p, times, tight());
    ASSERT_EQ(tr.status, impact::Status::separated);
    EXPECT_NEAR(tr.t_contact, t_end, 1e-10 * t_end) << "clamp " << clamp;
    EXPECT_NEAR(tr.e_out, -rate(t_end) / v, 1e-9) << "clamp " << clamp;
    ASSERT_EQ(tr.points.size(), times.size());
    for (std::size_t i = 0; i < times.size(); ++i) {
      const impact::TrajectoryPoint& q = tr.points[i];
      EXPECT_EQ(q.t, times[i]);
      if (times[i] < 0 || times[i] > t_end) {  // out of contact: F = 0, free flight at v or v_sep
        EXPECT_EQ(q.force, 0.0);
        const double t_ref = times[i] < 0 ? 0.0 : t_end;
        EXPECT_NEAR(q.delta, delta(t_ref) + rate(t_ref) * (times[i] - t_ref), 1e-9 * v / omega);
        continue;
      }
      EXPECT_NEAR(q.delta, delta(times[i]), 1e-9 * v / omega) << "t = " << times[i];
      EXPECT_NEAR(q.rate, rate(times[i]), 1e-9 * v) << "t = " << times[i];
      EXPECT_NEAR(q.force, K * delta(times[i]) + c * rate(times[i]), 1e-9 * K * v / omega);
    }
  }
}

TEST(Trajectory, RefusesTimesThatDoNotIncrease) {
  const PhysicalImpact p{{Family::linear_damper, 1e9, 1.5, 50.0, true}, 0.01, 1.0};
  const std::vector<double> times{0.0, 2e-5, 1e-5};
  EXPECT_THROW(impact::trajectory(p, times), InputError);
}
