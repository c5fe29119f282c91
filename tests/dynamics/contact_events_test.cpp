// Contact events of the forward dynamics (simulate.hpp): a contact start is never stepped over,
// and a contact's peak force and deepest penetration are located between the step's samples.
// Checked against closed forms written out here, independently of the library's systems: the
// gap of bodies moving at constant speeds, and the linear undamped spring's peak F = v√(k m).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/systems.hpp"
#include "dynamics/contact_events.hpp"

using namespace calib;
using namespace calib::dynamics;

namespace {

// A driven slider–crank in free flight (crank at constant ω, block at constant v_b), written
// out: x_s(φ) = r cos φ + √(l² − r² sin² φ) (the loop closure), δ(t) = x_s(φ₀ + ωt) + 2a −
// (x_b0 + v_b t) (the gap of systems.hpp's reading of SF2020 eq. 70).
struct FreeCrank {
  double r, l, a, omega, phi0, x_block, v_block;
  double delta(double t) const {
    const double phi = phi0 + omega * t, s = std::sin(phi);
    return r * std::cos(phi) + std::sqrt(l * l - r * r * s * s) + 2 * a - (x_block + v_block * t);
  }
  double delta_dot(double t) const {
    const double phi = phi0 + omega * t, s = std::sin(phi), c = std::cos(phi);
    return omega * (-r * s - r * r * s * c / std::sqrt(l * l - r * r * s * s)) - v_block;
  }
};

// Bisection on f over [lo, hi] with f(lo) ≤ 0 < f(hi), to the last bit of t.
template <class F>
double bisect(F f, double lo, double hi) {
  for (int i = 0; i < 200 && hi - lo > 4e-16 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > 0 ? hi : lo) = mid;
  }
  return hi;
}

// The first t in (0, t_end] with δ(t) > 0, by a scan of the closed form at crank-angle steps of
// 1e-4 rad: a crossing shows as a sign change of δ, a hump that stays inside one scan step as
// δ̇ turning from + to − (its top found by bisection on δ̇). NaN when none.
double first_contact(const FreeCrank& c, double t_end) {
  const double h = 1e-4 / c.omega;
  for (double t = 0; t < t_end; t += h) {
    const double t2 = std::min(t + h, t_end);
    if (c.delta(t2) > 0) return bisect([&](double s) { return c.delta(s); }, t, t2);
    if (c.delta_dot(t) > 0 && c.delta_dot(t2) < 0) {
      const double top = bisect([&](double s) { return -c.delta_dot(s); }, t, t2);
      if (c.delta(top) > 0) return bisect([&](double s) { return c.delta(s); }, t, top);
    }
  }
  return std::nan("");
}

SliderCrank::Parameters crank_parameters(const FreeCrank& c, double block_mass) {
  // SF2020 Table 5 masses and inertias; r, l, a, m_b from the case; the crank driven.
  return {c.r, c.l, 0.010, 8e-5, 0.015, 6e-5, 0.050, block_mass, c.a, true};
}

SimulationResult run_crank(const FreeCrank& c, double block_mass, double t_end) {
  const SliderCrank sys(crank_parameters(c, block_mass));
  SimulateOptions o;  // default tolerances, as calib simulate runs the files
  o.t_end = t_end;
  o.output_dt = t_end / 10;
  Vector q0(2), qd0(2);
  q0 << c.phi0, c.x_block;
  qd0 << c.omega, c.v_block;
  return simulate(sys, q0, qd0, {Calibrated{"safaeifar-farshidianfar", 0.7}, 9.5e9, 1.5, {}}, o);
}

const std::filesystem::path kSystems = std::filesystem::path(CALIB_SOURCE_DIR) / "configs/systems";

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), {}};
}

// "key = value" with every digit of the value.
std::string fmt_double(const std::string& key, double value) {
  std::ostringstream out;
  out.precision(17);
  out << key << value;
  return out.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

// slider_crank_planar.toml with the crank driven at ω (a [[drive]] on its angle) and the block
// starting at x_b0.
SystemSetup planar_driven_crank(double omega, double x_block) {
  std::string text = read_text(kSystems / "slider_crank_planar.toml");
  text = replaced(text, "omega = 200.0", fmt_double("omega = ", omega));
  text = replaced(text, "x = 1.0", fmt_double("x = ", x_block));
  text += fmt_double("\n[[drive]]\ncoordinate = \"crank.angle\"\nvelocity = ", omega) + "\n";
  return parse_system(text, "slider_crank_planar driven");
}

}  // namespace

TEST(ContactEvents, DrivenSliderCrankFirstContactIsTheClosedFormOne) {
  // SF2020 §10 slider–crank (Table 5, a = 10 mm, block at −20 m/s) with the crank driven at 3
  // speeds, the block starting at 3 distances: between contacts both move at constant speed, so
  // the first contact is the first root of the closed-form δ(t) (first_contact above). t_start to
  // 1e-9 s (absolute: the time error is the dense output's gap error over the closing speed, and
  // in free flight the dense output is the exact linear motion, so only rounding is left), v_in
  // to 1e-9 relative of δ̇(t_start). The planar file (4 bodies, joints, a [[drive]]) integrates
  // the same motion under Baumgarte-stabilised constraints held to drift_tol = 1e-8 m: t_start
  // to 1e-9 s + 1e-8 m / v_in, v_in to 1e-6 relative.
  for (const double omega : {100.0, 200.0, 400.0})
    for (const double x_block : {0.8, 1.0, 1.2}) {
      const FreeCrank c{0.2, 0.3, 0.010, omega, 0.0, x_block, -20.0};
      const double t_c = first_contact(c, 0.1);
      ASSERT_FALSE(std::isnan(t_c));
      const auto r = run_crank(c, 0.200, 0.1);
      const auto planar = planar_driven_crank(omega, x_block);
      const auto p =
          simulate(*planar.system, planar.q0, planar.qd0, planar.contact, planar.options);
      ASSERT_FALSE(r.impacts.empty());
      ASSERT_FALSE(p.impacts.empty());
      std::printf(
          "omega %5.0f x_b0 %.1f  closed form %.12f  simulate %.12f (%.2e)  planar %.12f (%.2e)\n",
          omega, x_block, t_c, r.impacts[0].t_start, r.impacts[0].t_start - t_c,
          p.impacts[0].t_start, p.impacts[0].t_start - t_c);
      const double v_c = c.delta_dot(t_c);
      EXPECT_NEAR(r.impacts[0].t_start, t_c, 1e-9) << omega << " " << x_block;
      EXPECT_NEAR(r.impacts[0].v_in, v_c, 1e-9 * v_c) << omega << " " << x_block;
      EXPECT_NEAR(p.impacts[0].t_start, t_c, 1e-9 + 1e-8 / v_c) << omega << " " << x_block;
      EXPECT_NEAR(p.impacts[0].v_in, v_c, 1e-6 * v_c) << omega << " " << x_block;
    }
}

namespace {
// Two free masses (the impact damper without spring, damper or friction): the impact mass
// crosses the cavity at the constant relative speed u, so it meets a stop at gap/|u|.
struct FreePair {
  double primary_mass, impact_mass, cavity, x_primary, x_impact, v_primary, v_impact;
  double contact_time() const {
    const double u = v_impact - v_primary;
    const double gap =
        u > 0 ? (x_primary + 0.5 * cavity) - x_impact : x_impact - (x_primary - 0.5 * cavity);
    return gap / std::abs(u);
  }
};

double simulated_first_contact(const FreePair& f, double t_end) {
  const ImpactDamper sys({f.primary_mass, f.impact_mass, 0.0, 0.0, f.cavity, 0.0, 9.81, 1e-3});
  SimulateOptions o;
  o.t_end = t_end;
  o.output_dt = t_end / 10;
  const auto r = simulate(sys, (Vector(2) << f.x_primary, f.x_impact).finished(),
                          (Vector(2) << f.v_primary, f.v_impact).finished(),
                          {Calibrated{"hunt-crossley", 0.8}, 1e9, 1.5, {}}, o);
  return r.impacts.empty() ? std::nan("") : r.impacts[0].t_start;
}
}  // namespace

TEST(ContactEvents, FreeFlightThenContactStartsAtTheClosedFormTime) {
  // 200 random systems in free flight until their first contact (fixed seed): 100 driven
  // slider–cranks (random r, l, a, ω, φ₀, block mass, speed and gap; the first root of the
  // closed-form δ(t), first_contact above) and 100 pairs of free masses (gap/|u|, FreePair).
  // The first contact time equals the closed form to 1e-9 s absolute: the error is the gap's
  // error on the dense output over the closing speed, which does not scale with t (in free
  // flight the dense output is the exact motion, so it is rounding of positions of ~1 m).
  std::mt19937 rng(20261125);
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<>(lo, hi)(rng);
  };
  double worst = 0;
  for (int i = 0; i < 100; ++i) {
    const double r = uniform(0.05, 0.2), l = r * uniform(1.3, 3.0), a = uniform(0.002, 0.02);
    const double gap = uniform(0.001, 0.3), v_block = -uniform(5.0, 30.0);
    const FreeCrank c{
        r, l, a, uniform(50.0, 600.0), uniform(0.0, 2 * M_PI), r + l + 2 * a + gap, v_block};
    const double t_end = (gap + 2 * r + 0.01) / -v_block;
    const double t_c = first_contact(c, t_end);
    ASSERT_FALSE(std::isnan(t_c)) << i;
    const auto sim = run_crank(c, uniform(0.01, 1.0), t_end);
    ASSERT_FALSE(sim.impacts.empty()) << "crank " << i;
    EXPECT_NEAR(sim.impacts[0].t_start, t_c, 1e-9) << "crank " << i;
    worst = std::max(worst, std::abs(sim.impacts[0].t_start - t_c));
  }
  for (int i = 0; i < 100; ++i) {
    FreePair f{uniform(0.1, 10.0),
               uniform(0.01, 1.0),
               uniform(0.001, 0.1),
               uniform(-0.05, 0.05),
               0.0,
               uniform(-2.0, 2.0),
               0.0};
    f.x_impact = f.x_primary + f.cavity * uniform(-0.45, 0.45);
    f.v_impact = f.v_primary + (i % 2 ? 1 : -1) * uniform(0.05, 2.0);
    const double t_c = f.contact_time();
    const double t_sim = simulated_first_contact(f, 1.5 * t_c);
    EXPECT_NEAR(t_sim, t_c, 1e-9) << "pair " << i;
    worst = std::max(worst, std::abs(t_sim - t_c));
  }
  std::printf("max |t_first - closed form| over 200 systems: %.3e s\n", worst);
}

TEST(ContactEvents, PeakForceOfTheLinearSpringIsVSqrtKm) {
  // Hunt–Crossley at e = 1 (no damping) with n = 1 is the linear spring F = kδ: a free ball of
  // mass m meeting the ground at v peaks at F = v√(k m) and δ = v√(m/k) (energy: ½mv² = ½kδ²).
  // 200 starting gaps put the peak at every position inside a step, next to step ends included;
  // default tolerances. Both to 1e-9 relative.
  const double m = 0.5, k = 1e6, v = 2.0;
  const BouncingBall ball(m, 0.02, 0.0);
  SimulateOptions o;
  double worst_force = 0, worst_depth = 0;
  for (int i = 0; i < 200; ++i) {
    const double gap = 1e-4 * (1.0 + 0.37 * i);
    o.t_end = gap / v + 2 * M_PI * std::sqrt(m / k);  // through the contact (half a period)
    o.output_dt = o.t_end / 4;
    const auto r = simulate(ball, Vector::Constant(1, 0.02 + gap), Vector::Constant(1, -v),
                            {Calibrated{"hunt-crossley", 1.0}, k, 1.0, {}}, o);
    ASSERT_EQ(r.impacts.size(), 1u) << i;
    worst_force =
        std::max(worst_force, std::abs(r.impacts[0].peak_force / (v * std::sqrt(k * m)) - 1));
    worst_depth =
        std::max(worst_depth, std::abs(r.impacts[0].delta_max / (v * std::sqrt(m / k)) - 1));
  }
  std::printf("peak force max relative error %.3e, delta_max %.3e\n", worst_force, worst_depth);
  EXPECT_LT(worst_force, 1e-9);
  EXPECT_LT(worst_depth, 1e-9);
}

TEST(ContactEvents, PiecewiseBallBouncesAtTheBallisticTimes) {
  // bouncing_ball.toml (SF2020 §8: m = 1 kg, R = 0.1 m, H₀ = 1 m, g = 9.8) with the impulse
  // method: the first impact at t₁ = √(2(H₀ − R)/g) with v₁ = g t₁, then flights of 2eᵏv₁/g
  // (ballistic closed form). Every bounce in 3 s, t_start to 1e-9 s absolute (the flight is
  // quadratic in t, which the dense output reproduces exactly), v_in to 1e-9 relative. (e such
  // that the bounces do not accumulate before 3 s: t₁ + 2ev₁/(g(1 − e)) > 3 s.)
  for (const double e : {0.8, 0.9, 0.95}) {
    auto setup = load_system(kSystems / "bouncing_ball.toml");
    apply({.model = {}, .e = e, .t_end = {}, .method = Method::piecewise}, setup);
    const auto r = simulate(*setup.system, setup.q0, setup.qd0, setup.contact, setup.options);
    const double g = 9.8, t_end = setup.options.t_end;
    double t = std::sqrt(2 * (1.0 - 0.1) / g), v = g * t;
    std::size_t bounces = 0;
    for (; t <= t_end; v *= e, t += 2 * v / g, ++bounces) {
      ASSERT_LT(bounces, r.impacts.size()) << "e " << e << " misses the bounce at " << t;
      EXPECT_NEAR(r.impacts[bounces].t_start, t, 1e-9) << e << " " << bounces;
      EXPECT_NEAR(r.impacts[bounces].v_in, v, 1e-9 * v) << e << " " << bounces;
    }
    EXPECT_EQ(r.impacts.size(), bounces) << e;
  }
}

TEST(ContactEvents, SearchFindsAHumpBetweenNegativeStepEnds) {
  // A gap that is negative at both ends of a step and rises above zero only for 2% of it,
  // δ(t) = −1e-3 + 2e-3 exp(−((t − 0.37)/0.01)²) on [0, 1]: the first instant with δ > 0 is
  // 0.37 − 0.01√(ln 2) (closed form), to 1e-12 (TOMS748 to ~1e-15 in t). A gap with no hump
  // (the same without the bump) gives none.
  const auto hump = [](double t) {
    const double x = (t - 0.37) / 0.01, bump = 2e-3 * std::exp(-x * x);
    return detail::GapPoint{t, -1e-3 + bump, -2 * x / 0.01 * bump};
  };
  const double t = detail::first_contact_start(hump, hump(0.0), hump(1.0), 1e-12, false, 52);
  EXPECT_NEAR(t, 0.37 - 0.01 * std::sqrt(std::log(2.0)), 1e-12);
  const auto flat = [](double t) { return detail::GapPoint{t, -1e-3 + 1e-4 * t * t, 2e-4 * t}; };
  EXPECT_TRUE(std::isinf(detail::first_contact_start(flat, flat(0.0), flat(1.0), 1e-12, false, 52)));
}

TEST(ContactEvents, AffineGapTestClearsOnlyGapsThatStayNegative) {
  // The affine test reads δ on a step as the Hermite cubic of the ends plus θ²(1 − θ)²(α + βθ)
  // (Dormand–Prince's continuous extension). Such a δ with p = −1e-3 (flat ends) and
  // α = 0.03, β = −0.01 peaks at +5.7e-4 near θ = 0.48: it must not be cleared, and the first
  // crossing is the quintic's root below the peak (bisection here, 1e-12). With α = 0.01 it
  // peaks at −6.5e-4: no contact (and the bound, −3.75e-4, says so without a search).
  for (const double alpha : {0.03, 0.01}) {
    const auto quintic = [alpha](double t) {
      const double c = t * t * (1 - t) * (1 - t), dc = 2 * t * (1 - t) * (1 - 2 * t);
      const double l = alpha - 0.01 * t;
      return detail::GapPoint{t, -1e-3 + c * l, dc * l - 0.01 * c};
    };
    const double t = detail::first_contact_start(quintic, quintic(0.0), quintic(1.0), 1e-12, true, 52);
    if (alpha == 0.01) {
      EXPECT_TRUE(std::isinf(t));
      continue;
    }
    EXPECT_NEAR(t, bisect([&](double s) { return quintic(s).delta; }, 0.0, 0.48), 1e-12);
  }
}

TEST(ContactEvents, PiecewiseBouncesThatAccumulateFailNamingTheInstant) {
  // e = 0.5: the impulse method's bounces accumulate at t₁ + 2ev₁/(g(1 − e)) = 1.2857 s (closed
  // form as above), where the ball comes to rest, which impulses cannot represent: the run fails
  // (ComputeError) instead of stepping on; the message names that instant (1.2857 s, the 6 digits
  // it prints).
  auto setup = load_system(kSystems / "bouncing_ball.toml");
  apply({.model = {}, .e = 0.5, .t_end = {}, .method = Method::piecewise}, setup);
  try {
    simulate(*setup.system, setup.q0, setup.qd0, setup.contact, setup.options);
    FAIL() << "no error";
  } catch (const ComputeError& error) {
    EXPECT_NE(std::string(error.what()).find("t = 1.2857"), std::string::npos) << error.what();
  }
}
