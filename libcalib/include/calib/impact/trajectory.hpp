#pragma once
// The time history of one direct central impact: δ(t), δ'(t) and F(t) on dense output, for
// fitting a law to a measured force or displacement record. A separate solve from
// impact::solve (which returns e, t_c and the peaks only and is kept lean for speed): the same
// right-hand side (the generic equation x'' + a x^p x' + A xⁿ = 0 of calib/core/contact_law.hpp),
// stepped by Boost.Odeint's Dormand–Prince 5(4) dense-output stepper at the same tolerances,
// with the separation located on its interpolant by the solves' event locator (TOMS748).
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
  Status status = Status::max_steps;  // separated, or max_steps (no separation within them)
  double e_out = 0.0;                 // −δ'(t_contact)/v
  double t_contact = 0.0;             // the located separation [s]
  double f_max = 0.0;                 // the largest force on the stepper's steps and samples [N]
  double delta_max = 0.0;             // the largest δ on the steps and samples [m]
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
