// Planar multibody systems: the effective-mass planar-system file run forward in
// dependent coordinates with the augmented equations of motion. Checked against derivatives
// taken by finite differences, exact solutions (harmonic oscillator, energy conservation), and
// the independent generalized-coordinate formulations of the same seed systems (systems.hpp).
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/planar_multibody.hpp"
#include "calib/dynamics/systems.hpp"
#include "calib/io/config.hpp"

using namespace calib;
using namespace calib::dynamics;
namespace mb = calib::models::multibody;

namespace {

const std::filesystem::path kSystems = std::filesystem::path(CALIB_SOURCE_DIR) / "configs/systems";

mb::PlanarSystem parse(const std::string& toml) {
  return mb::PlanarSystem::from(io::ConfigNode::parse(toml, "test.toml"));
}

// A file in a fresh temporary folder (load_system reads paths).
std::filesystem::path write_temp(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / "calib_planar_test";
  std::filesystem::create_directories(dir);
  const auto file = dir / name;
  std::ofstream(file) << text;
  return file;
}

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), {}};
}

// Two moving bodies joined by a prismatic joint whose axis is not a coordinate axis, a revolute
// joint to the ground and a contact with a turning normal: every term of D, Ḋq̇ and d is used.
const char* kKinematicsProbe = R"(
[[body]]
name = "a"
mass = 1.0
inertia = 0.1
[[body]]
name = "b"
mass = 2.0
inertia = 0.3
[[joint]]
type = "prismatic"
body_i = "a"
point_i = [0.2, -0.1]
axis_i = [0.6, 0.8]
body_j = "b"
point_j = [0.3, 0.4]
[[joint]]
type = "revolute"
body_i = "ground"
point_i = [0.5, 1.0]
body_j = "a"
point_j = [-0.4, 0.2]
[contact]
body_i = "a"
point_i = [0.7, 0.1]
body_j = "b"
point_j = [-0.2, 0.5]
normal = [0.0, 1.0]
normal_in = "body_j"
)";

}  // namespace

TEST(PlanarMultibody, JacobianRateIsTheTimeDerivativeOfDqdot) {
  // Ḋq̇ = d/ds [D(q + s q̇)] q̇ at s = 0: central difference, h = 1e-5 (truncation ~h² ≈ 1e-10,
  // rounding ~1e-16/h ≈ 1e-11), at 20 random states; tolerance 1e-8 of the scale.
  const mb::PlanarSystem s = parse(kKinematicsProbe);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd q(6), qd(6);
    for (int i = 0; i < 6; ++i) q[i] = u(rng), qd[i] = u(rng);
    const double h = 1e-5;
    const Eigen::VectorXd fd =
        (s.jacobian(q + h * qd) * qd - s.jacobian(q - h * qd) * qd) / (2 * h);
    const Eigen::VectorXd rate = s.jacobian_rate(q, qd);
    EXPECT_LT((rate - fd).lpNorm<Eigen::Infinity>(), 1e-8 * (1 + fd.lpNorm<Eigen::Infinity>()))
        << "trial " << trial;
  }
}

TEST(PlanarMultibody, JacobianAndContactArrayAreTheGradientsOfPhiAndDelta) {
  // D = ∂Φ/∂q and d = ∂δ/∂q (with the normal turning with body j) by central differences,
  // h = 1e-6, tolerance 1e-8.
  const mb::PlanarSystem s = parse(kKinematicsProbe);
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd q(6);
    for (int i = 0; i < 6; ++i) q[i] = u(rng);
    const Eigen::MatrixXd D = s.jacobian(q);
    const Eigen::VectorXd d = s.contact_array(q);
    for (int i = 0; i < 6; ++i) {
      Eigen::VectorXd e = Eigen::VectorXd::Zero(6);
      e[i] = 1e-6;
      const Eigen::VectorXd dphi = (s.constraints(q + e) - s.constraints(q - e)) / 2e-6;
      EXPECT_LT((D.col(i) - dphi).lpNorm<Eigen::Infinity>(), 1e-8) << "column " << i;
      EXPECT_NEAR(d[i], (s.penetration(q + e) - s.penetration(q - e)) / 2e-6, 1e-8) << i;
    }
  }
}

TEST(PlanarMultibody, SpringMassOnAPrismaticJointIsTheDampedOscillator) {
  // A block on a horizontal prismatic joint tied to the ground by a spring–damper of rest length
  // 1 m, released 0.2 m stretched, gravity on (the joint carries it): x(t) − 1 is the exact
  // underdamped response A e^{−ζωt}(cos ω_d t + ζω/ω_d sin ω_d t), ω² = k/m, ζ = c/(2mω).
  // Tolerance 1e-8 m over 3 s (≈ 5 periods); the constraint drift stays below 1e-10.
  const char* file = R"(
[[body]]
name = "block"
mass = 2.0
inertia = 0.1
x = 1.2
vx = 0.0
[[joint]]
type = "prismatic"
body_i = "ground"
axis_i = [1.0, 0.0]
body_j = "block"
[[spring]]
body_i = "ground"
point_i = [0.0, 0.0]
body_j = "block"
stiffness = 50.0
damping = 1.5
length = 1.0
[gravity]
g = 9.81
[contact]
body_i = "block"
point_i = [0.0, 0.0]
body_j = "ground"
point_j = [5.0, 0.0]
normal = [1.0, 0.0]
)";
  const PlanarMultibody sys(parse(file));
  SimulateOptions o;
  o.t_end = 3.0;
  o.output_dt = 0.01;
  o.drift_tol = 1e-10;
  const auto r =
      simulate(sys, sys.initial_coordinates(), sys.initial_velocities(), ContactModel{}, o);
  EXPECT_TRUE(r.impacts.empty());
  const double w = std::sqrt(50.0 / 2.0), zeta = 1.5 / (2 * 2.0 * w);
  const double wd = w * std::sqrt(1 - zeta * zeta);
  double worst = 0;
  for (const auto& s : r.series) {
    const double exact = 1.0 + 0.2 * std::exp(-zeta * w * s.t) *
                                   (std::cos(wd * s.t) + zeta * w / wd * std::sin(wd * s.t));
    worst = std::max(worst, std::abs(s.q[0] - exact));
    EXPECT_NEAR(s.q[1], 0.0, 1e-10);  // y held by the joint against gravity
  }
  EXPECT_LT(worst, 1e-8);
  EXPECT_LT(r.max_drift, 1e-10);
}

TEST(PlanarMultibody, TwoPendulumsFileReproducesTheGeneralizedCoordinateSystem) {
  // Two formulations of PN2020 §6: (θ₁, θ₂) with the constraints eliminated by hand
  // (two_pendulums.toml) and six dependent coordinates with two revolute joints
  // (two_pendulums_planar.toml). Both integrate at rel_tol 1e-10; the impacts must agree to
  // 1e-7 relative (times to 1e-8 s), the effective masses (NP eq. 28 both ways) to 1e-9, and
  // the final angular velocities (θ̇ = −φ̇) to 1e-6 rad/s after 8 s; drift ≤ the file's 1e-8.
  for (const char* model : {"poursina-nikravesh", "linear-damper", "flores"}) {
    auto hand = load_system(kSystems / "two_pendulums.toml");
    auto planar = load_system(kSystems / "two_pendulums_planar.toml");
    std::get<Calibrated>(hand.contact.damping).model = model;
    std::get<Calibrated>(planar.contact.damping).model = model;
    const auto a = simulate(*hand.system, hand.q0, hand.qd0, hand.contact, hand.options);
    const auto b = simulate(*planar.system, planar.q0, planar.qd0, planar.contact, planar.options);
    ASSERT_EQ(a.impacts.size(), 3u) << model;
    ASSERT_EQ(b.impacts.size(), a.impacts.size()) << model;
    for (std::size_t k = 0; k < a.impacts.size(); ++k) {
      EXPECT_NEAR(b.impacts[k].t_start, a.impacts[k].t_start, 1e-8) << model << " impact " << k;
      EXPECT_NEAR(b.impacts[k].v_in, a.impacts[k].v_in, 1e-7 * a.impacts[k].v_in) << model;
      EXPECT_NEAR(b.impacts[k].e, a.impacts[k].e, 1e-7) << model;
      EXPECT_NEAR(b.impacts[k].m_eff, a.impacts[k].m_eff, 1e-9 * a.impacts[k].m_eff) << model;
    }
    EXPECT_NEAR(-b.qd_final[2], a.qd_final[0], 1e-6) << model;
    EXPECT_NEAR(-b.qd_final[5], a.qd_final[1], 1e-6) << model;
    EXPECT_GT(b.max_drift, 0.0);
    EXPECT_LE(b.max_drift, 1e-8);
    EXPECT_LE(b.max_velocity_drift, 1e-8);
  }
}

TEST(PlanarMultibody, SliderCrankFileReproducesTheGeneralizedCoordinateSystemFreeAndDriven) {
  // SF2020 §10 both ways: (φ, x_b) with the loop closure solved in closed form
  // (slider_crank.toml), and four bodies, three revolute and two prismatic joints
  // (slider_crank_planar.toml); the driven reading adds a [[drive]] on crank.angle (a rheonomic
  // constraint) against SliderCrank's driven coordinate. Collisions agree to 1e-9 s, v_in and e to
  // 1e-7 relative.
  const std::string text = read_text(kSystems / "slider_crank_planar.toml");
  const auto driven_file = write_temp(
      "slider_crank_driven.toml", text + "\n[[drive]]\ncoordinate = \"crank.angle\"\nvelocity = 200.0\n");
  for (const bool driven : {false, true}) {
    auto hand = load_system(kSystems / "slider_crank.toml");
    auto planar = load_system(driven ? driven_file : kSystems / "slider_crank_planar.toml");
    auto p = dynamic_cast<const SliderCrank&>(*hand.system).parameters();
    p.driven = driven;
    const SliderCrank crank(p);
    const auto a = simulate(crank, hand.q0, hand.qd0, hand.contact, hand.options);
    const auto b = simulate(*planar.system, planar.q0, planar.qd0, planar.contact, planar.options);
    ASSERT_EQ(a.impacts.size(), driven ? 1u : 2u);  // the note's two readings
    ASSERT_EQ(b.impacts.size(), a.impacts.size()) << "driven " << driven;
    for (std::size_t k = 0; k < a.impacts.size(); ++k) {
      EXPECT_NEAR(b.impacts[k].t_start, a.impacts[k].t_start, 1e-9) << driven;
      EXPECT_NEAR(b.impacts[k].v_in, a.impacts[k].v_in, 1e-7 * a.impacts[k].v_in) << driven;
      EXPECT_NEAR(b.impacts[k].e, a.impacts[k].e, 1e-7) << driven;
      EXPECT_NEAR(b.impacts[k].m_eff, a.impacts[k].m_eff, 1e-9 * a.impacts[k].m_eff) << driven;
    }
    EXPECT_NEAR(b.qd_final[9], a.qd_final[1], 1e-6 * 20) << driven;  // block velocity
    if (driven) {
      EXPECT_NEAR(b.qd_final[2], 200.0, 1e-6);  // the motor holds ω
    }
  }
}

TEST(PlanarMultibody, ElasticPiecewisePendulumsConserveEnergy) {
  // e = 1, impulse method: every jump conserves kinetic energy (the impulse is along d with
  // J q̇⁺ = −J q̇⁻), flight conserves ½q̇ᵀMq̇ + potential; the constraint forces do no work, so
  // the energy stays at its initial value to 1e-8 relative over 8 s.
  auto planar = load_system(kSystems / "two_pendulums_planar.toml");
  std::get<Calibrated>(planar.contact.damping).e = 1.0;
  planar.options.method = Method::piecewise;
  planar.options.rel_tol = 1e-12;
  planar.options.abs_tol = 1e-14;
  const auto r = simulate(*planar.system, planar.q0, planar.qd0, planar.contact, planar.options);
  EXPECT_GE(r.impacts.size(), 3u);
  const double e0 = r.series.front().energy;
  double worst = 0;
  for (const auto& s : r.series) worst = std::max(worst, std::abs(s.energy - e0));
  EXPECT_LT(worst, 1e-8 * std::abs(e0));
}

TEST(PlanarMultibody, DriftGuardFailsARunThatLeavesTheBound) {
  // Without Baumgarte and at rel_tol 1e-4 the joints drift by ~7e-3 m over 8 s (measured): a
  // bound of 1e-2 lets the run finish and reports that drift; a bound of 1e-4 must stop it with
  // a ComputeError naming drift_tol, not return a drifted answer.
  auto planar = load_system(kSystems / "two_pendulums_planar.toml");
  planar.options.baumgarte_rate = 0.0;
  planar.options.rel_tol = 1e-4;
  planar.options.abs_tol = 1e-6;
  planar.options.drift_tol = 1e-2;
  const auto r = simulate(*planar.system, planar.q0, planar.qd0, planar.contact, planar.options);
  EXPECT_GT(r.max_drift, 1e-4);
  EXPECT_LT(r.max_drift, 1e-2);
  planar.options.drift_tol = 1e-4;
  try {
    simulate(*planar.system, planar.q0, planar.qd0, planar.contact, planar.options);
    FAIL() << "no drift error";
  } catch (const ComputeError& e) {
    EXPECT_NE(std::string(e.what()).find("drift_tol"), std::string::npos) << e.what();
  }
}

TEST(PlanarMultibody, BadInputNamesTheProblem) {
  const std::string text = read_text(kSystems / "two_pendulums_planar.toml");
  auto expect_input_error = [&](const std::string& changed, const std::string& needle) {
    const auto file = write_temp("bad.toml", changed);
    try {
      load_system(file);
      ADD_FAILURE() << "accepted: " << needle;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string s = text;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  // A rod's centre velocity contradicting its pivot.
  expect_input_error(replace("omega = 0.0           # at rest", "vx = 5.0\nomega = 0.0 #"),
                     "contradict");
  // The same joint twice: redundant constraints.
  expect_input_error(text + "\n[[joint]]\ntype = \"revolute\"\nbody_i = \"ground\"\npoint_i = "
                            "[0.0, 0.0]\nbody_j = \"rod1\"\npoint_j = [-3.0, 0.0]\n",
                     "redundant");
  expect_input_error(replace("normal_in = \"body_j\"", "normal_in = \"body_k\""), "normal_in");
  expect_input_error(replace("omega = 0.0           # at rest", "omgea = 0.0 #"), "omgea");
  expect_input_error(replace("drift_tol = 1e-8", "drift_tol = -1"), "drift_tol");
  expect_input_error(text + "\n[[drive]]\ncoordinate = \"rod3.angle\"\nvelocity = 1.0\n",
                     "rod3.angle");
  expect_input_error(replace("angle_deg = 0.0 ", "angle_deg = 180.0 "), "overlaps");
  // Constraints belong to planar systems only.
  expect_input_error(read_text(kSystems / "two_pendulums.toml") + "\n[constraints]\ndrift_tol = 1e-8\n",
                     "constraints");
}
