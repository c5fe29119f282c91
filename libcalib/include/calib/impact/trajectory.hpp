#pragma once
// The time history of one direct central impact: δ(t), δ'(t) and F(t), for fitting a law to a
// measured force or displacement record. impact::solve's own solve in τ (its events: δ_max, the
// peak force, capture and separation, by the same rules), with each accepted step's states at
// the requested instants taken from the stepper (re-stepped where it can, else its dense
// output). The solve's faster paths without a dense output (energy time, the linear damper's
// series start and Taylor bulk) are not taken.
#include <cstddef>
#include <span>
#include <vector>

#include "calib/core/contact_law.hpp"
#include "calib/impact/impact.hpp"

namespace calib::impact {

// One instant of the impact, in SI units; t from the first touch.
struct TrajectoryPoint {
  double t = 0.0;      // [s]
  double delta = 0.0;  // approach δ [m] of the two bodies from the first touch (the penetration)
  double rate = 0.0;   // δ' [m/s]
  double force = 0.0;  // contact force F [N] (the clamped law's F ≥ 0); 0 out of contact
  double force_rate = 0.0;  // dF/dt [N/s]; 0 out of contact
};

struct Trajectory {
  // separated; captured (the energy left fell below capture_tol's: the bodies rest at δ_sep);
  // max_steps (no end within them: the points past the last step are NaN; e_out, t_contact,
  // f_max and delta_max 0)
  Status status = Status::max_steps;
  double e_out = 0.0;                 // −δ'(t_contact)/v
  double t_contact = 0.0;             // the located end of the contact [s]
  double f_max = 0.0;                 // the located peak force [N] (impact::solve's)
  double delta_max = 0.0;             // the located largest δ [m] (impact::solve's)
  // At the requested times (in their order), or at the end of every accepted step when none
  // were requested. Out of contact F = 0 and the bodies move freely: before the touch δ = v t
  // (< 0), after separation δ = δ_sep + δ'_sep (t − t_contact) (a clamped law separates at
  // δ_sep > 0; δ is continuous, and 0 only where the surfaces meet).
  std::vector<TrajectoryPoint> points;
  std::size_t steps = 0;
};

// δ, δ', F of the impact `p` at `times` [s] (ascending; InputError otherwise). The indicator of
// separation is the law's (δ = 0 unclamped; the first zero of F or δ clamped, PN2020 eq. 20).
// Options: rel_tol, abs_tol (dimensionless, as impact::solve), event_bits, max_steps.
// Only the τ families are supported: hysteresis, linear damper, Tsuji, viscoelastic
// (InputError for the indentation law).
Trajectory trajectory(const PhysicalImpact& p, std::span<const double> times,
                      const ImpactOptions& options = {});

}  // namespace calib::impact
