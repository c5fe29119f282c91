#pragma once
// Private to libcalib/src: phase B of a linear-damper contact (impact.cpp) in Taylor-series steps
// (taylor_series.hpp), with the contact's events located on the series itself.
#include <cstddef>

#include "impact/contact.hpp"

namespace calib::impact::detail {

// Whether taylor_bulk applies: the linear damper (p = 0), not the indentation law.
inline bool taylor_bulk_applies(const GenericCoefficients& c) {
  return c.p == 0.0 && !c.indentation();
}

// Steps the contact from contact.at (x > 0) as contact_loop does, with the same events (δ_max
// and the peak force with opt.diagnostics, capture, the clamped law's F = 0 separation), until
// the rebound reaches x ≤ handover_fraction·x_peak (handed_over: contact.at is the state there,
// for the Dormand–Prince phase to separation), the contact ends (finished), or the step budget
// is spent (out_of_steps: contact.at is where it stopped).
PhaseEnd taylor_bulk(Contact& contact, double handover_fraction);

}  // namespace calib::impact::detail
