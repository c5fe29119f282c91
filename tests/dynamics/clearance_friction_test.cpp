// Regularised Coulomb friction in clearance joints: F_t = −μ |F_n| v_t/√(v_t² + v_r²) along the
// contact tangent (docs/config.md). Checked against the closed form of a block sliding to rest
// under a constant normal load, the momentum balance of that slide, the energy balance of an
// undamped two-body joint with many contacts, and the refusal of bad keys.
#include <cmath>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/systems.hpp"
#include "clearance_test_systems.hpp"

using namespace calib;
using namespace calib::dynamics;

namespace {

constexpr double kMu = 0.3, kG = 9.81, kV0 = 1.0, kVr = 1e-4;
constexpr double kPlay = 1e-4, kGap = 1e-10;  // w − R_p [m]; the pin starts kGap above the track

// A non-rotating pin (0.2 kg) in a horizontal straight slot of the ground, 2 m long, starting
// kGap above the lower track (the `right` region of a → b) at v0 = 1 m/s along the slot, pressed
// onto it by gravity. The track's law: K = 1e8 N/m, n = 1, the linear damper at e = 0.1 (the
// normal motion settles at once to δ_s = mg/K), with friction μ = 0.3, v_r = 1e-4 m/s.
std::string sliding_pin(const std::string& friction) {
  return test_systems::ground_slot_pin(
             fmt::format("rotates = false\nx = -0.5\ny = {}\nvx = {}", -(kPlay - kGap), kV0),
             "slot = \"straight\"\npoint_a = [-1.0, 0.0]\npoint_b = [1.0, 0.0]") +
         fmt::format(R"([joint.left]
k = 1e8
n = 1.0
alpha = 0.5
[joint.right]
k = 1e8
n = 1.0
model = "linear-damper"
e = 0.1
clamp = true
{}
[joint.ends]
k = 1e8
n = 1.0
alpha = 0.5
[gravity]
g = {}
[simulate]
t_end = 0.4
output_dt = 0.01
rel_tol = 1e-10
abs_tol = 1e-13
)",
                     friction, kG);
}

const std::string kTrackFriction = fmt::format("friction = {}\nfriction_velocity = {}", kMu, kVr);

}  // namespace

TEST(ClearanceFriction, SlidingPinStopsAfterTheCoulombDistance) {
  // Under a constant normal load N = mg the law gives m v̇ = −μ m g v/√(v² + v_r²), so
  // dx = v dv/a and the distance to rest is exactly
  //   d = [v0√(v0² + v_r²) + v_r² asinh(v0/v_r)]/(2μg),
  // Coulomb's v0²/(2μg) plus the regularisation's bias (v_r/v0)²(1/2 + asinh(v0/v_r)) ≈ 1.0e-7
  // relative. The normal load is mg except while the pin drops the gap and settles to δ_s:
  // the momentum balance m Δv_y = ∫N dt − mgt adds μ(y0 − y) to the distance.
  SystemSetup s = parse_system(sliding_pin(kTrackFriction), "slide.toml");
  const auto r = simulate(*s.system, s.q0, s.qd0, s.contact, s.options);
  ASSERT_EQ(r.impacts.size(), 1u);  // one contact, still open (resting) at the end
  EXPECT_EQ(s.system->region_name(0, r.impacts[0].region), "slot.right");
  // At rest: t_end is 0.06 s, ~1800 time constants v_r/(μg) = 3.4e-5 s, after v0/(μg).
  EXPECT_NEAR(r.qd_final[0], 0.0, 1e-12);
  const double regularised =
      (kV0 * std::hypot(kV0, kVr) + kVr * kVr * std::asinh(kV0 / kVr)) / (2 * kMu * kG);
  const double coulomb = kV0 * kV0 / (2 * kMu * kG);
  const double slid = r.q_final[0] - s.q0[0];
  const double settling = kMu * (s.q0[1] - r.q_final[1]);  // μ(δ_s + gap) ≈ 5.9e-9 m
  // The integration (rel_tol 1e-10) against the exact distance: 1e-9 relative (measured 5e-15).
  EXPECT_NEAR(slid, regularised + settling, 1e-9 * regularised);
  // Coulomb's closed form within 1e-6 relative, the bias above plus the settling (3.5e-8).
  EXPECT_NEAR(slid, coulomb, 1e-6 * coulomb);
  // All the kinetic energy went into friction work: −W_f = m v0²/2 (the potential energy
  // m g Δy ≈ 4e-8 J and the track's damping dissipate 2e-8 J of the settling).
  EXPECT_NEAR(-r.friction_work, 0.5 * 0.2 * kV0 * kV0, 1e-7);
}

TEST(ClearanceFriction, SlidingDecelerationIsMuTimesTheNormalImpulse) {
  // m v̇_x = −μ N s(v_x) and m v̇_y = N − m g: while v_x ≫ v_r, v_x + μ(g t + v_y − v_y0) = v0
  // up to the regularisation's ∫μ g (v_r²/2v²) dt = (v_r²/2)(1/v − 1/v0) ≤ 5e-8 m/s for v ≥ 0.1
  // m/s. Every series sample while sliding: deceleration μg, and the normal force in |F_n|.
  SystemSetup s = parse_system(sliding_pin(kTrackFriction), "slide.toml");
  const auto r = simulate(*s.system, s.q0, s.qd0, s.contact, s.options);
  int checked = 0;
  for (const Sample& smp : r.series) {
    if (smp.qd[0] < 0.1) continue;
    EXPECT_NEAR(smp.qd[0] + kMu * (kG * smp.t + smp.qd[1] - s.qd0[1]), kV0, 1e-7) << smp.t;
    ++checked;
  }
  EXPECT_GE(checked, 30);  // 0.306 s of sliding at 10 ms
}

TEST(ClearanceFriction, FrictionlessRegionOrZeroMuChangesNothing) {
  // μ = 0 must leave the run bitwise unchanged: the same steps, positions and velocities as
  // without the keys (exact equality: the same floating-point operations).
  SystemSetup a = parse_system(sliding_pin(""), "a.toml");
  SystemSetup b = parse_system(sliding_pin("friction = 0\nfriction_velocity = 1e-3"), "b.toml");
  EXPECT_FALSE(b.system->has_friction());
  const auto ra = simulate(*a.system, a.q0, a.qd0, a.contact, a.options);
  const auto rb = simulate(*b.system, b.q0, b.qd0, b.contact, b.options);
  EXPECT_EQ(ra.steps, rb.steps);
  EXPECT_EQ(ra.q_final, rb.q_final);
  EXPECT_EQ(ra.qd_final, rb.qd_final);
  // Frictionless, the pin keeps its speed along the slot (no horizontal force; round-off of the
  // augmented solve only).
  EXPECT_NEAR(ra.qd_final[0], kV0, 1e-12);
}

namespace {

// Two free bodies (a 1 kg housing with a bearing, R_b = 10 mm, and a 0.4 kg shaft whose journal,
// R_j = 9 mm, is 20 mm off its mass centre), an undamped joint (α = 0) with friction μ = 0.2,
// v_r = 1e-3 m/s, gravity, no drive: many contacts, each turning both bodies.
std::string two_bodies_with_friction() {
  std::string text = test_systems::kTwoFreeBodies;
  auto insert_after = [&](const std::string& at, const std::string& what) {
    text.insert(text.find(at) + at.size(), what);
  };
  insert_after("alpha = 0.0\n", "friction = 0.2\nfriction_velocity = 1e-3\n[gravity]\ng = 9.81\n");
  text.replace(text.find("output_dt = 1e-3"), 16, "output_dt = 1e-4");
  return text;
}

}  // namespace

TEST(ClearanceFriction, EnergyLostEqualsTheFrictionWork) {
  // The normal force is elastic (α = 0) and gravity conservative, so out of contact the kinetic
  // + potential energy E satisfies E(t) − E(0) = W_f(t) = ∫F_t v_t dt, the power of the
  // friction forces at their points integrated with the motion. Checked at every sample out of
  // contact (the contact's elastic energy is then zero) to 1e-6 of the work done so far (measured
  // 4e-8 over 29 contacts, W_f = −0.11 J of E(0) = 0.28 J).
  SystemSetup s = parse_system(two_bodies_with_friction(), "two.toml");
  ASSERT_TRUE(s.system->has_friction());
  const auto r = simulate(*s.system, s.q0, s.qd0, s.contact, s.options);
  ASSERT_GE(r.impacts.size(), 10u);
  const double e0 = s.system->energy(s.q0, s.qd0);
  int checked = 0;
  for (const Sample& smp : r.series) {
    if (s.system->penetration(0, smp.q) > 0 || smp.friction_work == 0) continue;
    EXPECT_NEAR(smp.energy - e0, smp.friction_work, 1e-6 * std::abs(smp.friction_work)) << smp.t;
    ++checked;
  }
  EXPECT_GE(checked, 100);
  EXPECT_LT(r.friction_work, -1e-3 * e0);  // friction took a visible part of the energy
  // The friction forces are internal: the linear momentum changes by the weight's impulse only.
  const double p0 = 0.4 * 0.6 + 0.0, p1 = 1.0 * r.qd_final[1] + 0.4 * r.qd_final[4];
  EXPECT_NEAR(p1, p0 - 1.4 * 9.81 * 0.05, 1e-9);
}

TEST(ClearanceFriction, PiecewiseMethodRefusesFriction) {
  SystemSetup s = parse_system(two_bodies_with_friction(), "two.toml");
  s.options.method = Method::piecewise;
  EXPECT_THROW(simulate(*s.system, s.q0, s.qd0, s.contact, s.options), InputError);
}

TEST(ClearanceFriction, BadKeysAreRefusedNamingKeyAndValue) {
  auto message = [](const std::string& keys) {
    try {
      parse_system(sliding_pin(keys), "bad.toml");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  struct Case {
    std::string keys, expected[2];
  };
  const Case cases[] = {
      {"friction = -0.1", {"right.friction", "-0.1"}},
      {"friction = 11", {"right.friction", "11"}},
      {"friction = 0.2\nfriction_velocity = 0", {"right.friction_velocity", "got 0"}},
      {"friction = 0.2\nfriction_velocity = -1e-3", {"right.friction_velocity", "-0.001"}},
      // Below kMinFrictionVelocity = 1e-6 m/s (planar_system.hpp): refused, the bound named.
      {"friction = 0.2\nfriction_velocity = 1e-15", {"right.friction_velocity", "1e-15"}},
      {"friction = 0.2\nfriction_velocity = 9e-7", {"must be >= 1e-06 m/s", "9e-07"}},
      {"friction_velocity = 1e-3", {"right.friction_velocity", "without friction"}},
      {"friction = \"high\"", {"right.friction", "high"}},
  };
  for (const Case& c : cases) {
    const std::string m = message(c.keys);
    for (const std::string& part : c.expected) EXPECT_NE(m.find(part), std::string::npos) << m;
  }
  // Friction belongs to a region's law: on the slot joint's own table it is an unknown key.
  std::string text = sliding_pin("");
  text.insert(text.find("[joint.left]"), "friction = 0.2\n");
  try {
    parse_system(text, "bad.toml");
    ADD_FAILURE() << "friction on the slot's joint table was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("friction"), std::string::npos) << e.what();
  }
}
