#pragma once
// A small mechanical system in coordinates q. Contacts are point contacts along a
// normal: the penetration δ_k(q) (> 0 in contact) and its gradient J_k = ∂δ_k/∂q, so
// δ̇_k = J_k q̇ and the contact force F_k (> 0 pushing apart) enters as −J_kᵀ F_k:
//   M(q) q̈ = Q(t, q, q̇) − Σ_k J_k(q)ᵀ F_k − D(q)ᵀλ,   Φ(t, q) = 0.
// The hand-written systems (systems.hpp) choose independent coordinates, so they have no
// constraints Φ. A planar multibody system (planar_multibody.hpp) keeps (x, y, φ) per body and
// its joints and drives as Φ; the equations of motion are then solved in the augmented (KKT)
// form with Baumgarte stabilisation (simulate.hpp).
#include <string>
#include <vector>

#include <Eigen/Dense>

namespace calib::models {
struct ContactModel;
}

namespace calib::dynamics {

using models::ContactModel;

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
  // δ̇ = J q̇ and f += J F (a contact force F along the penetration gradient J), which the
  // simulation calls at every right-hand side; overridden where J is known without building it.
  virtual double penetration_rate(int k, const Vector& q, const Vector& qd) const {
    return penetration_gradient(k, q).dot(qd);
  }
  virtual void add_generalized_force(int k, const Vector& q, double force, Vector& f) const {
    f += penetration_gradient(k, q) * force;
  }
  // Adds contact k's tangential (friction) force at its normal force F_n to f and returns its
  // power F_t·v_t (≤ 0); systems without contact friction add nothing. When has_friction(), the
  // simulation integrates the power (Sample::friction_work).
  virtual double add_friction_force(int, const Vector&, const Vector&, double, Vector&) const {
    return 0.0;
  }
  virtual bool has_friction() const { return false; }
  // Contact k's own force law in one of its regions, or nullptr for the simulation's (the
  // `contact` of simulate()): a planar file's clearance joints carry theirs, a slot one per
  // region (tracks and end caps). The region is a function of q; the force uses the law of the
  // region the contact is in at each instant.
  virtual const ContactModel* contact_model(int, int /*region*/) const { return nullptr; }
  virtual int region_count(int) const { return 1; }
  virtual int region(int, const Vector&) const { return 0; }
  virtual std::string region_name(int k, int) const { return contact_name(k); }
  // True when δ_k is affine in q (J_k constant): the simulation then bounds δ_k over a step
  // exactly from the dense output's form (contact_events.cpp) instead of refining a search.
  virtual bool affine_penetration(int) const { return false; }
  // True when mass(q) does not depend on q: the simulation factors it once.
  virtual bool constant_mass() const { return false; }
  virtual std::vector<std::string> body_names() const = 0;
  virtual BodyState body(int b, const Vector& q, const Vector& qd) const = 0;
  // Kinetic + potential energy (for the conservation checks), J.
  virtual double energy(const Vector& q, const Vector& qd) const = 0;
  // A driven coordinate moves at constant speed whatever the forces (q̈_i = 0): a motor that
  // holds a crank's angular velocity. Contacts then act on the free coordinates only.
  virtual bool driven(int) const { return false; }

  // Constraints Φ(t, q) = 0 (joints, drives), their Jacobian D = ∂Φ/∂q, Φ_t, and the part of
  // Φ̈ that does not contain q̈: Φ̈ = D q̈ + rate(t, q, q̇). None by default.
  virtual int constraint_count() const { return 0; }
  virtual Vector constraints(double, const Vector&) const { return {}; }
  virtual Matrix constraint_jacobian(const Vector&) const { return {}; }
  virtual Vector constraint_time_derivative(double) const { return {}; }
  virtual Vector constraint_rate(double, const Vector&, const Vector&) const { return {}; }
};

// q̈ from M(q) q̈ = f with the driven coordinates held at q̈_i = 0 and, for a constrained system,
// D q̈ = 0 (the augmented matrix [M Dᵀ; D 0]): the response to f alone. This is what an impulse
// and NP eq. 28 need; the equations of motion add the constraints' own accelerations
// (constrained_accelerations).
Vector accelerations(const System& system, const Vector& q, const Vector& f);
// q̈ of the equations of motion: [M Dᵀ; D 0](q̈, λ) = (f, −rate − 2α(Dq̇ + Φ_t) − α²Φ), i.e.
// Baumgarte stabilisation with both gains at the rate α [1/s] (critically damped drift:
// Φ̈ + 2αΦ̇ + α²Φ = 0). Equal to accelerations() when the system has no constraints.
Vector constrained_accelerations(const System& system, double t, const Vector& q,
                                 const Vector& qd, const Vector& f, double baumgarte_rate);

// NP eq. 28 in generalized coordinates: m_eff = 1/(J M⁻¹ Jᵀ) over the free coordinates
// (infinite when the contact moves only driven coordinates).
double effective_mass(const System& system, int contact, const Vector& q);

}  // namespace calib::dynamics
