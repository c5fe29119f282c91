// The start of a contact stepped in τ (phases.hpp): from δ = 0 until the contact has developed.
#include <algorithm>
#include <cmath>

#include "impact/contact_loop.hpp"
#include "impact/phases.hpp"
#include "impact/series_start.hpp"
#include "impact/steppers.hpp"

namespace calib::impact::detail {

namespace {

// The linear damper's series in τ and τ^(n+1) (series_start.hpp), up to kSeriesReach, where the
// tolerance allows. Not taken where the peak force is wanted and might lie inside its stretch.
// Returns whether it reached a developed contact; contact.at is where it stopped.
bool start_from_series(Contact& contact, double& sigma0) {
  const GenericCoefficients& c = contact.sys.c;
  const auto start = series_start(c, contact.opt.rel_tol, kSeriesReach * contact.length_scale,
                                  (1.0 - kSeriesReach) * c.V, contact.opt.diagnostics);
  if (!start) return false;
  contact.at.state = State{start->x, start->v, start->work, 0.0};
  contact.at.t = start->tau;
  // The first step: a fifth of the stretch at rel_tol 1e-10, scaled as the 7(8) pair's steps
  // scale with the tolerance.
  contact.at.dt = 0.2 * start->tau * std::pow(contact.opt.rel_tol / 1e-10, 0.125);
  contact.x_peak = start->x;
  if (contact.opt.diagnostics) contact.r.f_max = std::max(contact.r.f_max, start->f_max);
  sigma0 = std::sqrt(start->tau);
  return contact.developed(contact.at.state, kDeveloped);
}

// Fehlberg 7(8) in σ = √τ (SqrtTimeSystem), where xⁿ's singular term c τ^(n+2) becomes the
// smooth c σ^(2n+4). Only for a damper that acts at δ = 0 (p = 0): a damping power x^p stays
// singular in σ. A step that ends with x' ≤ 0 (a heavily damped contact rebounding within its
// first steps) is handed back, from its start, to Dormand–Prince in τ (`start_in_tau`).
PhaseEnd start_in_sqrt_time(Contact& contact, double sigma0, bool& start_in_tau) {
  const SqrtTimeSystem sqrt_system{&contact.sys};
  FehlbergInSqrtTime stepper(contact.abs_tol, contact.opt.rel_tol, std::cref(sqrt_system));
  const double sigma_developed = std::sqrt(kDeveloped * contact.length_scale / contact.V());
  stepper.initialize(contact.at.state, sigma0, 0.1 * sigma_developed);
  auto developed = [&](const State&, const State& cur, bool) {
    contact.x_peak = std::max(contact.x_peak, cur[0]);
    if (!(cur[1] > 0.0)) {
      start_in_tau = true;
      return Handover::redo_step;
    }
    return contact.developed(cur, kDeveloped) ? Handover::after_step : Handover::no;
  };
  const PhaseEnd end = contact_loop<SqrtTime>(contact, stepper, std::cref(sqrt_system), developed);
  if (end == PhaseEnd::out_of_steps) contact.stop_at(stepper);
  // Back to τ; the next step guess is the last σ step, continued.
  const double sigma = contact.at.t, step = contact.at.dt;
  contact.at.t = SqrtTime::tau(sigma);
  contact.at.dt = SqrtTime::tau(sigma + step) - SqrtTime::tau(sigma);
  return end;
}

// Dormand–Prince in τ with its dense output, until developed.
PhaseEnd start_in_tau(Contact& contact) {
  DormandPrince stepper = dormand_prince(contact);
  stepper.initialize(contact.at.state, contact.at.t, contact.at.dt);
  auto developed = [&](const State&, const State& cur, bool) {
    contact.x_peak = std::max(contact.x_peak, cur[0]);
    return contact.developed(cur, kDeveloped) ? Handover::after_step : Handover::no;
  };
  const PhaseEnd end = contact_loop(contact, stepper, std::cref(contact.sys), developed);
  if (end == PhaseEnd::out_of_steps) contact.stop_at(stepper);
  return end;
}

}  // namespace

PhaseEnd start_phase(Contact& contact) {
  bool in_tau = contact.sys.c.p != 0.0;
  double sigma0 = 0.0;  // where the σ phase starts
  const bool developed = !in_tau && contact.opt.strategy.series_start && start_from_series(contact, sigma0);
  if (!in_tau && !developed) {
    const PhaseEnd end = start_in_sqrt_time(contact, sigma0, in_tau);
    if (end != PhaseEnd::handed_over) return end;
  }
  return in_tau ? start_in_tau(contact) : PhaseEnd::handed_over;
}

}  // namespace calib::impact::detail
