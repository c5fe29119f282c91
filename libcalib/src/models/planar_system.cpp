#include "calib/models/planar_system.hpp"

#include <algorithm>
#include <cmath>

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

}  // namespace

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

std::string PlanarSystem::coordinate_name(int index) const {
  static constexpr const char* kSuffix[3] = {"x", "y", "angle"};
  return bodies.at(static_cast<std::size_t>(index / 3)).name + "." + kSuffix[index % 3];
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
Frame frame_of(const Eigen::VectorXd& q, int b) {  // body −1: the ground
  if (b < 0) return {};
  return {{q(3 * b), q(3 * b + 1)}, q(3 * b + 2)};
}
double angular_velocity(const Eigen::VectorXd& qd, int b) { return b < 0 ? 0.0 : qd(3 * b + 2); }
V2 velocity(const Eigen::VectorXd& qd, int b) {
  return b < 0 ? V2{0, 0} : V2{qd(3 * b), qd(3 * b + 1)};
}

std::vector<int> locked_bodies(const PlanarSystem& s) {
  std::vector<int> out;
  for (std::size_t i = 0; i < s.bodies.size(); ++i)
    if (s.bodies[i].rotation_locked) out.push_back(static_cast<int>(i));
  return out;
}

}  // namespace

Eigen::Vector2d PlanarSystem::point(int body, const Vec2& local, const Eigen::VectorXd& q) const {
  const Frame f = frame_of(q, body);
  return f.r + rotation(f.phi) * v2(local);
}

Eigen::Vector2d PlanarSystem::point_velocity(int body, const Vec2& local, const Eigen::VectorXd& q,
                                             const Eigen::VectorXd& qd) const {
  const Frame f = frame_of(q, body);
  return velocity(qd, body) + rotation_derivative(f.phi) * v2(local) * angular_velocity(qd, body);
}

// Every joint gives two rows: revolute (x, y coincidence), prismatic (relative angle,
// normal offset of P_j from body i's sliding line); then one row per locked rotation.
Eigen::VectorXd PlanarSystem::constraints() const { return constraints(coordinates()); }

Eigen::VectorXd PlanarSystem::constraints(const Eigen::VectorXd& q) const {
  const auto locked = locked_bodies(*this);
  Eigen::VectorXd phi(2 * joints.size() + locked.size());
  for (std::size_t k = 0; k < locked.size(); ++k)
    phi(static_cast<Eigen::Index>(2 * joints.size() + k)) =
        q(3 * locked[k] + 2) - bodies[locked[k]].locked_angle;
  for (std::size_t k = 0; k < joints.size(); ++k) {
    const Joint& j = joints[k];
    const V2 pi = point(j.body_i, j.point_i, q), pj = point(j.body_j, j.point_j, q);
    if (j.type == Joint::Type::revolute) {
      phi.segment<2>(2 * k) = pi - pj;  // points coincide
    } else {
      const double phi_i = frame_of(q, j.body_i).phi, phi_j = frame_of(q, j.body_j).phi;
      const V2 normal = rotation(phi_i) * kRot90 * v2(j.axis_i);
      phi(2 * k) = phi_i - phi_j - j.angle_offset;  // no relative rotation
      phi(2 * k + 1) = normal.dot(pj - pi);         // P_j stays on body i's sliding line
    }
  }
  return phi;
}

Eigen::MatrixXd PlanarSystem::jacobian() const { return jacobian(coordinates()); }

Eigen::MatrixXd PlanarSystem::jacobian(const Eigen::VectorXd& q) const {
  const auto n = static_cast<Eigen::Index>(3 * bodies.size());
  const auto locked = locked_bodies(*this);
  Eigen::MatrixXd D =
      Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(2 * joints.size() + locked.size()), n);
  for (std::size_t k = 0; k < locked.size(); ++k)
    D(static_cast<Eigen::Index>(2 * joints.size() + k), 3 * locked[k] + 2) = 1.0;
  for (std::size_t k = 0; k < joints.size(); ++k) {
    const Joint& j = joints[k];
    const auto r = static_cast<Eigen::Index>(2 * k);
    const Frame fi = frame_of(q, j.body_i), fj = frame_of(q, j.body_j);
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
      const V2 pi = point(j.body_i, j.point_i, q), pj = point(j.body_j, j.point_j, q);
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

// Φ̈ = D q̈ + Ḋq̇. With ṗ = ṙ + B s φ̇ a body point accelerates as p̈ = r̈ + B s φ̈ − A s φ̇², so
// the velocity-quadratic part of a point's acceleration is −A s φ̇² (Nikravesh's γ with the
// opposite sign). Revolute: −A_i s_i φ̇_i² + A_j s_j φ̇_j². Prismatic, f = nᵀ(p_j − p_i) with
// n = A_i R a: f̈|q̈=0 = n̈ᵀd + 2ṅᵀḋ + nᵀd̈, n̈|q̈=0 = −n φ̇_i², ṅ = B_i R a φ̇_i.
Eigen::VectorXd PlanarSystem::jacobian_rate(const Eigen::VectorXd& q,
                                            const Eigen::VectorXd& qd) const {
  const auto locked = locked_bodies(*this);
  Eigen::VectorXd out = Eigen::VectorXd::Zero(2 * joints.size() + locked.size());
  auto centripetal = [&](int b, const Vec2& local) {  // −A s φ̇²
    if (b < 0) return V2{0, 0};
    const double w = angular_velocity(qd, b);
    return V2(-rotation(frame_of(q, b).phi) * v2(local) * w * w);
  };
  for (std::size_t k = 0; k < joints.size(); ++k) {
    const Joint& j = joints[k];
    const V2 ai = centripetal(j.body_i, j.point_i), aj = centripetal(j.body_j, j.point_j);
    if (j.type == Joint::Type::revolute) {
      out.segment<2>(2 * k) = ai - aj;
    } else {
      const double phi_i = frame_of(q, j.body_i).phi, wi = angular_velocity(qd, j.body_i);
      const V2 normal = rotation(phi_i) * kRot90 * v2(j.axis_i);
      const V2 ndot = rotation_derivative(phi_i) * kRot90 * v2(j.axis_i) * wi;
      const V2 d = point(j.body_j, j.point_j, q) - point(j.body_i, j.point_i, q);
      const V2 ddot =
          point_velocity(j.body_j, j.point_j, q, qd) - point_velocity(j.body_i, j.point_i, q, qd);
      out(2 * k + 1) = -normal.dot(d) * wi * wi + 2 * ndot.dot(ddot) + normal.dot(aj - ai);
    }
  }
  return out;
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

namespace {
V2 contact_normal(const PlanarSystem& s, const Eigen::VectorXd& q) {
  const V2 n = v2(s.contact.normal);
  return s.contact.normal_in_body_j ? V2(rotation(frame_of(q, s.contact.body_j).phi) * n) : n;
}
}  // namespace

double PlanarSystem::penetration(const Eigen::VectorXd& q) const {
  return contact_normal(*this, q).dot(point(contact.body_i, contact.point_i, q) -
                                      point(contact.body_j, contact.point_j, q));
}

Eigen::VectorXd PlanarSystem::contact_array_side(bool side_i) const {
  return contact_array_side(side_i, coordinates());
}

Eigen::VectorXd PlanarSystem::contact_array_side(bool side_i, const Eigen::VectorXd& q) const {
  Eigen::VectorXd d = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(3 * bodies.size()));
  const V2 n = contact_normal(*this, q);
  const int b = side_i ? contact.body_i : contact.body_j;
  if (b < 0) return d;                      // ground contributes no coordinates
  const double sign = side_i ? 1.0 : -1.0;  // δ' = nᵀ(ṙ_i^P − ṙ_j^P), NP eq. 19–21
  const V2 Bs =
      rotation_derivative(frame_of(q, b).phi) * v2(side_i ? contact.point_i : contact.point_j);
  d.segment<2>(3 * b) = sign * n;
  d(3 * b + 2) = sign * n.dot(Bs);
  if (!side_i && contact.normal_in_body_j)  // ∂n/∂φ_j = B_j n₀: the face turns with body j
    d(3 * b + 2) += (rotation_derivative(frame_of(q, b).phi) * v2(contact.normal))
                        .dot(point(contact.body_i, contact.point_i, q) -
                             point(contact.body_j, contact.point_j, q));
  return d;
}

Eigen::VectorXd PlanarSystem::contact_array() const { return contact_array(coordinates()); }

Eigen::VectorXd PlanarSystem::contact_array(const Eigen::VectorXd& q) const {
  return contact_array_side(true, q) + contact_array_side(false, q);
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
  if (!s.has_contact)
    throw InputError(
        fmt::format("system '{}': no [contact] table; the effective mass is that "
                    "of the point contact",
                    s.name));
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
  return {{"m_eff", num(result.m_eff)},
          {"m_app_i", num(m_app_i)},
          {"m_app_j", num(m_app_j)},
          {"status", status_name(result.status)},
          {"m_eff_eq31", num(m_eff_eq31)},
          {"m_eff_eq39", num(m_eff_eq39)},
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
