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
// Friction (optional, per region): with the tangent t = (−u_y, u_x) and the contact points
// P_j = r_j + R_j u (journal surface) and P_b = r_b + R_b u (wall; R_b = w for a slot), the
// sliding speed v_t = (ṙ_j + ω_j×R_j u − ṙ_b − ω_b×R_b u)·t and F_t = −μ |F_n| sign_r(v_t)
// (regularised_sign.hpp) acts as F_t t at P_j on body j and −F_t t at P_b on body i, each with
// its moment about the body's mass centre; its power is F_t v_t ≤ 0 (P_j − P_b = δu, so the
// pair's net moment is F_t δ).
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
  // f += the friction's generalized force at the normal force F_n; returns its power F_t v_t.
  double add_friction(const Vector& q, const Vector& qd, double normal_force, Vector& f) const;
  double sliding_speed(const Vector& q, const Vector& qd) const;  // v_t
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

  // f[body] += (F, (P − R_body) × F) for a force F at the world point P.
  void add_point_force(int body, const Eigen::Vector2d& point, const Eigen::Vector2d& force,
                       const Vector& q, Vector& f) const;

  const models::multibody::PlanarSystem& system_;
  const models::multibody::ClearanceJoint& joint_;
  double play_;                       // c
  double wall_radius_;                // R_b, or w for a slot
  std::vector<ContactModel> models_;  // per region
};

}  // namespace calib::dynamics::detail
