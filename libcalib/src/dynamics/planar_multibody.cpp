// Forward dynamics of the planar-system file (planar_multibody.hpp).
#include "calib/dynamics/planar_multibody.hpp"

#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/models/multibody.hpp"
#include "clearance_joint.hpp"

namespace calib::dynamics {

namespace mb = models::multibody;

PlanarMultibody::PlanarMultibody(mb::PlanarSystem system)
    : sys_(std::move(system)),
      mass_(sys_.mass_matrix()),
      q0_(sys_.coordinates()),
      constraint_count_(static_cast<int>(sys_.constraints(q0_).size() + sys_.drives.size())) {
  // The augmented matrix [M Dᵀ; D 0] must be invertible: D of full row rank (no redundant
  // joints; NP §4 treats those separately) at the initial configuration.
  const Matrix d = constraint_jacobian(q0_);
  int rank = 0;
  if (d.rows() > 0) mb::velocity_basis(d, &rank);
  if (rank < d.rows())
    throw InputError(fmt::format(
        "system '{}': {} of its {} constraints are redundant (rank {}); the augmented equations "
        "of motion need independent joints and drives",
        sys_.name, d.rows() - rank, d.rows(), rank));
  for (const auto& joint : sys_.clearances)
    clearances_.push_back(std::make_unique<detail::ClearanceContact>(sys_, joint));
}

PlanarMultibody::~PlanarMultibody() = default;

int PlanarMultibody::contact_count() const {
  return (sys_.has_contact ? 1 : 0) + static_cast<int>(clearances_.size());
}

const detail::ClearanceContact* PlanarMultibody::clearance(int k) const {
  const int c = k - (sys_.has_contact ? 1 : 0);
  return c >= 0 ? clearances_[c].get() : nullptr;
}

std::string PlanarMultibody::contact_name(int k) const {
  if (clearance(k)) return sys_.clearances[k - (sys_.has_contact ? 1 : 0)].name;
  auto name = [&](int b) { return b < 0 ? std::string("ground") : sys_.bodies[b].name; };
  return name(sys_.contact.body_i) + "-" + name(sys_.contact.body_j);
}

double PlanarMultibody::penetration(int k, const Vector& q) const {
  const auto* c = clearance(k);
  return c ? c->penetration(q) : sys_.penetration(q);
}

Vector PlanarMultibody::penetration_gradient(int k, const Vector& q) const {
  const auto* c = clearance(k);
  return c ? c->gradient(q) : sys_.contact_array(q);
}

double PlanarMultibody::penetration_rate(int k, const Vector& q, const Vector& qd) const {
  const auto* c = clearance(k);
  return c ? c->rate(q, qd) : sys_.contact_array(q).dot(qd);
}

void PlanarMultibody::add_generalized_force(int k, const Vector& q, double force, Vector& f) const {
  if (const auto* c = clearance(k))
    c->add_force(q, force, f);
  else
    f += sys_.contact_array(q) * force;
}

double PlanarMultibody::add_friction_force(int k, const Vector& q, const Vector& qd,
                                           double normal_force, Vector& f) const {
  const auto* c = clearance(k);
  return c ? c->add_friction(q, qd, normal_force, f) : 0.0;
}

bool PlanarMultibody::has_friction() const {
  for (const auto& joint : sys_.clearances)
    for (const auto& region : joint.regions)
      if (region.law.friction > 0) return true;
  return false;
}

const ContactModel* PlanarMultibody::contact_model(int k, int region) const {
  const auto* c = clearance(k);
  return c ? &c->model(region) : nullptr;
}

int PlanarMultibody::region_count(int k) const {
  const auto* c = clearance(k);
  return c ? c->region_count() : 1;
}

int PlanarMultibody::region(int k, const Vector& q) const {
  const auto* c = clearance(k);
  return c ? c->region(q) : 0;
}

std::string PlanarMultibody::region_name(int k, int region) const {
  if (!clearance(k)) return contact_name(k);
  return sys_.clearances[k - (sys_.has_contact ? 1 : 0)].regions[region].name;
}

std::vector<std::string> PlanarMultibody::body_names() const {
  std::vector<std::string> out;
  for (const auto& b : sys_.bodies) out.push_back(b.name);
  return out;
}

BodyState PlanarMultibody::body(int b, const Vector& q, const Vector& qd) const {
  return {q[3 * b], q[3 * b + 1], q[3 * b + 2], qd[3 * b], qd[3 * b + 1], qd[3 * b + 2]};
}

// Gravity m g at each centre; each spring's tension T = k (L − L₀) + c L̇ pulls its two points
// together: +T u at P_i and −T u at P_j, u = (P_j − P_i)/L, a force F at a body point adds
// (F, (B s)ᵀF) to that body's generalized force.
Vector PlanarMultibody::applied(double, const Vector& q, const Vector& qd) const {
  Vector f = Vector::Zero(dof());
  for (std::size_t b = 0; b < sys_.bodies.size(); ++b) {
    f[3 * b] = sys_.bodies[b].mass * sys_.gravity[0];
    f[3 * b + 1] = sys_.bodies[b].mass * sys_.gravity[1];
  }
  auto add_point_force = [&](int b, const mb::Vec2& local, const Eigen::Vector2d& force) {
    if (b < 0) return;
    const double phi = q[3 * b + 2];
    const Eigen::Vector2d bs(-std::sin(phi) * local[0] - std::cos(phi) * local[1],
                             std::cos(phi) * local[0] - std::sin(phi) * local[1]);
    f.segment<2>(3 * b) += force;
    f[3 * b + 2] += bs.dot(force);
  };
  for (const auto& s : sys_.springs) {
    const Eigen::Vector2d d = sys_.point(s.body_j, s.point_j, q) - sys_.point(s.body_i, s.point_i, q);
    const double length = d.norm();
    if (!(length > 0)) continue;  // coincident points: no direction, no force
    const Eigen::Vector2d u = d / length;
    const double rate = u.dot(sys_.point_velocity(s.body_j, s.point_j, q, qd) -
                              sys_.point_velocity(s.body_i, s.point_i, q, qd));
    const double tension = s.stiffness * (length - s.length) + s.damping * rate;
    add_point_force(s.body_i, s.point_i, tension * u);
    add_point_force(s.body_j, s.point_j, -tension * u);
  }
  return f;
}

double PlanarMultibody::energy(const Vector& q, const Vector& qd) const {
  double e = 0.5 * qd.dot(mass_ * qd);
  for (std::size_t b = 0; b < sys_.bodies.size(); ++b)
    e -= sys_.bodies[b].mass * (sys_.gravity[0] * q[3 * b] + sys_.gravity[1] * q[3 * b + 1]);
  for (const auto& s : sys_.springs) {
    const double stretch =
        (sys_.point(s.body_j, s.point_j, q) - sys_.point(s.body_i, s.point_i, q)).norm() - s.length;
    e += 0.5 * s.stiffness * stretch * stretch;
  }
  return e;
}

// Joint rows (models), then one row per drive: q_c − q_c(0) − v t.

Vector PlanarMultibody::constraints(double t, const Vector& q) const {
  const Vector joints = sys_.constraints(q);
  Vector phi(constraint_count());
  phi.head(joints.size()) = joints;
  for (std::size_t k = 0; k < sys_.drives.size(); ++k) {
    const auto& d = sys_.drives[k];
    phi[joints.size() + k] = q[d.coordinate] - q0_[d.coordinate] - d.velocity * t;
  }
  return phi;
}

Matrix PlanarMultibody::constraint_jacobian(const Vector& q) const {
  const Matrix joints = sys_.jacobian(q);
  Matrix d = Matrix::Zero(constraint_count(), dof());
  d.topRows(joints.rows()) = joints;
  for (std::size_t k = 0; k < sys_.drives.size(); ++k)
    d(joints.rows() + k, sys_.drives[k].coordinate) = 1.0;
  return d;
}

Vector PlanarMultibody::constraint_time_derivative(double) const {
  Vector out = Vector::Zero(constraint_count());
  const auto joints = out.size() - static_cast<Eigen::Index>(sys_.drives.size());
  for (std::size_t k = 0; k < sys_.drives.size(); ++k) out[joints + k] = -sys_.drives[k].velocity;
  return out;
}

Vector PlanarMultibody::constraint_rate(double, const Vector& q, const Vector& qd) const {
  Vector out = Vector::Zero(constraint_count());  // drives: Φ_tt = 0 and no q̇ terms
  const Vector joints = sys_.jacobian_rate(q, qd);
  out.head(joints.size()) = joints;
  return out;
}

Vector PlanarMultibody::initial_velocities() const {
  const int n = dof();
  Vector qd = Vector::Zero(n);
  std::vector<bool> held(n, false);
  for (std::size_t b = 0; b < sys_.bodies.size(); ++b) {
    const auto& body = sys_.bodies[b];
    const std::optional<double> given[3] = {body.vx, body.vy, body.omega};
    for (int c = 0; c < 3; ++c)
      if (given[c]) qd[3 * b + c] = *given[c], held[3 * b + c] = true;
  }
  for (const auto& d : sys_.drives) {
    if (held[d.coordinate] && qd[d.coordinate] != d.velocity)
      throw InputError(fmt::format(
          "system '{}': {} is driven at {} but its initial velocity is given as {}", sys_.name,
          sys_.coordinate_name(d.coordinate), d.velocity, qd[d.coordinate]));
    qd[d.coordinate] = d.velocity, held[d.coordinate] = true;
  }
  // D_free q̇_free = −Φ_t − D_held q̇_held, least norm (complete orthogonal decomposition).
  const Matrix d = constraint_jacobian(q0_);
  const Vector target = -constraint_time_derivative(0.0) - d * qd;
  std::vector<int> free;
  for (int i = 0; i < n; ++i)
    if (!held[i]) free.push_back(i);
  if (!free.empty() && d.rows() > 0) {
    Matrix df(d.rows(), static_cast<Eigen::Index>(free.size()));
    for (std::size_t c = 0; c < free.size(); ++c) df.col(c) = d.col(free[c]);
    const Vector x = df.completeOrthogonalDecomposition().solve(target);
    for (std::size_t c = 0; c < free.size(); ++c) qd[free[c]] = x[c];
  }
  const Vector residual = d * qd + constraint_time_derivative(0.0);
  const double scale = 1.0 + qd.lpNorm<Eigen::Infinity>();
  if (residual.size() > 0 && !(residual.lpNorm<Eigen::Infinity>() <= 1e-10 * scale))
    throw InputError(fmt::format(
        "system '{}': the initial velocities given (vx, vy, omega) contradict the joints: "
        "|D qdot + Phi_t| = {:.3g}; give fewer of them and the rest are solved",
        sys_.name, residual.lpNorm<Eigen::Infinity>()));
  return qd;
}

}  // namespace calib::dynamics
