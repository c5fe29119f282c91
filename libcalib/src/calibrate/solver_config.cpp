#include "calibrate/solver_config.hpp"

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::calibrate {

void read_impact_solver(const io::ConfigNode& s, impact::ImpactOptions& options) {
  options.rel_tol = s.number("rel_tol", options.rel_tol);
  options.abs_tol = s.number("abs_tol", options.abs_tol);
  std::string why;
  if (!options.IsValid(&why)) throw InputError(s.where("rel_tol") + ": " + why);
}

void read_calibration_solver(const io::ConfigNode& s, calibrate::CalibrateOptions& options) {
  read_impact_solver(s, options.impact);
  options.cor_rel_tol = s.number("cor_rel_tol", options.cor_rel_tol);
  if (!(options.cor_rel_tol > 0 && options.cor_rel_tol < 1e-3))
    throw InputError(fmt::format("{}: must be in (0, 1e-3), got {}", s.where("cor_rel_tol"),
                                 options.cor_rel_tol));
}

}  // namespace calib::calibrate
