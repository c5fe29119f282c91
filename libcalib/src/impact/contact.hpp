#pragma once
// Private to the impact layer: the context one contact's solve carries from phase to phase
// (impact.cpp runs the phases; phases.hpp declares them). C++17-clean (impact_stiff.cpp).
#include <cmath>
#include <cstddef>

#include "calib/impact/impact.hpp"
#include "impact/contact_system.hpp"

namespace calib::impact::detail {

class StepSampler;  // step_sampler.hpp

// What the solve reports, in the solve's units (dimensionless, or SI for the direct solve).
struct RawResult {
  Status status = Status::max_steps;
  double v_sep = 0, x_max = 0, t_sep = 0, f_max = 0, x_sep = 0, work = 0;
  std::size_t steps = 0, evaluations = 0, stiff_steps = 0;
};

// How a stepping phase of the contact ends.
enum class PhaseEnd { finished, handed_over, out_of_steps };
// A phase's verdict after each step: go on, hand over from the step's end (its events are
// processed first), or hand over from the step's start (the step is discarded unprocessed).
enum class Handover { no, after_step, redo_step };
// Where the next phase starts, in that phase's stepped variable.
struct Resume {
  State state{};
  double t = 0, dt = 0;
};
inline Handover never_hand_over(const State&, const State&, bool) { return Handover::no; }

// One contact's solve: the right-hand side, the partial result, where the next phase starts,
// and what the phases learn on the way (rebounding, the largest penetration).
struct Contact {
  Contact(const GenericCoefficients& coefficients, double length_scale,
          const ImpactOptions& options)
      : opt(options),
        length_scale(length_scale),
        abs_tol(options.abs_tol * std::min(length_scale, coefficients.V)),
        sys{coefficients, &r.evaluations},
        // The first step: a small fraction of the undamped contact time scale.
        at{State{0.0, coefficients.V, 0.0, 0.0}, 0.0, 1e-3 * length_scale / coefficients.V} {}
  Contact(const Contact&) = delete;  // sys counts into r.evaluations
  Contact& operator=(const Contact&) = delete;

  const ImpactOptions& opt;
  const double length_scale;  // δ_m in the solve's units
  const double abs_tol;       // opt.abs_tol scaled to the length and speed of the contact
  RawResult r;
  ContactSystem sys;
  Resume at;
  bool rebounding = false;   // x' ≤ 0 has been seen
  double x_peak = 0.0;       // the largest penetration seen, over every phase
  bool stiff = false;        // the Rosenbrock fallback runs (its budget is max_steps)
  StepSampler* sampler = nullptr;  // handed every accepted step, where a history is wanted

  double V() const { return sys.c.V; }
  // Explicit steps left before the stiff fallback takes over.
  std::size_t budget() const {
    if (stiff) return opt.max_steps;
    return opt.stiff_after > r.steps ? opt.stiff_after - r.steps : 0;
  }
  // Capture: the energy left, √(x'² + 2U(x)), below capture_tol·V; U ≥ 0, so the cheap |x'|
  // test comes first and U (a power of x) is only evaluated when it can matter.
  bool energy_below_capture(double x, double v) const {
    const double limit = opt.capture_tol * V();
    return std::abs(v) < limit && std::sqrt(v * v + 2.0 * sys.potential(x)) < limit;
  }
  // The contact has developed: far enough from δ = 0 for the bulk's stepper.
  bool developed(const State& s, double fraction) const {
    return s[0] >= fraction * length_scale || s[1] <= (1.0 - fraction) * V();
  }
  // Where a phase stopped for want of steps: the stiff fallback continues from there (from
  // where the phase started when the budget was gone before its first step: a zero step
  // handed to Rosenbrock made it throw after 500 failed step-size adjustments).
  template <class Stepper>
  void stop_at(const Stepper& stepper) {
    if (!(stepper.current_time() > stepper.previous_time())) return;
    at = Resume{stepper.current_state(), stepper.current_time(),
                stepper.current_time() - stepper.previous_time()};
  }
};

}  // namespace calib::impact::detail
