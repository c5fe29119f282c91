#pragma once
// Ceres settings shared by every fit (private to libcalib/src).
#include <string>

#include <ceres/ceres.h>

#include "calib/core/error.hpp"
#include "calib/fit/fit.hpp"

namespace calib::fit::detail {

// FitOptions as Ceres options, silent (STACK_NOTES: keeps glog quiet); InputError when invalid.
inline ceres::Solver::Options solver_options(const FitOptions& options) {
  if (std::string why; !options.IsValid(&why)) throw InputError("fit options: " + why);
  ceres::Solver::Options o;
  o.logging_type = ceres::SILENT;
  o.minimizer_progress_to_stdout = false;
  o.function_tolerance = options.function_tolerance;
  o.gradient_tolerance = options.gradient_tolerance;
  o.parameter_tolerance = options.parameter_tolerance;
  o.max_num_iterations = options.max_iterations;
  return o;
}

}  // namespace calib::fit::detail
