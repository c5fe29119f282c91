#pragma once
// The contact of a clearance joint (models::multibody::ClearanceJoint): a journal (pin) of radius
// R_j centred at r_j on body j, held by body i either in a bearing of radius R_b centred at the
// body-i point r_b (revolute-clearance) or in a slot whose centre curve's point closest to r_j is
// r_b (pin-in-slot; the closest point of the curve, a point of body i while it is the closest).
// With the eccentricity e = r_j − r_b, its direction u = e/|e| and the free play
// c = R_b − R_j (bearing) or w − R_j (slot of half-width w):
//   δ = |e| − c (> 0: the journal presses into the wall),
//   ∂δ/∂q = uᵀ(∂r_j/∂q − ∂r_b/∂q),   δ̇ = uᵀ(ṙ_j − ṙ_b),
// (for the slot, r_b's motion along the curve is normal to u and drops out: the envelope
// theorem on the distance to a curve), and the normal force F (> 0) pushes the journal back
// (−F u on it, +F u on body i at r_b), which is −(∂δ/∂q)ᵀF in generalized forces. A body point
// r = R + A(φ)s has ∂r/∂(x, y, φ) = (I, B(φ)s), B = dA/dφ.
#include <vector>

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
  int region_count() const { return static_cast<int>(models_.size()); }
  int region(const Vector& q) const { return held_point(q).region; }
  const ContactModel& model(int region) const { return models_[region]; }

 private:
  struct Held {
    models::multibody::Vec2 local;  // r_b in body i's frame
    int region;
  };
  Held held_point(const Vector& q) const;
  Eigen::Vector2d journal(const Vector& q) const;
  // u = e/|e| and r_b's body-i coordinates (u zero when the journal is centred: δ < 0 there).
  Eigen::Vector2d direction(const Vector& q, models::multibody::Vec2* held) const;
  // f[body] += (u, uᵀB(φ)s)·scale for one side (body −1: the ground, nothing).
  void add_side(int body, const models::multibody::Vec2& local, const Vector& q,
                const Eigen::Vector2d& u, double scale, Vector& f) const;

  const models::multibody::PlanarSystem& system_;
  const models::multibody::ClearanceJoint& joint_;
  double play_;                       // c
  std::vector<ContactModel> models_;  // per region
};

}  // namespace calib::dynamics::detail
