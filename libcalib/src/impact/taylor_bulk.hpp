#pragma once
// Private to libcalib/src: phase B of a linear-damper contact (impact.cpp) in Taylor-series steps
// (taylor_series.hpp), with the contact's events located on the series itself.
#include <cstddef>

#include "impact/impact_detail.hpp"

namespace calib::impact::detail {

// Whether taylor_bulk applies: the linear damper (p = 0), not the indentation law.
inline bool taylor_bulk_applies(const GenericCoefficients& c) {
  return c.p == 0.0 && !c.indentation;
}

// Steps the contact from `at` (x > 0) as contact_loop does, with the same events (δ_max and the
// peak force with opt.diagnostics, capture, the clamped law's F = 0 separation), until the
// rebound reaches x ≤ handover_fraction·x_peak (handed_over: `at` is the state there, for the
// Dormand–Prince phase to separation), the contact ends (finished), or step_budget steps are
// spent (out_of_steps: `at` is where it stopped). x_peak: the largest x seen, over every phase.
LoopEnd taylor_bulk(const ContactSystem& sys, const ImpactOptions& opt, double length_scale,
                    double handover_fraction, bool& rebounding, double& x_peak, RawResult& r,
                    std::size_t step_budget, Resume& at);

}  // namespace calib::impact::detail
