#pragma once
// Private to the impact layer: the phases of a contact stepped in τ (impact.cpp chooses the plan).
// Runge–Kutta–Fehlberg 7(8) takes fewer RHS evaluations than Dormand–Prince 5(4), but its
// error estimate (stages at the step's two ends only) is blind to what xⁿ does at x → 0, where
// every derivative beyond the n-th is unbounded. So
//   start    from contact until developed (x ≥ kDeveloped·δ_scale or x' ≤ (1 − kDeveloped)·v):
//            the linear damper by its series (series_start.hpp), then Fehlberg 7(8) in σ = √τ
//            where the series stopped short; Dormand–Prince in τ for the other laws;
//   bulk     the linear damper in Taylor-series steps (taylor_bulk.hpp), the other laws by
//            Fehlberg 7(8) with xⁿ tracked;
//   rebound  Dormand–Prince once rebounding with x ≤ kDeveloped·x_peak, to separation;
// and, for laws whose explicit budget runs out, the stiff fallback (Rosenbrock 4). The
// permanent-indentation law has its own plan (phase_indentation.cpp).
#include "impact/contact.hpp"

namespace calib::impact::detail {

// Where the start hands over to the bulk and the bulk to the rebound (fraction of δ_m, v, x_peak).
constexpr double kDeveloped = 0.2;
// The bulk steps at half the tolerance: its ~20 steps' local errors add up.
constexpr double kBulkTolerance = 0.5;
// How far the linear damper's series start goes at most: to x = 0.5 δ_m or x' = 0.5 V, where the
// tolerance allows. The bulk crawls where x is small (its tracked xⁿ), so further is better.
constexpr double kSeriesReach = 0.5;
// Where a clamped linear damper's Taylor bulk hands over to Dormand–Prince: its F = 0 separation
// comes at x > 0, before xⁿ's branch point at x = 0 that shortens the Taylor steps, so most such
// contacts separate inside the bulk. Unclamped laws hand over at kDeveloped, since the end of
// their contact is the branch point itself.
constexpr double kTaylorClampedHandover = 0.05;

PhaseEnd start_phase(Contact& contact);
PhaseEnd bulk_phase(Contact& contact);
PhaseEnd rebound_phase(Contact& contact);
// The permanent-indentation law (PINSLOT eq. 91): elastic loading, then the restitution curve.
PhaseEnd indentation_contact(Contact& contact);
// Continues an unfinished solve from contact.at with Rosenbrock 4 (impact_stiff.cpp).
void continue_stiff(Contact& contact);

}  // namespace calib::impact::detail
