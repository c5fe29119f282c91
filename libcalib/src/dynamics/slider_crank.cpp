// SF2020 §10 slider–crank with a free sliding block (Tables 5–6, eq. 70) in coordinates (φ, x_b).
#include <cmath>

#include "calib/dynamics/systems.hpp"

namespace calib::dynamics {

namespace {
struct Kinematics {  // positions and their φ-derivatives (loop closure solved exactly)
  double xs, dxs, beta, dbeta, gx, gy, dgx, dgy;
};
Kinematics kinematics(const SliderCrank::Parameters& p, double phi) {
  const double s = std::sin(phi), c = std::cos(phi);
  const double root = std::sqrt(p.l * p.l - p.r * p.r * s * s);  // l cos β
  Kinematics k;
  k.xs = p.r * c + root;
  k.dxs = -p.r * s - p.r * p.r * s * c / root;
  k.beta = std::asin(-p.r * s / p.l);  // rod angle from +x, crank pin A → slider B
  k.dbeta = -p.r * c / root;
  k.gx = 0.5 * (p.r * c + k.xs);  // rod centre: midpoint of A and B
  k.gy = 0.5 * p.r * s;
  k.dgx = 0.5 * (-p.r * s + k.dxs);
  k.dgy = 0.5 * p.r * c;
  return k;
}
}  // namespace

double SliderCrank::crank_inertia(double phi) const {
  const Kinematics k = kinematics(p_, phi);
  return p_.crank_inertia + 0.25 * p_.crank_mass * p_.r * p_.r +
         p_.rod_mass * (k.dgx * k.dgx + k.dgy * k.dgy) + p_.rod_inertia * k.dbeta * k.dbeta +
         p_.slider_mass * k.dxs * k.dxs;
}

Matrix SliderCrank::mass(const Vector& q) const {
  Matrix m = Matrix::Zero(2, 2);
  m(0, 0) = crank_inertia(q[0]);
  m(1, 1) = p_.block_mass;
  return m;
}

Vector SliderCrank::applied(double, const Vector& q, const Vector& qd) const {
  // Lagrange with M₁₁(φ): M₁₁φ̈ + ½M₁₁'(φ)φ̇² = 0 (horizontal plane: no gravity; no friction).
  // M₁₁' by a 4th-order central difference (h = 1e-4 rad: error ~1e-16 relative).
  const double h = 1e-4, phi = q[0];
  const double dm = (8 * (crank_inertia(phi + h) - crank_inertia(phi - h)) -
                     (crank_inertia(phi + 2 * h) - crank_inertia(phi - 2 * h))) / (12 * h);
  Vector f(2);
  f << -0.5 * dm * qd[0] * qd[0], 0.0;
  return f;
}

double SliderCrank::penetration(int, const Vector& q) const {
  return (kinematics(p_, q[0]).xs + p_.a) - (q[1] - p_.a);  // eq. 70 (see systems.hpp)
}

Vector SliderCrank::penetration_gradient(int, const Vector& q) const {
  Vector j(2);
  j << kinematics(p_, q[0]).dxs, -1.0;
  return j;
}

BodyState SliderCrank::body(int b, const Vector& q, const Vector& qd) const {
  const double phi = q[0], w = qd[0];
  const Kinematics k = kinematics(p_, phi);
  switch (b) {
    case 0:  // crank: centre at r/2
      return {0.5 * p_.r * std::cos(phi), 0.5 * p_.r * std::sin(phi), phi,
              -0.5 * p_.r * std::sin(phi) * w, 0.5 * p_.r * std::cos(phi) * w, w};
    case 1:
      return {k.gx, k.gy, k.beta, k.dgx * w, k.dgy * w, k.dbeta * w};
    case 2:
      return {k.xs, 0.0, 0.0, k.dxs * w, 0.0, 0.0};
    default:
      return {q[1], 0.0, 0.0, qd[1], 0.0, 0.0};
  }
}

double SliderCrank::energy(const Vector& q, const Vector& qd) const {
  return 0.5 * crank_inertia(q[0]) * qd[0] * qd[0] + 0.5 * p_.block_mass * qd[1] * qd[1];
}

}  // namespace calib::dynamics
