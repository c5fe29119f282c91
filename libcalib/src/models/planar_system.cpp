#include "calib/models/planar_system.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "core/checks.hpp"

namespace calib::models::multibody {

namespace {

using Mat2 = Eigen::Matrix2d;
using V2 = Eigen::Vector2d;

Mat2 rotation(double phi) {  // A(φ)
  Mat2 A;
  A << std::cos(phi), -std::sin(phi), std::sin(phi), std::cos(phi);
  return A;
}
Mat2 rotation_derivative(double phi) {  // B(φ) = dA/dφ
  Mat2 B;
  B << -std::sin(phi), -std::cos(phi), std::cos(phi), -std::sin(phi);
  return B;
}
V2 v2(const Vec2& a) { return {a[0], a[1]}; }
const Mat2 kRot90 = (Mat2() << 0, -1, 1, 0).finished();

Vec2 read_vec2(const io::ConfigNode& t, const std::string& key, Vec2 fallback) {
  if (!t.has(key)) return fallback;
  const auto v = t.numbers(key);
  if (v.size() != 2)
    throw InputError(fmt::format("{}: expected [x, y], got {} numbers", t.where(key), v.size()));
  return {v[0], v[1]};
}

double read_angle(const io::ConfigNode& t, const std::string& stem) {
  if (t.has(stem + "_deg"))
    return require_finite(t.where(stem + "_deg"), t.number(stem + "_deg")) * std::numbers::pi / 180;
  return require_finite(t.where(stem), t.number(stem, 0.0));
}

}  // namespace

PlanarSystem PlanarSystem::load(const std::filesystem::path& file) {
  return from(io::ConfigNode::load_file(file));
}

PlanarSystem PlanarSystem::from(const io::ConfigNode& node) {
  PlanarSystem s;
  s.name = node.string("name", "");
  for (const auto& b : node.tables("body")) {
    Body body;
    body.name = b.string("name");
    if (body.name == "ground")
      throw InputError(fmt::format("{}: 'ground' is reserved", b.where("name")));
    for (const Body& other : s.bodies)
      if (other.name == body.name)
        throw InputError(fmt::format("{}: duplicate body '{}'", b.where("name"), body.name));
    body.mass = require_positive(b.where("mass"), b.number("mass"));
    if (b.has("inertia") == b.has("length"))
      throw InputError(
          fmt::format("{}: give exactly one of inertia (about the centre) or length (slender rod)",
                      b.where("inertia")));
    body.inertia = b.has("inertia")
                       ? require_positive(b.where("inertia"), b.number("inertia"))
                       : body.mass *
                             std::pow(require_positive(b.where("length"), b.number("length")), 2) /
                             12.0;
    body.x = require_finite(b.where("x"), b.number("x", 0.0));
    body.y = require_finite(b.where("y"), b.number("y", 0.0));
    body.angle = read_angle(b, "angle");
    body.rotation_locked = !b.boolean("rotates", true);
    body.locked_angle = body.angle;
    b.reject_unknown();
    s.bodies.push_back(body);
  }
  if (s.bodies.empty()) throw InputError(fmt::format("{}: no [[body]] tables", node.where("body")));
  auto body_index = [&](const io::ConfigNode& t, const std::string& key) {
    const std::string name = t.string(key);
    if (name == "ground") return -1;
    for (std::size_t i = 0; i < s.bodies.size(); ++i)
      if (s.bodies[i].name == name) return static_cast<int>(i);
    throw InputError(fmt::format("{}: unknown body '{}'", t.where(key), name));
  };
  if (node.has("joint"))
    for (const auto& j : node.tables("joint")) {
      Joint joint;
      const std::string type = j.string("type");
      if (type == "revolute")
        joint.type = Joint::Type::revolute;
      else if (type == "prismatic")
        joint.type = Joint::Type::prismatic;
      else
        throw InputError(
            fmt::format("{}: must be revolute or prismatic, got '{}'", j.where("type"), type));
      joint.body_i = body_index(j, "body_i");
      joint.body_j = body_index(j, "body_j");
      if (joint.body_i == joint.body_j)
        throw InputError(fmt::format("{}: a joint needs two different bodies", j.where("body_j")));
      joint.point_i = read_vec2(j, "point_i", {0, 0});
      joint.point_j = read_vec2(j, "point_j", {0, 0});
      if (joint.type == Joint::Type::prismatic) {
        joint.axis_i = read_vec2(j, "axis_i", {1, 0});
        const double len = std::hypot(joint.axis_i[0], joint.axis_i[1]);
        if (!(len > 0)) throw InputError(fmt::format("{}: zero axis", j.where("axis_i")));
        joint.axis_i = {joint.axis_i[0] / len, joint.axis_i[1] / len};
        const double phi_i = joint.body_i < 0 ? 0 : s.bodies[joint.body_i].angle;
        const double phi_j = joint.body_j < 0 ? 0 : s.bodies[joint.body_j].angle;
        joint.angle_offset = phi_i - phi_j;
      }
      j.reject_unknown();
      s.joints.push_back(joint);
    }
  const auto c = node.table("contact");
  s.contact.body_i = body_index(c, "body_i");
  s.contact.body_j = body_index(c, "body_j");
  if (s.contact.body_i == s.contact.body_j)
    throw InputError(fmt::format("{}: contact needs two different bodies", c.where("body_j")));
  s.contact.point_i = read_vec2(c, "point_i", {0, 0});
  s.contact.point_j = read_vec2(c, "point_j", {0, 0});
  if (c.has("normal_deg")) {
    const double a = read_angle(c, "normal");
    s.contact.normal = {std::cos(a), std::sin(a)};
  } else {
    const Vec2 n = read_vec2(c, "normal", {1, 0});
    const double len = std::hypot(n[0], n[1]);
    if (!(len > 0) || !std::isfinite(len))
      throw InputError(fmt::format("{}: zero or non-finite normal", c.where("normal")));
    s.contact.normal = {n[0] / len, n[1] / len};
  }
  bool assemble = false;
  if (auto a = node.optional_table("assembly")) {
    assemble = a->boolean("assemble", true);
    if (a->has("fix"))
      for (const auto& name : a->strings("fix")) {
        try {
          s.fixed.push_back(s.coordinate_index(name));
        } catch (const InputError& ex) {
          throw InputError(fmt::format("{}: {}", a->where("fix"), ex.what()));
        }
      }
  }
  node.reject_unknown();
  if (assemble) s.assemble();
  return s;
}

int PlanarSystem::coordinate_index(const std::string& name) const {
  const auto dot = name.rfind('.');
  const std::string body = name.substr(0, dot),
                    coord = dot == std::string::npos ? "" : name.substr(dot + 1);
  for (std::size_t i = 0; i < bodies.size(); ++i)
    if (bodies[i].name == body) {
      if (coord == "x") return static_cast<int>(3 * i);
      if (coord == "y") return static_cast<int>(3 * i + 1);
      if (coord == "angle") return static_cast<int>(3 * i + 2);
    }
  throw InputError(
      fmt::format("unknown coordinate '{}' (use <body>.x, <body>.y or <body>.angle)", name));
}

Eigen::VectorXd PlanarSystem::coordinates() const {
  Eigen::VectorXd q(3 * bodies.size());
  for (std::size_t i = 0; i < bodies.size(); ++i)
    q.segment<3>(3 * i) << bodies[i].x, bodies[i].y, bodies[i].angle;
  return q;
}

void PlanarSystem::set_coordinates(const Eigen::VectorXd& q) {
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    bodies[i].x = q(3 * i);
    bodies[i].y = q(3 * i + 1);
    bodies[i].angle = q(3 * i + 2);
  }
}

namespace {

struct Frame {
  V2 r{0, 0};
  double phi = 0;
};
Frame frame_of(const PlanarSystem& s, int b) {
  if (b < 0) return {};
  return {{s.bodies[b].x, s.bodies[b].y}, s.bodies[b].angle};
}

// Every joint gives two rows: revolute (x, y coincidence), prismatic (relative angle,
// normal offset of P_j from body i's sliding line).

}  // namespace

namespace {
std::vector<int> locked_bodies(const PlanarSystem& s) {
  std::vector<int> out;
  for (std::size_t i = 0; i < s.bodies.size(); ++i)
    if (s.bodies[i].rotation_locked) out.push_back(static_cast<int>(i));
  return out;
}
}  // namespace

Eigen::VectorXd PlanarSystem::constraints() const {
  const auto locked = locked_bodies(*this);
  Eigen::VectorXd phi(2 * joints.size() + locked.size());
  for (std::size_t k = 0; k < locked.size(); ++k)
    phi(static_cast<Eigen::Index>(2 * joints.size() + k)) =
        bodies[locked[k]].angle - bodies[locked[k]].locked_angle;
  for (std::size_t k = 0; k < joints.size(); ++k) {
    const Joint& j = joints[k];
    const Frame fi = frame_of(*this, j.body_i), fj = frame_of(*this, j.body_j);
    const V2 pi = fi.r + rotation(fi.phi) * v2(j.point_i),
             pj = fj.r + rotation(fj.phi) * v2(j.point_j);
    if (j.type == Joint::Type::revolute) {
      phi.segment<2>(2 * k) = pi - pj;  // points coincide
    } else {
      const V2 normal = rotation(fi.phi) * kRot90 * v2(j.axis_i);
      phi(2 * k) = fi.phi - fj.phi - j.angle_offset;  // no relative rotation
      phi(2 * k + 1) = normal.dot(pj - pi);           // P_j stays on body i's sliding line
    }
  }
  return phi;
}

Eigen::MatrixXd PlanarSystem::jacobian() const {
  const auto n = static_cast<Eigen::Index>(3 * bodies.size());
  const auto locked = locked_bodies(*this);
  Eigen::MatrixXd D =
      Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(2 * joints.size() + locked.size()), n);
  for (std::size_t k = 0; k < locked.size(); ++k)
    D(static_cast<Eigen::Index>(2 * joints.size() + k), 3 * locked[k] + 2) = 1.0;
  for (std::size_t k = 0; k < joints.size(); ++k) {
    const Joint& j = joints[k];
    const auto r = static_cast<Eigen::Index>(2 * k);
    const Frame fi = frame_of(*this, j.body_i), fj = frame_of(*this, j.body_j);
    const V2 Bsi = rotation_derivative(fi.phi) * v2(j.point_i),
             Bsj = rotation_derivative(fj.phi) * v2(j.point_j);
    if (j.type == Joint::Type::revolute) {
      if (j.body_i >= 0) {
        D.block<2, 2>(r, 3 * j.body_i) = Mat2::Identity();
        D.block<2, 1>(r, 3 * j.body_i + 2) = Bsi;
      }
      if (j.body_j >= 0) {
        D.block<2, 2>(r, 3 * j.body_j) = -Mat2::Identity();
        D.block<2, 1>(r, 3 * j.body_j + 2) = -Bsj;
      }
    } else {
      const V2 pi = fi.r + rotation(fi.phi) * v2(j.point_i),
               pj = fj.r + rotation(fj.phi) * v2(j.point_j);
      const V2 normal = rotation(fi.phi) * kRot90 * v2(j.axis_i);
      const V2 dnormal = rotation_derivative(fi.phi) * kRot90 * v2(j.axis_i);
      if (j.body_i >= 0) {
        D(r, 3 * j.body_i + 2) = 1.0;
        D.block<1, 2>(r + 1, 3 * j.body_i) = -normal.transpose();
        D(r + 1, 3 * j.body_i + 2) = dnormal.dot(pj - pi) - normal.dot(Bsi);
      }
      if (j.body_j >= 0) {
        D(r, 3 * j.body_j + 2) = -1.0;
        D.block<1, 2>(r + 1, 3 * j.body_j) = normal.transpose();
        D(r + 1, 3 * j.body_j + 2) = normal.dot(Bsj);
      }
    }
  }
  return D;
}

Eigen::MatrixXd PlanarSystem::mass_matrix() const {
  const auto n = static_cast<Eigen::Index>(3 * bodies.size());
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const auto k = static_cast<Eigen::Index>(3 * i);
    M(k, k) = M(k + 1, k + 1) = bodies[i].mass;
    M(k + 2, k + 2) = bodies[i].inertia;
  }
  return M;
}

Eigen::VectorXd PlanarSystem::contact_array_side(bool side_i) const {
  Eigen::VectorXd d = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(3 * bodies.size()));
  const V2 n = v2(contact.normal);
  const int b = side_i ? contact.body_i : contact.body_j;
  if (b < 0) return d;                      // ground contributes no coordinates
  const double sign = side_i ? 1.0 : -1.0;  // δ' = nᵀ(ṙ_i^P − ṙ_j^P), NP eq. 19–21
  const V2 Bs =
      rotation_derivative(bodies[b].angle) * v2(side_i ? contact.point_i : contact.point_j);
  d.segment<2>(3 * b) = sign * n;
  d(3 * b + 2) = sign * n.dot(Bs);
  return d;
}

Eigen::VectorXd PlanarSystem::contact_array() const {
  return contact_array_side(true) + contact_array_side(false);
}

void PlanarSystem::assemble(double tol, int max_iterations) {
  const auto n = static_cast<Eigen::Index>(3 * bodies.size());
  std::vector<Eigen::Index> free;
  for (Eigen::Index i = 0; i < n; ++i)
    if (std::find(fixed.begin(), fixed.end(), static_cast<int>(i)) == fixed.end())
      free.push_back(i);
  Eigen::VectorXd q = coordinates();
  for (int it = 0; it < max_iterations; ++it) {
    const Eigen::VectorXd phi = constraints();
    if (phi.size() == 0 || phi.lpNorm<Eigen::Infinity>() <= tol) return;
    const Eigen::MatrixXd D = jacobian();
    Eigen::MatrixXd J(D.rows(), static_cast<Eigen::Index>(free.size()));
    for (std::size_t c = 0; c < free.size(); ++c)
      J.col(static_cast<Eigen::Index>(c)) = D.col(free[c]);
    const Eigen::VectorXd step =
        J.completeOrthogonalDecomposition().solve(-phi);  // least-norm Newton step
    for (std::size_t c = 0; c < free.size(); ++c) q(free[c]) += step(static_cast<Eigen::Index>(c));
    set_coordinates(q);
  }
  throw ComputeError(
      fmt::format("assembly of '{}' did not converge: |Phi| = {:.3g} after {} Newton steps", name,
                  constraints().lpNorm<Eigen::Infinity>(), max_iterations));
}

EffectiveMassReport analyse(const PlanarSystem& s) {
  EffectiveMassReport r;
  const Eigen::MatrixXd M = s.mass_matrix(), D = s.jacobian();
  const Eigen::VectorXd d = s.contact_array();
  const Eigen::VectorXd phi = s.constraints();
  r.constraint_residual = phi.size() ? phi.lpNorm<Eigen::Infinity>() : 0.0;
  r.result = dependent_bordered(M, D, d);               // NP eq. 28
  r.m_eff_eq31 = dependent_closed_form(M, D, d).m_eff;  // NP eq. 31
  r.m_eff_eq39 = null_space(M, D, d).m_eff;             // NP eq. 38/39 with B = null(D)
  auto side = [&](bool i) {
    const Eigen::VectorXd di = s.contact_array_side(i);
    if (di.squaredNorm() == 0) return std::numeric_limits<double>::infinity();  // ground
    return null_space(M, D, di).m_eff;
  };
  r.m_app_i = side(true);
  r.m_app_j = side(false);
  return r;
}

nlohmann::json EffectiveMassReport::to_json() const {
  // JSON has no infinity: a non-finite mass is null, and `status` says why ("infinite").
  auto num = [](double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); };
  return {{"m_eff[kg]", num(result.m_eff)},
          {"m_app_i[kg]", num(m_app_i)},
          {"m_app_j[kg]", num(m_app_j)},
          {"status", status_name(result.status)},
          {"m_eff_eq31[kg]", num(m_eff_eq31)},
          {"m_eff_eq39[kg]", num(m_eff_eq39)},
          {"dof", result.dof},
          {"redundant_constraints", result.redundant},
          {"constraint_residual", constraint_residual}};
}

double effective_mass_of_file(const std::filesystem::path& file) {
  const auto report = analyse(PlanarSystem::load(file));
  if (report.result.status == Status::infinite)
    throw ComputeError(
        fmt::format("--system {}: the effective mass is infinite (the mechanism cannot move along "
                    "the contact normal); c_opt is undefined",
                    file.string()));
  return report.result.m_eff;
}

}  // namespace calib::models::multibody
