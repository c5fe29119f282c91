// SF2020 §9 resilient impact damper, eq. 64–69 (Table 4 in configs/systems/impact_damper.toml).
#include <cmath>

#include "calib/dynamics/systems.hpp"
#include "regularised_sign.hpp"

namespace calib::dynamics {

Matrix ImpactDamper::mass(const Vector&) const {
  Matrix m = Matrix::Zero(2, 2);
  m(0, 0) = p_.primary_mass;
  m(1, 1) = p_.impact_mass;
  return m;
}

Vector ImpactDamper::applied(double, const Vector& q, const Vector& qd) const {
  // Eq. 64: −C ẋ_M − K x_M − μ m g sgn(ẋ_M − ẋ_m) on M; +μ m g sgn(ẋ_M − ẋ_m) on m.
  const double c = 2.0 * p_.damping_ratio * std::sqrt(p_.stiffness * p_.primary_mass);
  const double u = qd[0] - qd[1];
  const double sgn = detail::regularised_sign(u, p_.friction_velocity);
  const double friction = p_.friction * p_.impact_mass * p_.g * sgn;
  Vector f(2);
  f[0] = -c * qd[0] - p_.stiffness * q[0] - friction;
  f[1] = friction;
  return f;
}

double ImpactDamper::penetration(int k, const Vector& q) const {
  return k == 0 ? (q[0] - 0.5 * p_.gap) - q[1]   // left stop, eq. 67
                : q[1] - (q[0] + 0.5 * p_.gap);  // right stop
}

Vector ImpactDamper::penetration_gradient(int k, const Vector&) const {
  Vector j(2);
  j << (k == 0 ? 1.0 : -1.0), (k == 0 ? -1.0 : 1.0);
  return j;
}

// J = (1, −1) at the left stop, (−1, 1) at the right one, written out (no Vector per call).
double ImpactDamper::penetration_rate(int k, const Vector&, const Vector& qd) const {
  return k == 0 ? qd[0] - qd[1] : qd[1] - qd[0];
}

void ImpactDamper::add_generalized_force(int k, const Vector&, double force, Vector& f) const {
  const double s = k == 0 ? force : -force;
  f[0] += s;
  f[1] -= s;
}

double ImpactDamper::energy(const Vector& q, const Vector& qd) const {
  return 0.5 * p_.primary_mass * qd[0] * qd[0] + 0.5 * p_.impact_mass * qd[1] * qd[1] +
         0.5 * p_.stiffness * q[0] * q[0];
}

}  // namespace calib::dynamics
