#pragma once
// The contact of a revolute-clearance joint (models::multibody::ClearanceJoint): a journal of
// radius R_j centred at r_j on one body inside a bearing of radius R_b centred at r_b on another.
// With the eccentricity e = r_j − r_b and its direction u = e/|e|,
//   δ = |e| − (R_b − R_j) (> 0: the journal presses into the bearing wall),
//   ∂δ/∂q = uᵀ(∂r_j/∂q − ∂r_b/∂q),   δ̇ = uᵀ(ṙ_j − ṙ_b),
// and the normal force F (> 0) pushes the journal back towards the centre (−F u on the journal,
// +F u on the bearing), which is −(∂δ/∂q)ᵀF in generalized forces. A body point r = R + A(φ)s
// has ∂r/∂(x, y, φ) = (I, B(φ)s), B = dA/dφ.
#include "calib/dynamics/contact_model.hpp"
#include "calib/dynamics/system.hpp"
#include "calib/models/planar_system.hpp"

namespace calib::dynamics::detail {

class ClearanceContact {
 public:
  ClearanceContact(const models::multibody::PlanarSystem& system,
                   const models::multibody::ClearanceJoint& joint);
  double penetration(const Vector& q) const;
  Vector gradient(const Vector& q) const;
  double rate(const Vector& q, const Vector& qd) const;
  void add_force(const Vector& q, double force, Vector& f) const;  // f += (∂δ/∂q)ᵀ force
  const ContactModel& model() const { return model_; }

 private:
  // u = e/|e| (zero when the journal is centred: no direction, and δ < 0 there).
  Eigen::Vector2d direction(const Vector& q) const;
  // f[body] += ±(u, uᵀB(φ)s)·scale for one side (body −1: the ground, nothing).
  void add_side(int body, const models::multibody::Vec2& local, const Vector& q,
                const Eigen::Vector2d& u, double scale, Vector& f) const;

  const models::multibody::PlanarSystem& system_;
  const models::multibody::ClearanceJoint& joint_;
  ContactModel model_;
};

}  // namespace calib::dynamics::detail
