#include "clearance_joint.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "regularised_sign.hpp"

namespace calib::dynamics::detail {

namespace mb = models::multibody;
using V2 = Eigen::Vector2d;

namespace {
enum Region { kSideA = 0, kSideB = 1, kEnds = 2 };  // left|inner, right|outer, end caps

// The point of a segment a → b closest to p, and the region: the side of a → b p lies on
// (left: kSideA), or the end caps when the closest point is an end.
std::pair<V2, int> closest_on_segment(const V2& a, const V2& b, const V2& p) {
  const V2 ab = b - a;
  const double t = (p - a).dot(ab) / ab.squaredNorm();
  if (t <= 0) return {a, kEnds};
  if (t >= 1) return {b, kEnds};
  const double side = ab.x() * (p - a).y() - ab.y() * (p - a).x();
  return {a + t * ab, side >= 0 ? kSideA : kSideB};
}

// The point of the arc closest to p: radially inwards/outwards when p's polar angle about the
// arc's centre lies within the arc (inner: nearer than R_m), else the nearer end.
std::pair<V2, int> closest_on_arc(const mb::SlotShape& s, const V2& p) {
  const V2 c(s.centre[0], s.centre[1]), d = p - c;
  const double psi = std::atan2(d.y(), d.x());
  const double from_start = std::remainder(psi - s.start - 0.5 * s.sweep, 2 * std::numbers::pi);
  if (std::abs(from_start) <= 0.5 * s.sweep && d.norm() > 0)
    return {c + s.radius * d / d.norm(), d.norm() < s.radius ? kSideA : kSideB};
  const V2 e0 = c + s.radius * V2(std::cos(s.start), std::sin(s.start));
  const V2 e1 = c + s.radius * V2(std::cos(s.start + s.sweep), std::sin(s.start + s.sweep));
  return {(p - e0).squaredNorm() <= (p - e1).squaredNorm() ? e0 : e1, kEnds};
}
}  // namespace

ClearanceContact::ClearanceContact(const mb::PlanarSystem& system, const mb::ClearanceJoint& joint)
    : system_(system),
      joint_(joint),
      play_((joint.slot ? joint.shape.half_width : joint.bearing_radius) - joint.journal_radius),
      wall_radius_(joint.slot ? joint.shape.half_width : joint.bearing_radius) {
  for (const auto& r : joint.regions) models_.push_back(r.law.contact);
}

V2 ClearanceContact::journal(const Vector& q) const {
  return system_.point(joint_.body_j, joint_.point_j, q);
}

ClearanceContact::Held ClearanceContact::held_point(const Vector& q) const {
  if (!joint_.slot) return {joint_.point_i, 0};
  // The journal's centre in body i's frame: Aᵀ(r_j − R_i).
  V2 p = journal(q);
  if (joint_.body_i >= 0) {
    const double phi = q[3 * joint_.body_i + 2];
    const V2 d = p - V2(q[3 * joint_.body_i], q[3 * joint_.body_i + 1]);
    p = V2(std::cos(phi) * d.x() + std::sin(phi) * d.y(),
           -std::sin(phi) * d.x() + std::cos(phi) * d.y());
  }
  const mb::SlotShape& s = joint_.shape;
  const auto [c, region] =
      s.arc ? closest_on_arc(s, p) : closest_on_segment(V2(s.a[0], s.a[1]), V2(s.b[0], s.b[1]), p);
  return {{c.x(), c.y()}, region};
}

V2 ClearanceContact::direction(const Vector& q, mb::Vec2* held) const {
  *held = held_point(q).local;
  const V2 e = journal(q) - system_.point(joint_.body_i, *held, q);
  const double length = e.norm();
  return length > 0 ? V2(e / length) : V2::Zero();
}

double ClearanceContact::penetration(const Vector& q) const {
  const V2 e = journal(q) - system_.point(joint_.body_i, held_point(q).local, q);
  return e.norm() - play_;
}

double ClearanceContact::rate(const Vector& q, const Vector& qd) const {
  mb::Vec2 held;
  const V2 u = direction(q, &held);
  return u.dot(system_.point_velocity(joint_.body_j, joint_.point_j, q, qd) -
               system_.point_velocity(joint_.body_i, held, q, qd));
}

void ClearanceContact::add_side(int body, const mb::Vec2& local, const Vector& q, const V2& u,
                                double scale, Vector& f) const {
  if (body < 0) return;
  const double phi = q[3 * body + 2];
  const V2 bs(-std::sin(phi) * local[0] - std::cos(phi) * local[1],
              std::cos(phi) * local[0] - std::sin(phi) * local[1]);
  f.segment<2>(3 * body) += scale * u;
  f[3 * body + 2] += scale * u.dot(bs);
}

void ClearanceContact::add_force(const Vector& q, double force, Vector& f) const {
  mb::Vec2 held;
  const V2 u = direction(q, &held);
  add_side(joint_.body_j, joint_.point_j, q, u, force, f);
  add_side(joint_.body_i, held, q, u, -force, f);
}

double ClearanceContact::sliding_speed(const Vector& q, const Vector& qd) const {
  mb::Vec2 held;
  const V2 u = direction(q, &held);
  const V2 t(-u.y(), u.x());
  auto omega = [&](int body) { return body < 0 ? 0.0 : qd[3 * body + 2]; };
  // ω×(R u) = ωR t in the plane.
  return t.dot(system_.point_velocity(joint_.body_j, joint_.point_j, q, qd) -
               system_.point_velocity(joint_.body_i, held, q, qd)) +
         omega(joint_.body_j) * joint_.journal_radius - omega(joint_.body_i) * wall_radius_;
}

void ClearanceContact::add_point_force(int body, const V2& point, const V2& force, const Vector& q,
                                       Vector& f) const {
  if (body < 0) return;
  const V2 arm = point - V2(q[3 * body], q[3 * body + 1]);
  f.segment<2>(3 * body) += force;
  f[3 * body + 2] += arm.x() * force.y() - arm.y() * force.x();
}

// Flores et al. (2008): the tangential force at each body's own contact point, equal and
// opposite, with its moment about each body's mass centre.
double ClearanceContact::add_friction(const Vector& q, const Vector& qd, double normal_force,
                                      Vector& f) const {
  const mb::ClearanceLaw& law = joint_.regions[region(q)].law;
  if (law.friction == 0 || normal_force == 0) return 0.0;
  mb::Vec2 held;
  const V2 u = direction(q, &held);
  const V2 t(-u.y(), u.x());
  const double v_t = sliding_speed(q, qd);
  const double f_t =
      -law.friction * std::abs(normal_force) * regularised_sign(v_t, law.friction_velocity);
  add_point_force(joint_.body_j, journal(q) + joint_.journal_radius * u, f_t * t, q, f);
  add_point_force(joint_.body_i, system_.point(joint_.body_i, held, q) + wall_radius_ * u, -f_t * t,
                  q, f);
  return f_t * v_t;
}

Vector ClearanceContact::gradient(const Vector& q) const {
  Vector g = Vector::Zero(q.size());
  add_force(q, 1.0, g);
  return g;
}

}  // namespace calib::dynamics::detail
