#pragma once
// Contact events located on one accepted step's dense output (simulate.cpp): the first contact
// start inside the step, the instant a function rises through zero, and the maximum of a
// contact's δ or F between the step's samples.
#include <functional>
#include <span>

namespace calib::dynamics::detail {

struct GapPoint {
  double t, delta, delta_dot;  // [s], penetration δ (> 0 in contact) and δ̇ of one contact
};
// δ and δ̇ of one contact at an instant of the current step, on its dense output.
using GapAt = std::function<GapPoint(double)>;

// The first instant in (start.t, end.t] at which δ > 0, or +∞ when δ stays ≤ 0. δ is looked at
// inside the step, not only at its ends, so a contact that starts and ends within one step is
// found (contact_events.cpp says how and when that is guaranteed). Humps of δ that cannot reach
// gap_tolerance (the positions' absolute accuracy) may be passed over. affine_gap: δ is affine
// in q (System::affine_penetration), which makes it a known kind of polynomial on the step (a
// cheaper exact test). start and end are the step's ends; requires start.delta ≤ 0. The start
// is located to `bits` of its time (SimulateOptions::event_bits).
double first_contact_start(const GapAt& gap, const GapPoint& start, const GapPoint& end,
                           double gap_tolerance, bool affine_gap, int bits);

// The first instant on the far side of g's rise through zero in [t0, t1] (TOMS748, to `bits`
// of the time), given g0 = g(t0) and g1 = g(t1) ≥ 0; t0 when g0 ≥ 0 already.
double first_crossing(const std::function<double(double)>& g, double t0, double t1, double g0,
                      double g1, int bits);

// The maximum of value_at over [times.front(), times.back()] from its samples `values` at
// `times` (increasing): Brent on the dense output between the largest sample's neighbours, or
// between an end sample and its one neighbour (a maximum next to a step end lies there).
double refined_maximum(std::span<const double> times, std::span<const double> values,
                       const std::function<double(double)>& value_at);

}  // namespace calib::dynamics::detail
