#include "clearance_joint.hpp"

#include <cmath>

namespace calib::dynamics::detail {

namespace mb = models::multibody;

namespace {
// The joint's law as a dynamics contact model: K, n and eq. 153's α and m, or a catalog model
// at a target e.
ContactModel contact_model_of(const mb::ClearanceLaw& law) {
  ContactModel m;
  m.k = law.k;
  m.n = law.n;
  m.clamp = law.clamp;
  if (law.alpha) {
    m.alpha = law.alpha;
    m.rate_exponent = law.rate_exponent;
    m.model = "pinslot-eq153";
  } else {
    m.model = law.model;
    m.e = law.e;
  }
  return m;
}
}  // namespace

ClearanceContact::ClearanceContact(const mb::PlanarSystem& system, const mb::ClearanceJoint& joint)
    : system_(system), joint_(joint), model_(contact_model_of(joint.law)) {}

double ClearanceContact::penetration(const Vector& q) const {
  const Eigen::Vector2d e = system_.point(joint_.body_j, joint_.point_j, q) -
                            system_.point(joint_.body_i, joint_.point_i, q);
  return e.norm() - (joint_.bearing_radius - joint_.journal_radius);
}

Eigen::Vector2d ClearanceContact::direction(const Vector& q) const {
  const Eigen::Vector2d e = system_.point(joint_.body_j, joint_.point_j, q) -
                            system_.point(joint_.body_i, joint_.point_i, q);
  const double length = e.norm();
  return length > 0 ? Eigen::Vector2d(e / length) : Eigen::Vector2d::Zero();
}

double ClearanceContact::rate(const Vector& q, const Vector& qd) const {
  return direction(q).dot(system_.point_velocity(joint_.body_j, joint_.point_j, q, qd) -
                          system_.point_velocity(joint_.body_i, joint_.point_i, q, qd));
}

void ClearanceContact::add_side(int body, const mb::Vec2& local, const Vector& q,
                                const Eigen::Vector2d& u, double scale, Vector& f) const {
  if (body < 0) return;
  const double phi = q[3 * body + 2];
  const Eigen::Vector2d bs(-std::sin(phi) * local[0] - std::cos(phi) * local[1],
                           std::cos(phi) * local[0] - std::sin(phi) * local[1]);
  f.segment<2>(3 * body) += scale * u;
  f[3 * body + 2] += scale * u.dot(bs);
}

void ClearanceContact::add_force(const Vector& q, double force, Vector& f) const {
  const Eigen::Vector2d u = direction(q);
  add_side(joint_.body_j, joint_.point_j, q, u, force, f);
  add_side(joint_.body_i, joint_.point_i, q, u, -force, f);
}

Vector ClearanceContact::gradient(const Vector& q) const {
  Vector g = Vector::Zero(q.size());
  add_force(q, 1.0, g);
  return g;
}

}  // namespace calib::dynamics::detail
