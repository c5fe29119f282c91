#pragma once
// Private to the impact layer: an observer of the τ solve's accepted steps (contact_loop.hpp)
// that reads the state at requested instants off each step's dense output, for the impact's
// time history (trajectory.cpp). C++17-clean (impact_stiff.cpp).
#include <cstddef>
#include <vector>

#include "calib/core/contact_law.hpp"
#include "calib/impact/impact.hpp"
#include "impact/contact_system.hpp"

namespace calib::impact::detail {

// The dimensionless state at τ (from the touch), with F and dF/dτ there (ContactSystem's).
struct Sample {
  double tau;
  State state;
  double force, force_rate;
};

class StepSampler {
 public:
  // `taus`: ascending instants τ ≥ 0 (outlives the sampler); none: the end of every step.
  explicit StepSampler(const std::vector<double>& taus) : taus_(taus) {}

  // One accepted step of the stepped variable (`Time`: τ or σ = √τ, contact_system.hpp) whose
  // contact lasts to tau_end: the step's end, or the end of the contact located inside it
  // (`finished`; its state is the solve's result, not the step's).
  template <class Time, class Step>
  void take(const ContactSystem& sys, Step& step, double tau_end, bool finished) {
    for (; next_ < taus_.size() && taus_[next_] <= tau_end; ++next_)
      record(sys, taus_[next_], state_at(step, Time::from_tau(taus_[next_])));
    if (taus_.empty() && !finished) record(sys, tau_end, step.cur);
  }
  // The contact's end, as the solve located it.
  void finish(const ContactSystem& sys, double tau, const State& s) {
    if (taus_.empty()) record(sys, tau, s);
  }

  const std::vector<Sample>& samples() const { return samples_; }
  std::size_t taken() const { return next_; }  // the requested instants sampled so far

 private:
  // The state at t of the step: the accepted states at its ends; inside, re-stepped where the
  // stepper can (the σ interpolant's x' = (dx/dσ)/(2σ) loses digits at small σ), else its dense
  // output (StepView::accurate).
  template <class Step>
  static State state_at(Step& step, double t) {
    if (!(t > step.t0)) return step.prev;
    if (!(t < step.t1)) return step.cur;
    State rate;
    return step.accurate(t, rate);
  }
  void record(const ContactSystem& sys, double tau, const State& s) {
    double rate = 0.0;
    const double f = sys.force_and_rate(s, rate);
    samples_.push_back({tau, s, f, rate});
  }

  const std::vector<double>& taus_;
  std::size_t next_ = 0;
  std::vector<Sample> samples_;
};

// impact::solve with every accepted step handed to `sampler`, and the end of the contact
// recorded when no instants were requested (impact.cpp). Only the phases stepped with a dense
// output take part: the energy-time solve, the series start and the Taylor bulk are off.
ImpactResult solve_sampled(const ContactLaw& law, const ImpactOptions& options,
                           StepSampler& sampler);

}  // namespace calib::impact::detail
