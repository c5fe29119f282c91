#pragma once
// The [solver] section shared by every study config: ODE tolerances and, for calibrations,
// the COR tolerance. One reader, so every study names and validates them the same way.
#include "calib/calibrate/calibrate.hpp"
#include "calib/impact/impact.hpp"
#include "calib/io/config.hpp"

namespace calib::calibrate {

// Reads rel_tol, abs_tol (and nothing else) into `options`; InputError names the key.
void read_impact_solver(const io::ConfigNode& solver, impact::ImpactOptions& options);
// Reads rel_tol, abs_tol and cor_rel_tol into `options`.
void read_calibration_solver(const io::ConfigNode& solver, calibrate::CalibrateOptions& options);

}  // namespace calib::calibrate
