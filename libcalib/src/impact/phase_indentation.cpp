// The permanent-indentation law (PINSLOT eq. 91), Dormand–Prince throughout (its force has a kink
// at x' = 0 that the 7(8) estimate cannot see), in two smooth pieces: the elastic loading to the
// turning point x' = 0, located, then the restitution curve anchored at the δ_m actually
// reached: x_peak := x_turn, x_perm := (δ_p/δ_m)·x_turn, F_m = A x_turnⁿ, the law's ratio kept.
// Anchored at the a-priori δ_m instead, the curve would begin with a force jump
// F_m·n·ε/(x_m − x_p), ε being the solve's error in x_m, over an unloading that spans only
// x_m − x_p = e²·x_m (test IndentationRestitutionIsExactDownToSmallE).
#include <algorithm>
#include <cstdint>

#include "core/locate_event.hpp"
#include "impact/contact_loop.hpp"
#include "impact/phases.hpp"
#include "impact/steppers.hpp"

namespace calib::impact::detail {

namespace {

// Steps from contact.at past the turning point (the elastic force extends smoothly past it),
// locates x' = 0 on the interpolant, re-steps there and moves by one Newton step on x'.
// Returns false when max_steps ran out first.
bool anchor_at_turning_point(Contact& contact, DormandPrince& stepper) {
  RawResult& r = contact.r;
  stepper.initialize(contact.at.state, contact.at.t, contact.at.dt);
  do {
    stepper.do_step(std::cref(contact.sys));
    ++r.steps;
  } while (stepper.current_state()[1] > 0.0 && r.steps < contact.opt.max_steps);
  if (stepper.current_state()[1] > 0.0) return false;
  const double t0 = stepper.previous_time(), t1 = stepper.current_time();
  const double t_located = bracket_midpoint(locate_event_on(
      stepper, [](const State& s) { return s[1]; }, t0, t1, stepper.previous_state()[1],
      stepper.current_state()[1], contact.opt.event_bits));
  State d;
  const State s = stepper.exact_state(t_located, d);
  const double dt = d[1] < 0.0 ? -s[1] / d[1] : 0.0;  // x'' = −A xⁿ < 0
  const double x_turn = s[0] + dt * (s[1] + 0.5 * d[1] * dt);
  GenericCoefficients& c = contact.sys.c;
  const double ratio = c.x_perm / c.x_peak;
  c.x_peak = x_turn;
  c.x_perm = ratio * x_turn;
  contact.sys.loading = false;
  contact.rebounding = true;
  r.x_max = x_turn;
  r.f_max = std::max(r.f_max, contact.sys.spring(x_turn));
  stepper.initialize(State{x_turn, 0.0, s[2] + d[2] * dt, 0.0}, t_located + dt, t1 - t0);
  return true;
}

}  // namespace

PhaseEnd indentation_contact(Contact& contact) {
  contact.sys.loading = true;
  DormandPrince stepper = dormand_prince(contact);
  stepper.initialize(contact.at.state, contact.at.t, contact.at.dt);
  auto turning = [](const State&, const State& cur, bool) {
    return cur[1] <= 0.0 ? Handover::redo_step : Handover::no;
  };
  PhaseEnd end = contact_loop(contact, stepper, std::cref(contact.sys), turning);
  if (end == PhaseEnd::handed_over) {
    end = anchor_at_turning_point(contact, stepper)
              ? contact_loop(contact, stepper, std::cref(contact.sys), never_hand_over)
              : PhaseEnd::out_of_steps;
  }
  contact.sys.loading = false;  // the stiff fallback continues with the a-priori curve
  if (end == PhaseEnd::out_of_steps) contact.stop_at(stepper);
  return end;
}

}  // namespace calib::impact::detail
