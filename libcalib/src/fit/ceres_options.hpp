#pragma once
// Ceres settings shared by every fit (private to libcalib/src).
#include <ceres/ceres.h>

namespace calib::fit::detail {

// Silent (STACK_NOTES: keeps glog quiet) and tight: our data are exact to ~1e-10, so the fits
// should stop on the data, not on the solver.
inline ceres::Solver::Options tight_options() {
  ceres::Solver::Options o;
  o.logging_type = ceres::SILENT;
  o.minimizer_progress_to_stdout = false;
  o.function_tolerance = 1e-16;
  o.gradient_tolerance = 1e-16;
  o.parameter_tolerance = 1e-15;
  o.max_num_iterations = 500;
  return o;
}

}  // namespace calib::fit::detail
