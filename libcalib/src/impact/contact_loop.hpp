#pragma once
// Private to the impact layer: the stepping loop every phase of a contact runs (phases.hpp), and
// its observers: ContactEvents (maximum penetration, peak force, capture, separation, each
// located on the stepper's interpolant by TOMS748 or Brent and reported from the state there to
// the stepper's full accuracy plus one Newton correction) and, where a history is wanted, a
// StepSampler (step_sampler.hpp). C++17-clean (impact_stiff.cpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include <boost/math/tools/minima.hpp>

#include "core/locate_event.hpp"
#include "impact/contact.hpp"
#include "impact/step_sampler.hpp"

namespace calib::impact::detail {

// Whether the stepper can re-step to an instant (hermite_dense.hpp) or only interpolate.
template <class Stepper, class = void>
struct has_exact_state : std::false_type {};
template <class Stepper>
struct has_exact_state<Stepper, std::void_t<decltype(std::declval<const Stepper&>().exact_state(
                                    0.0, std::declval<State&>()))>> : std::true_type {};

// The stepper's own state type (std::array, or the Rosenbrock fallback's ublas vector).
template <class Stepper>
using StepperState = std::decay_t<decltype(std::declval<Stepper&>().current_state())>;

// One accepted step, and the stepper's states inside it. `scratch` receives interpolated states:
// owned by the loop, so no step allocates one (the Rosenbrock state is a heap vector).
template <class Stepper>
class StepView {
 public:
  using state_type = State;  // locate_event_on's dense output
  StepView(Stepper& stepper, const ContactSystem& sys, StepperState<Stepper>& scratch, double t0,
           double t1)
      : stepper_(stepper), sys_(sys), tmp_(scratch), t0(t0), t1(t1),
        prev(as_state(stepper.previous_state())), cur(as_state(stepper.current_state())) {}

  // The interpolated state at t (for locating events, not for reporting them).
  State at(double t) {
    stepper_.calc_state(t, tmp_);
    return as_state(tmp_);
  }
  void calc_state(double t, State& x) { x = at(t); }
  // The state at a located instant and its time derivative: re-stepped where the stepper can,
  // else its dense output.
  State accurate(double t, State& deriv) {
    if constexpr (has_exact_state<Stepper>::value) {
      return stepper_.exact_state(t, deriv);
    } else {
      const State s = at(t);
      sys_(s, deriv, t);
      return s;
    }
  }

 private:
  // The Rosenbrock fallback's state has three components (impact_stiff.cpp: xⁿ is not tracked).
  template <class V>
  static State as_state(const V& v) {
    return State{v[0], v[1], v[2], v.size() > 3 ? v[3] : 0.0};
  }
  Stepper& stepper_;
  const ContactSystem& sys_;
  StepperState<Stepper>& tmp_;

 public:
  const double t0, t1;
  const State prev, cur;
};

// Maximum penetration: x' changes sign inside the step (located, and x_max reported, with
// diagnostics). Returns true when the bodies turned back into each other after a rebound: the
// contact is over, captured.
template <class Stepper>
bool note_turning_point(Contact& contact, StepView<Stepper>& step) {
  RawResult& r = contact.r;
  if (!contact.rebounding && step.cur[1] <= 0.0) {
    contact.rebounding = true;
    if (!contact.opt.diagnostics) return false;
    const auto br = locate_event_on(
        step, [](const State& s) { return s[1]; }, step.t0, step.t1, step.prev[1], step.cur[1],
        contact.opt.event_bits);
    // x is stationary there: one Newton step on x' from the accurate state,
    // x_max = x − x'²/(2x''), leaves an error third order in the located time's error.
    State d;
    const State sx = step.accurate(bracket_midpoint(br), d);
    r.x_max = d[1] < 0.0 ? sx[0] - sx[1] * sx[1] / (2.0 * d[1]) : sx[0];
    return false;
  }
  if (contact.rebounding && step.cur[1] > 0.0) {
    r.status = Status::captured;
    r.t_sep = step.t1;
    r.x_sep = step.cur[0];
    r.work = step.cur[2];
    return true;
  }
  return false;
}

// The peak force over the steps of one phase. Each step is sampled at its start, midpoint and
// end; where the peak can be inside, it is refined with Brent. `Time` converts the rates of F
// into the stepped variable.
template <class Time>
class PeakForce {
 public:
  template <class Stepper>
  void update(Contact& contact, StepView<Stepper>& step) {
    const ContactSystem& sys = contact.sys;
    const double fm = sys.force(step.at(0.5 * (step.t0 + step.t1)));
    double rate1, rate0 = rate_prev_;  // dF/dt in the stepped variable
    const double f1 = sys.force_and_rate(step.cur, rate1);
    rate1 *= Time::dtau_dt(step.t1);
    const double f0 = std::isnan(f_prev_) ? sys.force_and_rate(step.prev, rate0) : f_prev_;
    if (std::isnan(f_prev_)) rate0 *= Time::dtau_dt(step.t0);
    f_prev_ = f1;
    rate_prev_ = rate1;
    // f0 too: at contact start a damper that acts at δ = 0 (linear damper: F(0⁺) = c v₀) can
    // make the first instant the peak. The largest of the accurate end values; the interpolated
    // midpoint only decides whether to refine. The peak can be inside when the midpoint is the
    // largest sample, or an end is and the force there slopes down away from the step's
    // interior (falling at t1, rising at t0): with the midpoint test alone a peak next to an
    // end was missed.
    double best = std::max(f1, f0);
    if ((fm > f1 && fm > f0) || (f1 >= fm && f1 >= f0 && rate1 < 0) ||
        (f0 >= fm && f0 >= f1 && rate0 > 0))
      best = std::max(best, refined(contact.sys, step));
    contact.r.f_max = std::max(contact.r.f_max, best);
  }

 private:
  // F is stationary at the peak: its value from the accurate state there, plus one Newton step
  // on dF/dt, F_peak = F − Ḟ²/(2F̈), with F̈ a central difference of the interpolant over 1 % of
  // the step. The step is trusted only inside that stencil.
  template <class Stepper>
  static double refined(const ContactSystem& sys, StepView<Stepper>& step) {
    auto force_at = [&](double t) { return sys.force(step.at(t)); };
    auto mn = boost::math::tools::brent_find_minima([&](double t) { return -force_at(t); },
                                                    step.t0, step.t1, 40);
    State d;
    double rate;
    const double fp = sys.force_and_rate(step.accurate(mn.first, d), rate);
    rate *= Time::dtau_dt(mn.first);
    const double eta = 1e-2 * (step.t1 - step.t0);
    const double tc = std::clamp(mn.first, step.t0 + eta, step.t1 - eta);
    const double fpp = (force_at(tc + eta) - 2.0 * force_at(tc) + force_at(tc - eta)) / (eta * eta);
    const bool newton = fpp < 0.0 && std::abs(rate) < eta * -fpp;
    return newton ? fp - rate * rate / (2.0 * fpp) : fp;
  }
  double f_prev_ = std::numeric_limits<double>::quiet_NaN(), rate_prev_ = 0.0;
};

// Capture once rebounding (Contact::energy_below_capture).
inline bool captured(Contact& contact, const State& cur, double t1) {
  if (!contact.rebounding || !contact.energy_below_capture(cur[0], cur[1])) return false;
  RawResult& r = contact.r;
  r.status = Status::captured;  // creeping to rest: e_out < capture_tol
  r.t_sep = t1;
  r.x_sep = cur[0];
  r.work = cur[2];  // for the energy balance
  return true;
}

// Separation (the contact indicator's first zero, only possible while x' < 0): located by
// TOMS748, reported from the accurate state there moved by one Newton step on the indicator g,
// δ = −g/ġ (ġ = x' for g = x or x − x_p, dF/dt for the clamped law's F).
template <class Stepper>
bool separated(Contact& contact, StepView<Stepper>& step) {
  const ContactSystem& sys = contact.sys;
  const double g1 = step.cur[1] < 0.0 ? sys.contact_indicator(step.cur) : 1.0;
  if (!(step.t1 > step.t0 && g1 <= 0.0 && step.cur[1] < 0.0)) return false;
  const double g0 = sys.contact_indicator(step.prev);
  double t_event = step.t1;
  if (g0 > 0.0) {
    auto g = [&](const State& s) { return sys.contact_indicator(s); };
    const auto br = locate_event_on(step, g, step.t0, step.t1, g0, g1, contact.opt.event_bits, 200);
    t_event = g(step.at(br.second)) >= 0.0 ? br.second : br.first;  // the end still in contact
  }
  State d;
  const State se = step.accurate(t_event, d);
  double delta = 0.0;
  if (g0 > 0.0)
    delta = std::clamp(sys.separation_step(se, d), step.t0 - t_event, step.t1 - t_event);
  RawResult& r = contact.r;
  r.status = Status::separated;
  r.t_sep = t_event + delta;
  r.v_sep = se[1] + d[1] * delta;
  r.x_sep = std::max(se[0] + delta * (se[1] + 0.5 * d[1] * delta), 0.0);
  r.work = se[2] + d[2] * delta;
  return true;
}

// The contact's four events (δ_max, the peak force, capture, separation) on the accepted steps
// of a phase, as an Odeint-style observer: contact_loop hands it each step. True when the
// contact ended inside the step (contact.r holds the result).
template <class Time>
class ContactEvents {
 public:
  explicit ContactEvents(Contact& contact) : contact_(contact) {}
  template <class Stepper>
  bool on_step(StepView<Stepper>& step) {
    if (note_turning_point(contact_, step)) return true;
    if (contact_.opt.diagnostics) peak_.update(contact_, step);
    return captured(contact_, step.cur, step.t1) || separated(contact_, step);
  }

 private:
  Contact& contact_;
  PeakForce<Time> peak_;
};

// Steps `stepper` (initialised by the phase) until the contact ends (finished), the phase's
// `handover(prev, cur, rebounding)` rule ends it (handed_over: contact.at says where the next
// phase starts), or the step budget is spent (out_of_steps). `Time` (TauTime or SqrtTime) is the
// stepped variable; a SqrtTime phase must hand over before x' ≤ 0 (its steps are then never
// searched for δ_max, capture or separation, whose Newton steps and times are written in τ).
template <class Time = TauTime, class Stepper, class Rhs, class HandoverRule>
PhaseEnd contact_loop(Contact& contact, Stepper& stepper, Rhs rhs, HandoverRule&& handover) {
  ContactEvents<Time> events(contact);
  StepperState<Stepper> scratch = stepper.current_state();
  RawResult& r = contact.r;
  const std::size_t budget = contact.budget();
  for (std::size_t used = 0; used < budget && r.steps < contact.opt.max_steps; ++used) {
    const auto [t0, t1] = stepper.do_step(rhs);
    ++r.steps;
    StepView<Stepper> step(stepper, contact.sys, scratch, t0, t1);
    const Handover verdict = handover(step.prev, step.cur, contact.rebounding);
    if (verdict == Handover::redo_step) {
      contact.at = {step.prev, t0, t1 - t0};
      return PhaseEnd::handed_over;
    }
    const bool finished = events.on_step(step);
    if (contact.sampler)
      contact.sampler->take<Time>(contact.sys, step, finished ? r.t_sep : Time::tau(t1), finished);
    if (finished) return PhaseEnd::finished;
    if (verdict == Handover::after_step) {
      contact.at = {step.cur, t1, t1 - t0};
      return PhaseEnd::handed_over;
    }
  }
  return PhaseEnd::out_of_steps;
}

}  // namespace calib::impact::detail
