#pragma once
// Solver options shared by the impact tests.
#include "calib/impact/impact.hpp"

namespace calib::impact_test {

inline calib::impact::ImpactOptions tight() { return {1e-12, 1e-14, 52, 1'000'000}; }
// The τ solve, for a family energy time would otherwise take (ImpactOptions::strategy).
inline calib::impact::ImpactOptions in_tau(calib::impact::ImpactOptions o = {}) {
  o.strategy.energy_time = false;
  return o;
}
// The reference of the accuracy audits: rel_tol 1e-14, stepped from contact (no series start),
// e_out only.
inline calib::impact::ImpactOptions stepped_reference() {
  return {.rel_tol = 1e-14, .abs_tol = 1e-16, .max_steps = 10'000'000, .diagnostics = false,
          .stiff_after = 100'000, .strategy = {.series_start = false, .taylor_bulk = false}};
}
// The τ reference of the energy-time comparisons: rel_tol 1e-13.
inline calib::impact::ImpactOptions tau_reference() {
  calib::impact::ImpactOptions o = tight();
  o.rel_tol = 1e-13, o.abs_tol = 1e-15;
  return in_tau(o);
}

}  // namespace calib::impact_test
