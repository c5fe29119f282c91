// Effective mass in constrained multibody systems (Nikravesh & Poursina, "NP").
#include <cmath>
#include <numbers>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/models/multibody.hpp"
#include "calib/models/planar_system.hpp"

using namespace calib;
using namespace calib::models::multibody;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;
const std::string kConfigs = std::string(CALIB_SOURCE_DIR) + "/configs/effmass/";

// NP Example 1 as a system file: rod (m, L = 1) pinned at O, tip hits a wall; θ from vertical.
PlanarSystem pendulum(double m, double theta_deg) {
  const double t = theta_deg * kDeg;
  const std::string toml = fmt::format(
      "[[body]]\nname = \"rod\"\nmass = {}\nlength = 1.0\nx = {}\ny = {}\nangle_deg = {}\n"
      "[[joint]]\ntype = \"revolute\"\nbody_i = \"ground\"\nbody_j = \"rod\"\npoint_j = [-0.5, "
      "0.0]\n"
      "[contact]\nbody_i = \"rod\"\npoint_i = [0.5, 0.0]\nbody_j = \"ground\"\nnormal = [1.0, "
      "0.0]\n",
      m, 0.5 * std::sin(t), -0.5 * std::cos(t), theta_deg - 90.0);
  return PlanarSystem::from(io::ConfigNode::parse(toml, "pendulum.toml"));
}

void expect_methods_agree(const EffectiveMassReport& r) {
  // NP eq. 28 (bordered), eq. 31 (closed form) and eq. 38/39 (null space) are three
  // independent computations of the same number.
  EXPECT_NEAR(r.m_eff_eq31 / r.result.m_eff, 1.0, 1e-12);
  EXPECT_NEAR(r.m_eff_eq39 / r.result.m_eff, 1.0, 1e-12);
}

}  // namespace

TEST(EffectiveMass, Example1PendulumIsMOver3CosSquared) {
  for (double theta : {0.0, 20.0, 45.0, 70.0, 85.0}) {
    const auto r = analyse(pendulum(2.0, theta));
    EXPECT_NEAR(r.result.m_eff, 2.0 / (3 * std::pow(std::cos(theta * kDeg), 2)),
                1e-12 * r.result.m_eff)
        << theta;  // eq. 40
    expect_methods_agree(r);
    EXPECT_TRUE(std::isinf(r.m_app_j));  // the wall (ground)
  }
  // θ = 90°: the tip cannot move along n -> m_eff = ∞, reported as a status (never NaN).
  const auto r = analyse(pendulum(2.0, 90.0));
  EXPECT_EQ(r.result.status, Status::infinite);
  EXPECT_TRUE(std::isinf(r.result.m_eff));
  // JSON has no infinity: null, with the status naming why (one convention for every command).
  EXPECT_TRUE(r.to_json()["m_eff[kg]"].is_null());
  EXPECT_EQ(r.to_json()["status"], "infinite");
}

TEST(EffectiveMass, Example2MatchesEq41OverTheta) {
  for (double theta : {0.0, 30.0, 40.0, 60.0, 90.0}) {
    auto sys = PlanarSystem::load(kConfigs + "np_example2_slider_sphere.toml");
    // Turn the sliding axis (the config's 40° is replaced).
    sys.joints[0].axis_i = {std::cos(theta * kDeg), std::sin(theta * kDeg)};
    const double m1 = 1, m2 = 2, m3 = 3, c2 = std::pow(std::cos(theta * kDeg), 2);
    const double eq41 = m1 * m2 * (m2 + m3) / (m2 * (m2 + m3) + m1 * (m2 + m3 * c2));
    const auto r = analyse(sys);
    EXPECT_NEAR(r.result.m_eff, eq41, 1e-12) << theta;
    expect_methods_agree(r);
  }
}

TEST(EffectiveMass, Example3DoublePendulumIsPoint45) {
  // The paper's M_dof and b (independent coordinates θ1, θ2, θ3) give 0.45 (2 digits).
  const double L1 = 1, L2 = 1.4, L3 = 2, m1 = 1, m2 = 1.4, m3 = 2, d = 1.65;
  const double t1 = 30 * kDeg, t2 = 60 * kDeg, t3 = 18.12 * kDeg;
  Eigen::Matrix3d M;
  M << (m1 / 3 + m2) * L1 * L1, 0.5 * m2 * L1 * L2 * std::cos(t2 - t1), 0,
      0.5 * m2 * L1 * L2 * std::cos(t2 - t1), m2 * L2 * L2 / 3, 0, 0, 0, m3 * L3 * L3 / 3;
  const Eigen::Vector3d b(L1 * std::cos(t1 - t3), L2 * std::cos(t2 - t3), -d);
  const auto paper = independent_bordered(M, b);
  EXPECT_NEAR(paper.m_eff, 0.45, 0.005);
  EXPECT_NEAR(independent_closed_form(M, b).m_eff / paper.m_eff, 1.0, 1e-12);
  // Our planar model of the same system (config file) agrees with the paper's matrices.
  const auto r = analyse(PlanarSystem::load(kConfigs + "np_example3_double_pendulum.toml"));
  EXPECT_NEAR(r.result.m_eff, paper.m_eff, 1e-9);
  expect_methods_agree(r);
}

TEST(EffectiveMass, Example4SliderCrank) {
  auto sys = PlanarSystem::load(kConfigs + "np_example4_slider_crank.toml");
  auto r = analyse(sys);
  EXPECT_NEAR(r.result.m_eff, 0.8015, 5e-5);  // NP: 0.8015
  EXPECT_NEAR(r.m_app_i, 4.04, 5e-3);         // NP: m_app-2 = 4.04
  EXPECT_NEAR(r.m_app_j, 1.0, 1e-12);
  EXPECT_NEAR(apparent_mass(r.result.m_eff, r.m_app_j), r.m_app_i, 1e-9);  // eq. 2
  expect_methods_agree(r);
  // Assembly recovers the paper's θ3 = 165.52° (2 decimals).
  EXPECT_NEAR(sys.bodies[2].angle / kDeg, 165.52, 0.005);
  // θ1 = 0: toggle position: m_eff = 1.0 (slider 4 alone), m_app-2 = ∞.
  Eigen::VectorXd q = sys.coordinates();
  q(2) = 0.0;
  sys.set_coordinates(q);
  sys.assemble();
  r = analyse(sys);
  EXPECT_NEAR(r.result.m_eff, 1.0, 1e-9);
  EXPECT_TRUE(std::isinf(r.m_app_i));
}

TEST(EffectiveMass, SparseAndDenseBorderedSystemsAgree) {
  // A chain of 60 pendulum links (180 coordinates, 120 constraints) whose tip hits a wall.
  std::string toml;
  const int links = 60;
  for (int i = 0; i < links; ++i)
    toml += fmt::format("[[body]]\nname = \"l{}\"\nmass = {}\nlength = 0.1\nx = {}\ny = 0.0\n", i,
                        1.0 + 0.01 * i, 0.05 + 0.1 * i);
  toml +=
      "[[joint]]\ntype = \"revolute\"\nbody_i = \"ground\"\nbody_j = \"l0\"\npoint_j = [-0.05, "
      "0.0]\n";
  for (int i = 1; i < links; ++i)
    toml += fmt::format(
        "[[joint]]\ntype = \"revolute\"\nbody_i = \"l{}\"\npoint_i = [0.05, 0.0]\nbody_j = "
        "\"l{}\"\n"
        "point_j = [-0.05, 0.0]\n",
        i - 1, i);
  toml += fmt::format(
      "[contact]\nbody_i = \"l{}\"\npoint_i = [0.05, 0.0]\nbody_j = \"ground\"\nnormal = [0.6, "
      "0.8]\n",
      links - 1);
  const auto sys = PlanarSystem::from(io::ConfigNode::parse(toml, "chain.toml"));
  const auto M = sys.mass_matrix();
  const auto D = sys.jacobian();
  const auto d = sys.contact_array();
  const auto dense = dependent_bordered(M, D, d, 1'000'000);
  const auto sparse = dependent_bordered(M, D, d, 10);
  ASSERT_EQ(dense.status, Status::ok);
  EXPECT_NEAR(sparse.m_eff / dense.m_eff, 1.0, 1e-10);
  EXPECT_NEAR(null_space(M, D, d).m_eff / dense.m_eff, 1.0, 1e-10);
}

TEST(EffectiveMass, RedundantConstraintsAreReportedAndStillSolved) {
  auto sys = pendulum(1.0, 30.0);
  sys.joints.push_back(sys.joints[0]);  // the same pin twice: D is rank-deficient
  const auto r = analyse(sys);
  EXPECT_EQ(r.result.status, Status::redundant_constraints);
  EXPECT_EQ(r.result.redundant, 2);
  EXPECT_NEAR(r.result.m_eff, 1.0 / (3 * std::pow(std::cos(30 * kDeg), 2)), 1e-10);
}

TEST(EffectiveMass, MalformedSystemsNameTheField) {
  auto expect_error = [](const std::string& toml, const std::string& fragment) {
    try {
      PlanarSystem::from(io::ConfigNode::parse(toml, "sys.toml"));
      ADD_FAILURE() << "accepted: " << toml;
    } catch (const InputError& ex) {
      EXPECT_NE(std::string(ex.what()).find(fragment), std::string::npos) << ex.what();
    }
  };
  const std::string body = "[[body]]\nname = \"a\"\nmass = 1.0\ninertia = 1.0\n";
  const std::string contact = "[contact]\nbody_i = \"a\"\nbody_j = \"ground\"\n";
  expect_error("[[body]]\nname = \"a\"\nmass = -1.0\ninertia = 1.0\n" + contact, "body[0].mass");
  expect_error("[[body]]\nname = \"a\"\nmass = 1.0\ninertia = 1.0\nlength = 2.0\n" + contact,
               "body[0].inertia");
  expect_error(
      body + "[[joint]]\ntype = \"revolute\"\nbody_i = \"ground\"\nbody_j = \"b\"\n" + contact,
      "joint[0].body_j");
  expect_error(
      body + "[[joint]]\ntype = \"hinge\"\nbody_i = \"ground\"\nbody_j = \"a\"\n" + contact,
      "joint[0].type");
  expect_error(body + "[contact]\nbody_i = \"a\"\nbody_j = \"ground\"\nnormal = [0.0, 0.0]\n",
               "contact.normal");
  expect_error(body + contact + "[assembly]\nfix = [\"a.z\"]\n", "assembly.fix");
  expect_error(body + "[[body]]\nname = \"a\"\nmass = 1.0\ninertia = 1.0\n" + contact,
               "duplicate body");
  expect_error(body + "colour = \"red\"\n" + contact, "body[0].colour");
}
