#pragma once
// Least-squares fits, all through Ceres Solver (AutoDiff cost functors). Ceres stays
// inside fit*.cpp; callers see a FitReport.
#include <string>
#include <vector>

namespace calib::fit {

struct FitReport {
  std::vector<double> parameters;
  double residual_rms = 0.0;
  double residual_max = 0.0;
  bool converged = false;
  int iterations = 0;
  std::string BriefReport() const;
};

// One-parameter fit of h = k(1-e)/e (SF2020 eq. 55 with k = 2/(5I)) to samples h(e),
// minimising Σ [100 (k(1-e)/e - h)/h]² — the RMS percentage error of SF2020 Table 2.
FitReport fit_hysteresis_k(const std::vector<double>& e, const std::vector<double>& h);

}  // namespace calib::fit
