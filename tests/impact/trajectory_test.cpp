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

// The same impact by two paths of the solve: impact::solve_physical's (energy time, series
// start, Taylor bulk where they apply) and the trajectory's, stepped in τ throughout (its steps
// carry a dense output to sample), both at rel_tol 1e-12: e, t_c, F_max and δ_max agree to 1e-9
// relative (each is exact to ~1e-11; the margin is the two paths' errors).
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

// The undamped Hertz impact m δ'' = −K δⁿ in closed form (energy conservation): δ_max =
// ((n + 1) m v²/(2K))^(1/(n+1)), F_max = K δ_maxⁿ, and t_c = 2 (δ_max/v) ∫₀¹ du/√(1 − u^(n+1)) =
// 2 (δ_max/v) √π Γ(1 + 1/(n+1))/Γ(1/2 + 1/(n+1)); e = 1. To 1e-10 relative at rel_tol 1e-12.
TEST(Trajectory, UndampedHertzImpactMatchesItsClosedForm) {
  for (const double n : {1.0, 1.5, 1.8}) {
    const double m = 0.01, K = 1e9, v = 1.0, k = 1.0 / (n + 1);
    const double delta_max = std::pow((n + 1) * m * v * v / (2 * K), k);
    const double t_c =
        2 * delta_max / v * std::sqrt(M_PI) * std::tgamma(1 + k) / std::tgamma(0.5 + k);
    const PhysicalImpact p{{Family::linear_damper, K, n, 0.0, false}, m, v};
    const impact::Trajectory tr = impact::trajectory(p, {}, tight());
    ASSERT_EQ(tr.status, impact::Status::separated) << n;
    EXPECT_NEAR(tr.delta_max, delta_max, 1e-10 * delta_max) << n;
    EXPECT_NEAR(tr.f_max, K * std::pow(delta_max, n), 1e-10 * K * std::pow(delta_max, n)) << n;
    EXPECT_NEAR(tr.t_contact, t_c, 1e-10 * t_c) << n;
    EXPECT_NEAR(tr.e_out, 1.0, 1e-10) << n;
  }
}

// The peak force of m δ'' + c δ' + K δ = 0 (n = 1) in closed form: with δ as above,
// F = K δ + c δ' = e^{−βt} (P sin ω_d t + Q cos ω_d t), P = v (K − cβ)/ω_d, Q = c v, whose
// dF/dt = 0 at tan ω_d t* = (ω_d P − βQ)/(βP + ω_d Q); where that t* < 0 (c = 400 here) F falls
// from the touch and its peak is F(0) = c v. The trajectory's f_max is the solve's located peak:
// to 1e-10 relative (F is stationary there, so the instant's error enters squared).
TEST(Trajectory, LinearDamperPeakForceMatchesTheClosedForm) {
  for (const double c : {40.0, 400.0}) {
    const double m = 0.02, K = 5e6, v = 0.8;
    const double beta = c / (2 * m), omega = std::sqrt(K / m),
                 wd = std::sqrt(omega * omega - beta * beta);
    const double P = v * (K - c * beta) / wd, Q = c * v;
    const double t_peak = std::atan2(wd * P - beta * Q, beta * P + wd * Q) / wd;
    const double f_peak =
        t_peak > 0 ? std::exp(-beta * t_peak) * (P * std::sin(wd * t_peak) + Q * std::cos(wd * t_peak))
                   : c * v;
    for (const bool clamp : {false, true}) {
      const PhysicalImpact p{{Family::linear_damper, K, 1.0, c, clamp}, m, v};
      const impact::Trajectory tr = impact::trajectory(p, {}, tight());
      ASSERT_EQ(tr.status, impact::Status::separated);
      EXPECT_NEAR(tr.f_max, f_peak, 1e-10 * f_peak) << "c " << c << " clamp " << clamp;
    }
  }
}

TEST(Trajectory, RefusesTimesThatDoNotIncrease) {
  const PhysicalImpact p{{Family::linear_damper, 1e9, 1.5, 50.0, true}, 0.01, 1.0};
  const std::vector<double> times{0.0, 2e-5, 1e-5};
  EXPECT_THROW(impact::trajectory(p, times), InputError);
}
