#pragma once
// Ceres settings shared by every fit (private to libcalib/src).
#include <string>

#include <ceres/ceres.h>

#include "calib/core/error.hpp"
#include "calib/fit/fit.hpp"

namespace calib::fit::detail {

// glog, which Ceres logs through, drops everything below FATAL unless the program initialised
// glog itself (ceres_logging.cpp). Called by solver_options, so by every fit before it solves.
void silence_ceres_logging();
// The options' FitMonitor, if any, as an iteration callback of the solve (fit_monitor.cpp).
void attach_monitor(const FitOptions& options, ceres::Solver::Options* o);
// Between the steps of a fit that are not Ceres iterations (grid points, profile points):
// calib::Interrupted when a stop was requested (core/interrupt.hpp), with the monitor's message
// (FitMonitor::throw_if_stopped) when the options have one.
void throw_if_stopped(const FitOptions& options);

// FitOptions as Ceres options, silent; InputError when invalid.
inline ceres::Solver::Options solver_options(const FitOptions& options) {
  if (std::string why; !options.IsValid(&why)) throw InputError("fit options: " + why);
  silence_ceres_logging();
  ceres::Solver::Options o;
  o.logging_type = ceres::SILENT;
  o.minimizer_progress_to_stdout = false;
  o.function_tolerance = options.function_tolerance;
  o.gradient_tolerance = options.gradient_tolerance;
  o.parameter_tolerance = options.parameter_tolerance;
  o.max_num_iterations = options.max_iterations;
  // A trial step whose cost is not finite (the closed form's log of a non-positive ζ, a pow
  // overflow) is invalid and shrinks the trust region; Ceres' default gives up after 5 in a
  // row, which can stop a fit far from its minimum; shrinking further finds a valid step, and a
  // genuinely stuck fit still ends (max_iterations).
  o.max_num_consecutive_invalid_steps = 100;
  attach_monitor(options, &o);
  return o;
}

}  // namespace calib::fit::detail
