#pragma once
// A small mechanical system in generalized coordinates q (issue #16). The constraints of the
// seeds' systems are eliminated analytically when the coordinates are chosen, so there is no
// constraint drift to bound. Contacts are point contacts along a normal: the penetration δ_k(q)
// (> 0 in contact) and its gradient J_k = ∂δ_k/∂q, so δ̇_k = J_k q̇ and the contact force F_k
// (> 0 pushing apart) enters the equations of motion as −J_kᵀ F_k:
//   M(q) q̈ = Q(t, q, q̇) − Σ_k J_k(q)ᵀ F_k.
#include <string>
#include <vector>

#include <Eigen/Dense>

namespace calib::dynamics {

using Vector = Eigen::VectorXd;
using Matrix = Eigen::MatrixXd;

// The planar state of one body for output (SI units, angles in radians).
struct BodyState {
  double x = 0, y = 0, phi = 0, vx = 0, vy = 0, omega = 0;
};

class System {
 public:
  virtual ~System() = default;
  virtual int dof() const = 0;
  virtual Matrix mass(const Vector& q) const = 0;
  // Applied generalized forces except the contacts: gravity, springs, dampers, friction, drives.
  virtual Vector applied(double t, const Vector& q, const Vector& qd) const = 0;
  virtual int contact_count() const = 0;
  virtual std::string contact_name(int k) const = 0;
  virtual double penetration(int k, const Vector& q) const = 0;
  virtual Vector penetration_gradient(int k, const Vector& q) const = 0;
  virtual std::vector<std::string> body_names() const = 0;
  virtual BodyState body(int b, const Vector& q, const Vector& qd) const = 0;
  // Kinetic + potential energy (for the conservation checks), J.
  virtual double energy(const Vector& q, const Vector& qd) const = 0;
  // A driven coordinate moves at constant speed whatever the forces (q̈_i = 0): a motor that
  // holds a crank's angular velocity. Contacts then act on the free coordinates only.
  virtual bool driven(int) const { return false; }
};

// q̈ from M(q) q̈ = f with the driven coordinates held at q̈_i = 0.
Vector accelerations(const System& system, const Vector& q, const Vector& f);

// NP eq. 28 in generalized coordinates: m_eff = 1/(J M⁻¹ Jᵀ) over the free coordinates
// (infinite when the contact moves only driven coordinates).
double effective_mass(const System& system, int contact, const Vector& q);

}  // namespace calib::dynamics
