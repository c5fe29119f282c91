// PN2020 §6 / NP Example 5: two slender pendulums, the tip of rod 2 striking rod 1 (reading in
// systems.hpp). Each rod: inertia about its pivot m L²/3, gravity torque −m g (L/2) sin θ.
#include <cmath>

#include "calib/dynamics/systems.hpp"

namespace calib::dynamics {

Matrix TwoPendulums::mass(const Vector&) const {
  Matrix m = Matrix::Zero(2, 2);
  m(0, 0) = p_.m1 * p_.l1 * p_.l1 / 3.0;
  m(1, 1) = p_.m2 * p_.l2 * p_.l2 / 3.0;
  return m;
}

Vector TwoPendulums::applied(double, const Vector& q, const Vector&) const {
  Vector f(2);
  f << -p_.m1 * p_.g * 0.5 * p_.l1 * std::sin(q[0]), -p_.m2 * p_.g * 0.5 * p_.l2 * std::sin(q[1]);
  return f;
}

// Tip of rod 2 relative to pivot 1: P = (a − L₂ sin θ₂, −L₂ cos θ₂). Rod 1's right-hand normal
// n = (cos θ₁, −sin θ₁); the tip is inside when P·n < 0, so δ = −P·n.
double TwoPendulums::penetration(int, const Vector& q) const {
  const double px = p_.a - p_.l2 * std::sin(q[1]), py = -p_.l2 * std::cos(q[1]);
  return -(px * std::cos(q[0]) - py * std::sin(q[0]));
}

Vector TwoPendulums::penetration_gradient(int, const Vector& q) const {
  const double c1 = std::cos(q[0]), s1 = std::sin(q[0]), c2 = std::cos(q[1]), s2 = std::sin(q[1]);
  const double px = p_.a - p_.l2 * s2, py = -p_.l2 * c2;
  Vector j(2);
  j << px * s1 + py * c1,                                   // ∂δ/∂θ₁
      -(-p_.l2 * c2 * c1 - p_.l2 * s2 * s1);                // ∂δ/∂θ₂ = −(∂P/∂θ₂·n)
  return j;
}

BodyState TwoPendulums::body(int b, const Vector& q, const Vector& qd) const {
  const double l = b == 0 ? p_.l1 : p_.l2, x0 = b == 0 ? 0.0 : p_.a, th = q[b], w = qd[b];
  // Centre of the rod at L/2 along (−sin θ, −cos θ); φ = θ as the seeds measure it.
  return {x0 - 0.5 * l * std::sin(th), -0.5 * l * std::cos(th), th, -0.5 * l * std::cos(th) * w,
          0.5 * l * std::sin(th) * w, w};
}

double TwoPendulums::energy(const Vector& q, const Vector& qd) const {
  const Matrix m = mass(q);
  return 0.5 * (m(0, 0) * qd[0] * qd[0] + m(1, 1) * qd[1] * qd[1]) -
         p_.m1 * p_.g * 0.5 * p_.l1 * std::cos(q[0]) - p_.m2 * p_.g * 0.5 * p_.l2 * std::cos(q[1]);
}

}  // namespace calib::dynamics
