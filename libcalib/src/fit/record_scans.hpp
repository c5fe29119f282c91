#pragma once
// The grids of the record fit (private): its cost at one point, the t0 of lowest cost on a grid,
// and the starts by coordinate descent on grids (fit_record.cpp). Each grid point is one
// trajectory solve; each polls Ctrl-C (calib::stop_requested) and ends the fit with
// calib::Interrupted (the monitor's message, throw_if_stopped), so a stop during the scans ends
// the run as soon as one during the Ceres iterations.
#include <array>
#include <vector>

#include "calib/fit/fit.hpp"
#include "fit/record_residuals.hpp"

namespace calib::fit::detail {

// Σ r² of the record at (p, t0), ∞ where the impact does not finish.
class RecordCost {
 public:
  RecordCost(const RecordResiduals& residuals, const FitOptions& fit)
      : residuals_(residuals), fit_(fit) {}
  // calib::Interrupted (throw_if_stopped) when a stop was requested, before the solve.
  double operator()(const ImpactLawParameters& p, double t0) const;
  int count() const { return residuals_.count(); }

 private:
  const RecordResiduals& residuals_;
  const FitOptions& fit_;
};

// The undamped law's stiffness from the record's peak (a start, not an estimate).
double stiffness_from_peak(const ImpactRecord& d, double m, double v, double n);

// The first sample above 5 % of the record's peak (δ, else F): the contact started before it.
double first_rise(const ImpactRecord& d);

// The t0 of lowest cost on `count` points evenly over [from, to], or, where the record's samples
// are coarser than that grid, at the midpoints of its sample intervals in [from, to].
double scan_t0(const RecordCost& cost, const ImpactLawParameters& p, const std::vector<double>& t,
               double from, double to, int count);

// The starts of K, n, the damping (those flagged in `free`) and t0 (from t0_start when finite)
// by coordinate descent on grids of the cost, into *p and *t0. ComputeError when no point of the
// grids gives a finished impact.
void scan_start(ImpactLaw law, double m, double v, const RecordCost& cost,
                const std::array<bool, 3>& free, double t0_start, const ImpactRecord& d,
                ImpactLawParameters* p, double* t0);

}  // namespace calib::fit::detail
