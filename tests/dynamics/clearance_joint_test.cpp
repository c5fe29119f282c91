// Revolute-clearance joints in planar files: a journal of radius R_j in a bearing of radius R_b
// (δ = |r_j − r_b| − (R_b − R_j), normal along the eccentricity). Checked against finite
// differences, the single-impact solver (calib impact) for the same law and effective mass,
// free-flight kinematics, and the conservation laws of an isolated two-body system.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/planar_multibody.hpp"
#include "calib/dynamics/systems.hpp"
#include "calib/impact/impact.hpp"
#include "calib/io/config.hpp"
#include "clearance_test_systems.hpp"

using namespace calib;
using namespace calib::dynamics;
using calib::dynamics::test_systems::kTwoFreeBodies;
namespace mb = calib::models::multibody;

namespace {

// A free journal (0.4 kg) in a bearing fixed to the ground: R_b = 10 mm, R_j = 9.5 mm (radial
// clearance 0.5 mm), no gravity. `law` is the joint's force-law keys, `start` the journal's
// initial state keys.
std::string journal_in_ground(const std::string& law, const std::string& start) {
  return fmt::format(R"(
type = "planar"
name = "journal"
[[body]]
name = "journal"
mass = 0.4
inertia = 2e-5
{}
[[joint]]
type = "revolute-clearance"
name = "bearing"
body_i = "ground"
point_i = [0.0, 0.0]
body_j = "journal"
bearing_radius = 0.010
journal_radius = 0.0095
k = 1e10
n = 1.5
{}
[simulate]
rel_tol = 1e-12
abs_tol = 1e-14
)",
                     start, law);
}

// The analytic ∂δ/∂q of contact 0 against central differences of δ(q) with step h, to tol.
void expect_gradient_is_the_difference_quotient(const System& system, const Vector& q, double h,
                                                double tol, const std::string& where) {
  const Vector g = system.penetration_gradient(0, q);
  for (int i = 0; i < static_cast<int>(q.size()); ++i) {
    Vector a = q, b = q;
    a[i] += h;
    b[i] -= h;
    const double fd = (system.penetration(0, a) - system.penetration(0, b)) / (2 * h);
    EXPECT_NEAR(g[i], fd, tol) << where << " coordinate " << i;
  }
}

}  // namespace

TEST(ClearanceJoint, GradientAndRateAreTheDerivativesOfThePenetration) {
  // Central differences of δ(q) (step 1e-6, error O(h²) ≈ 1e-12 relative to the O(1) entries)
  // against the analytic ∂δ/∂q, and δ̇ = (∂δ/∂q)·q̇ against penetration_rate.
  const SystemSetup s = parse_system(kTwoFreeBodies, "two.toml");
  Vector q(6), qd(6);
  q << 0.001, -0.002, 0.3, -0.017, 0.004, -0.7;
  qd << 0.1, -0.2, 0.5, 0.3, 0.4, -1.1;
  expect_gradient_is_the_difference_quotient(*s.system, q, 1e-6, 1e-8, "two free bodies");
  const Vector g = s.system->penetration_gradient(0, q);
  EXPECT_NEAR(s.system->penetration_rate(0, q, qd), g.dot(qd), 1e-14);
  Vector f = Vector::Zero(6);
  s.system->add_generalized_force(0, q, 2.5, f);
  EXPECT_NEAR((f - 2.5 * g).norm(), 0.0, 1e-14);
}

TEST(ClearanceJoint, SingleJournalImpactIsTheSingleImpactSolve) {
  // The journal starts centred at v = 1.5 m/s along x: free flight over the radial clearance
  // 0.5 mm (t_start = 0.5e-3/1.5 exactly), then a central impact with m_eff = 0.4 kg (the normal
  // passes through the journal's centre of mass). The impact must be calib impact's for the same
  // law (solve_physical with the same family, K, n, damping and clamp), to the integration
  // tolerance 1e-9. PINSLOT eq. 153 with α = 0.32 s/m is the hysteresis law C = (3/2)αK.
  for (const std::string law :
       {"alpha = 0.32", "model = \"flores\"\ne = 0.7", "model = \"linear-damper\"\ne = 0.6"}) {
    SystemSetup s = parse_system(journal_in_ground(law, "vx = 1.5"), "journal.toml");
    s.options.t_end = 1e-3;
    const auto r = simulate(*s.system, s.q0, s.qd0, s.contact, s.options);
    ASSERT_EQ(r.impacts.size(), 1u) << law;
    const Impact& i = r.impacts[0];
    EXPECT_NEAR(i.t_start, 0.5e-3 / 1.5, 1e-13) << law;
    EXPECT_NEAR(i.v_in, 1.5, 1e-12) << law;
    EXPECT_NEAR(i.m_eff, 0.4, 1e-12) << law;
    if (law == "alpha = 0.32") {
      EXPECT_NEAR(i.law.law.damping, 1.5 * 0.32 * 1e10, 1e-3) << law;
    }
    const auto single = impact::solve_physical(
        {{i.law.law.family, 1e10, 1.5, i.law.law.damping, i.law.law.clamp}, 0.4, 1.5},
        {.rel_tol = 1e-12, .abs_tol = 1e-14});
    EXPECT_NEAR(i.e, single.e_out, 1e-9) << law;
    // δ = |r_j − r_b| − 0.5 mm is a difference of positions ~6 times larger than δ_max: it
    // carries the positions' absolute error (abs_tol 1e-14 m per step, ~1e-13 m over the
    // run), 5e-13 m on δ_max ≈ 9e-5 m, and n times that relatively on the peak force.
    EXPECT_NEAR(i.delta_max, single.delta_max, 5e-13) << law;
    EXPECT_NEAR(i.peak_force, single.f_max, 1.5 * 5e-13 / single.delta_max * single.f_max) << law;
  }
  // The exact c_opt (linear-damper) reproduces the target e itself.
  SystemSetup s =
      parse_system(journal_in_ground("model = \"linear-damper\"\ne = 0.6", "vx = 1.5"), "j.toml");
  s.options.t_end = 1e-3;
  EXPECT_NEAR(simulate(*s.system, s.q0, s.qd0, s.contact, s.options).impacts[0].e, 0.6, 1e-9);
}

TEST(ClearanceJoint, UndampedTwoBodyContactsConserveEnergyAndMomentum) {
  // Two free bodies and an undamped joint (α = 0): the contact force is internal and
  // conservative, so between contacts the kinetic energy, the linear momentum and the angular
  // momentum about the origin equal their initial values (exact laws; tolerance 1e-8 relative
  // over all contacts, the integration tolerance 1e-12 accumulated over the run).
  SystemSetup s = parse_system(kTwoFreeBodies, "two.toml");
  const auto r = simulate(*s.system, s.q0, s.qd0, s.contact, s.options);
  ASSERT_GE(r.impacts.size(), 10u);
  const auto& sys = *s.system;
  auto momenta = [&](const Vector& q, const Vector& qd) {
    Eigen::Vector3d p = Eigen::Vector3d::Zero();  // (p_x, p_y, L_z)
    const double m[2] = {1.0, 0.4}, inertia[2] = {1e-3, 2e-4};
    for (int b = 0; b < 2; ++b) {
      const BodyState st = sys.body(b, q, qd);
      p += Eigen::Vector3d(m[b] * st.vx, m[b] * st.vy,
                           m[b] * (st.x * st.vy - st.y * st.vx) + inertia[b] * st.omega);
    }
    return p;
  };
  const double e0 = sys.energy(s.q0, s.qd0);
  const Eigen::Vector3d p0 = momenta(s.q0, s.qd0);
  for (const Impact& i : r.impacts) {
    if (!std::isfinite(i.t_end)) continue;
    EXPECT_NEAR(sys.energy(i.q_after, i.qd_after), e0, 1e-8 * e0) << i.t_start;
    EXPECT_NEAR((momenta(i.q_after, i.qd_after) - p0).norm(), 0.0, 1e-8 * p0.norm()) << i.t_start;
  }
}

TEST(ClearanceJoint, BadInputNamesTheKey) {
  auto message = [](const std::string& law, const std::string& extra = "") {
    try {
      parse_system(journal_in_ground(law, "vx = 1.0") + extra, "bad.toml");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("").find("alpha"), std::string::npos);  // neither alpha nor model
  EXPECT_NE(message("alpha = 0.3\nmodel = \"flores\"").find("exactly one"), std::string::npos);
  EXPECT_NE(message("alpha = -1").find("alpha"), std::string::npos);
  EXPECT_NE(message("model = \"flores\"\ne = 1.5").find("e"), std::string::npos);
  EXPECT_NE(message("alpha = 0.3\nfriction = -0.1").find("friction"), std::string::npos);
  // The journal starting outside its clearance: the contact overlaps at the start.
  const std::string off_centre = journal_in_ground("alpha = 0.3", "x = 0.001");
  EXPECT_THROW(parse_system(off_centre, "off.toml"), InputError);
}

namespace {

// A free pin (0.2 kg, R_p = 7.9 mm) in a slot of the ground of half-width 8 mm: straight from
// (−20, 0) to (20, 0) mm, or an arc of R_m = 60 mm about the origin from 30° over 120°. Each
// region has its own K so that the law used identifies the region.
std::string pin_in_slot(const std::string& shape, const std::string& start) {
  const bool arc = shape == "arc";
  return test_systems::ground_slot_pin(
             start, arc ? "slot = \"arc\"\narc_radius = 0.060\nstart_deg = 30\nsweep_deg = 120"
                        : "slot = \"straight\"\npoint_a = [-0.02, 0.0]\npoint_b = [0.02, 0.0]") +
         fmt::format(R"([joint.{}]
k = 1e9
n = 1.5
alpha = 0.32
[joint.{}]
k = 2e9
n = 1.5
alpha = 0.32
[joint.ends]
k = 3e9
n = 1.4
alpha = 0.32
[simulate]
t_end = 2e-3
rel_tol = 1e-12
abs_tol = 1e-14
)",
                     arc ? "inner" : "left", arc ? "outer" : "right");
}

}  // namespace

TEST(PinInSlot, RegionsAndGradientOfTheStraightAndArcSlots) {
  // Regions from the geometry (the closest point of the centre curve), and ∂δ/∂q by central
  // differences (1e-8) in each region.
  struct Probe {
    const char* shape;
    double x, y;
    const char* region;
  };
  const Probe probes[] = {
      {"straight", 0.001, 0.00005, "slot.left"},   {"straight", -0.003, -0.00005, "slot.right"},
      {"straight", 0.02005, 0.00003, "slot.ends"}, {"straight", -0.02004, -0.00002, "slot.ends"},
      {"arc", 0.0, 0.05995, "slot.inner"},         {"arc", -0.03, 0.0521, "slot.outer"},
      {"arc", 0.0522, 0.0298, "slot.ends"},    // below 30°
      {"arc", -0.0522, 0.0298, "slot.ends"}};  // beyond 150°
  for (const Probe& p : probes) {
    const std::string start = std::string(p.shape) == "arc" ? "y = 0.06" : "";
    const SystemSetup s = parse_system(pin_in_slot(p.shape, start), "pin.toml");
    Vector q(3);
    q << p.x, p.y, 0.2;
    EXPECT_EQ(s.system->region_name(0, s.system->region(0, q)), p.region) << p.x << " " << p.y;
    expect_gradient_is_the_difference_quotient(*s.system, q, 1e-8, 1e-6, p.region);
  }
}

TEST(PinInSlot, EachRegionsImpactIsTheSingleImpactSolveWithItsLaw) {
  // The pin starts on the centre curve and moves along a normal of one region: free flight over
  // the play w − R_p = 0.1 mm (t_start = 1e-4/v), then a central impact with m_eff = 0.2 kg in
  // that region's law (eq. 153, C = 1.5 α K), which must equal calib impact's (solve_physical).
  struct Case {
    const char* shape;
    std::string start;
    const char* region;
    double k, n, v;
  };
  const double v = 0.8;  // [m/s]
  const Case cases[] = {{"straight", "vy = 0.8", "slot.left", 1e9, 1.5, v},
                        {"straight", "vy = -0.8", "slot.right", 2e9, 1.5, v},
                        {"straight", "x = 0.0199\nvx = 0.8", "slot.ends", 3e9, 1.4, v},
                        {"arc", "y = 0.06\nvy = -0.8", "slot.inner", 1e9, 1.5, v},
                        {"arc", "y = 0.06\nvy = 0.8", "slot.outer", 2e9, 1.5, v}};
  for (const Case& c : cases) {
    SystemSetup s = parse_system(pin_in_slot(c.shape, c.start), "pin.toml");
    s.options.t_end = 1e-3;
    const auto r = simulate(*s.system, s.q0, s.qd0, s.contact, s.options);
    ASSERT_GE(r.impacts.size(), 1u) << c.region;
    const Impact& i = r.impacts[0];
    EXPECT_EQ(s.system->region_name(0, i.region), c.region);
    // The end cap: from x = 19.9 mm to the cap's centre 20 mm plus the play 0.1 mm.
    const double free_path = std::string(c.region) == "slot.ends" ? 0.0002 : 0.0001;
    EXPECT_NEAR(i.t_start, free_path / c.v, 1e-12) << c.region;
    EXPECT_NEAR(i.m_eff, 0.2, 1e-12) << c.region;
    const auto single =
        impact::solve_physical({{Family::hysteresis, c.k, c.n, 1.5 * 0.32 * c.k, false}, 0.2, c.v},
                               {.rel_tol = 1e-12, .abs_tol = 1e-14});
    EXPECT_NEAR(i.e, single.e_out, 1e-8) << c.region;
    EXPECT_NEAR(i.peak_force, single.f_max, 1e-8 * single.f_max) << c.region;
  }
}

TEST(ClearanceJoint, VanishingClearanceReproducesTheIdealSliderCrank) {
  // The shipped slider–crank with its rod–slider clearance cut to c = 1 µm and K raised to
  // 6.6102e12 N/m^1.5, one revolution: the slider must follow the ideal mechanism,
  // x_s = r cos θ + √(l² − r² sin² θ) (exact loop closure, θ = ωt). The slider's centre is within
  // c + δ of the journal's, and a vertical offset e_y of the journal moves the rod's end by at
  // most r/√(l² − r²)·e_y ≈ 0.46 e_y along x: |x_s − x_ideal| ≤ 1.5 (c + max δ_max).
  std::string text;
  {
    std::ifstream in(std::filesystem::path(CALIB_SOURCE_DIR) /
                     "configs/systems/slider_crank_clearance.toml");
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  };
  replace("journal_radius = 0.0095", "journal_radius = 0.009999");
  replace("k = 66101983978.96843", "k = 6.6102e12");
  replace("t_end = 0.024", "t_end = 0.012");
  SystemSetup s = parse_system(text, "stiff.toml");
  const auto r = simulate(*s.system, s.q0, s.qd0, s.contact, s.options);
  double delta_max = 0, error = 0;
  for (const Impact& i : r.impacts) delta_max = std::max(delta_max, i.delta_max);
  const double omega = 5000 * 2 * std::numbers::pi / 60, crank = 0.05, rod = 0.12;
  for (const Sample& smp : r.series) {
    const double th = omega * smp.t;
    const double ideal =
        crank * std::cos(th) + std::sqrt(rod * rod - std::pow(crank * std::sin(th), 2));
    error = std::max(error, std::abs(s.system->body(2, smp.q, smp.qd).x - ideal));
  }
  ASSERT_GE(r.impacts.size(), 1u);
  EXPECT_LE(error, 1.5 * (1e-6 + delta_max));
  EXPECT_LT(error, 5e-6);  // measured 2.3e-6 (c = 0.5 mm, K = 6.6e10: 5.8e-4)
}
