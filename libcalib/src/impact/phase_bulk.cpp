// The bulk and the rebound of a contact stepped in τ (phases.hpp).
#include <algorithm>

#include "impact/contact_loop.hpp"
#include "impact/phases.hpp"
#include "impact/steppers.hpp"
#include "impact/taylor_bulk.hpp"

namespace calib::impact::detail {

namespace {

// The other laws' bulk: Fehlberg 7(8), with xⁿ tracked from here on where it would cost a pow
// (ContactSystem::tracked), until the rebound nears δ = 0; the step that gets there is redone
// by the rebound phase from its start.
PhaseEnd bulk_by_fehlberg(Contact& contact) {
  ContactSystem& sys = contact.sys;
  if (sys.can_track()) {
    sys.tracked = true;
    contact.at.state[3] = sys.power_n(contact.at.state[0]);
  }
  Fehlberg stepper(kBulkTolerance * contact.abs_tol, kBulkTolerance * contact.opt.rel_tol,
                   std::cref(sys));
  stepper.initialize(contact.at.state, contact.at.t, contact.at.dt);
  auto near_separation = [&](const State& prev, const State& cur, bool was_rebounding) {
    contact.x_peak = std::max({contact.x_peak, prev[0], cur[0]});
    return was_rebounding && cur[1] < 0.0 && cur[0] <= kDeveloped * contact.x_peak
               ? Handover::redo_step
               : Handover::no;
  };
  const PhaseEnd end = contact_loop(contact, stepper, std::cref(sys), near_separation);
  if (end == PhaseEnd::out_of_steps) contact.stop_at(stepper);
  return end;
}

}  // namespace

PhaseEnd bulk_phase(Contact& contact) {
  if (!(contact.opt.strategy.taylor_bulk && taylor_bulk_applies(contact.sys.c)))
    return bulk_by_fehlberg(contact);
  const double handover = contact.sys.c.clamp ? kTaylorClampedHandover : kDeveloped;
  const PhaseEnd end = taylor_bulk(contact, handover);
  // Dormand–Prince's steps are ~30× shorter than a Taylor step: its first, a tenth of the last
  // Taylor step, is cut by its own controller from there.
  contact.at.dt *= 0.1;
  return end;
}

// To separation with xⁿ a power again: near δ = 0 the high derivatives of a tracked xⁿ cost steps
// and, without the clamp, (xⁿ)' = n xⁿ x'/x is ill-conditioned as x → 0.
PhaseEnd rebound_phase(Contact& contact) {
  contact.sys.tracked = false;
  DormandPrince stepper = dormand_prince(contact);
  stepper.initialize(contact.at.state, contact.at.t, contact.at.dt);
  const PhaseEnd end = contact_loop(contact, stepper, std::cref(contact.sys), never_hand_over);
  if (end == PhaseEnd::out_of_steps) contact.stop_at(stepper);
  return end;
}

}  // namespace calib::impact::detail
