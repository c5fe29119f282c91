#pragma once
// A planar multibody system as a dynamics System: the effective-mass study's
// planar-system file (models/planar_system.hpp: bodies, revolute/prismatic joints, a contact)
// with initial velocities, gravity, springs/dampers and drives. Dependent coordinates
// q = (x, y, φ) per body (NP §5); the joints, locked rotations and drives are the constraints
// Φ(t, q) = 0, solved in augmented form with Baumgarte stabilisation (system.hpp), and the drift
// is checked against SimulateOptions::drift_tol after every accepted step.
// Contacts: the file's [contact] (contact 0, when present), then one per revolute-clearance
// joint in file order, each with its own law (contact_model).
#include <memory>

#include "calib/dynamics/system.hpp"
#include "calib/models/planar_system.hpp"

namespace calib::dynamics {

namespace detail {
class ClearanceContact;
}

class PlanarMultibody : public System {
 public:
  explicit PlanarMultibody(models::multibody::PlanarSystem system);
  ~PlanarMultibody() override;
  PlanarMultibody(const PlanarMultibody&) = delete;  // the clearance contacts refer to sys_
  PlanarMultibody& operator=(const PlanarMultibody&) = delete;

  int dof() const override { return 3 * static_cast<int>(sys_.bodies.size()); }
  Matrix mass(const Vector&) const override { return mass_; }
  Vector applied(double t, const Vector& q, const Vector& qd) const override;
  int contact_count() const override;
  std::string contact_name(int k) const override;
  double penetration(int k, const Vector& q) const override;
  Vector penetration_gradient(int k, const Vector& q) const override;
  double penetration_rate(int k, const Vector& q, const Vector& qd) const override;
  void add_generalized_force(int k, const Vector& q, double force, Vector& f) const override;
  double add_friction_force(int k, const Vector& q, const Vector& qd, double normal_force,
                            Vector& f) const override;
  bool has_friction() const override;  // some clearance region has friction > 0
  const ContactModel* contact_model(int k, int region) const override;
  int region_count(int k) const override;
  int region(int k, const Vector& q) const override;
  std::string region_name(int k, int region) const override;
  std::vector<std::string> body_names() const override;
  BodyState body(int b, const Vector& q, const Vector& qd) const override;
  double energy(const Vector& q, const Vector& qd) const override;

  int constraint_count() const override { return constraint_count_; }
  Vector constraints(double t, const Vector& q) const override;
  Matrix constraint_jacobian(const Vector& q) const override;
  Vector constraint_time_derivative(double t) const override;
  Vector constraint_rate(double t, const Vector& q, const Vector& qd) const override;

  // The configuration of the file (assembled when it asks) and consistent initial velocities:
  // the velocities given (`vx`, `vy`, `omega`) and the drives' are held, the others solved from
  // D q̇ = −Φ_t (least norm). InputError when the given ones contradict the joints.
  Vector initial_coordinates() const { return q0_; }
  Vector initial_velocities() const;
  const models::multibody::PlanarSystem& description() const { return sys_; }

 private:
  models::multibody::PlanarSystem sys_;
  Matrix mass_;
  Vector q0_;  // the drives move their coordinate from its value here
  int constraint_count_;  // joint rows + drives, fixed by the file (asked at every evaluation)
  std::vector<std::unique_ptr<detail::ClearanceContact>> clearances_;
  // The clearance joint of contact k, or nullptr for the point contact.
  const detail::ClearanceContact* clearance(int k) const;
};

}  // namespace calib::dynamics
