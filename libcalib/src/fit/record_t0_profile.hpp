#pragma once
// The record's cost profiled over the contact start t0 (private): at the midpoint of each sample
// interval of a window, K, n and the damping solved with t0 held there. Where the model jumps at
// t0 (the linear damper's force starts at c·v), the cost jumps wherever t0 crosses a sample, so
// Ceres, which follows the derivative in t0, stays in the sample interval it starts in while K,
// n and the damping compensate a wrong start; the profile compares the intervals themselves.
#include <array>
#include <cmath>
#include <vector>

#include <ceres/ceres.h>

#include "calib/fit/fit.hpp"
#include "fit/record_cost.hpp"

namespace calib::fit::detail {

struct T0Profile {
  double cost = INFINITY;                               // the lowest profiled cost, ½Σr²
  std::array<double, 4> x{NAN, NAN, NAN, NAN};          // the scaled (K, n, d, t0) there
  int intervals = 0;                                    // how many were profiled
};

// The profile over the sample intervals of t whose midpoints lie in [from, to], on a coarse
// stride first (about 8 intervals), then from the best to its neighbour of lower cost while there
// is one; each point's K, n, d start from a point already profiled (the first from *x). `problem`
// holds the record's residual blocks over x (scaled as `scaling`); x is left at the start.
T0Profile profile_t0(ceres::Problem& problem, std::array<double, 4>* x,
                     const RecordScaling& scaling, const std::vector<double>& t, double from,
                     double to, const FitOptions& fit);

}  // namespace calib::fit::detail
