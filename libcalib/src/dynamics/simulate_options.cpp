// The options of dynamics::simulate: method names and the checks of SimulateOptions.
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/simulate.hpp"

namespace calib::dynamics {

std::string_view method_name(Method method) {
  return method == Method::piecewise ? "piecewise" : "continuous";
}

Method method_from_name(std::string_view name, std::string_view where) {
  for (Method m : {Method::continuous, Method::piecewise})
    if (name == method_name(m)) return m;
  throw InputError(fmt::format("{}: must be continuous or piecewise, got '{}'", where, name));
}

bool SimulateOptions::IsValid(std::string* error) const {
  auto fail = [&](std::string why) {
    if (error) *error = std::move(why);
    return false;
  };
  if (!(t_end > 0 && std::isfinite(t_end))) return fail(fmt::format("t_end must be > 0, got {}", t_end));
  if (!(rel_tol > 0 && rel_tol < 1)) return fail(fmt::format("rel_tol must be in (0, 1), got {}", rel_tol));
  if (!(abs_tol > 0 && abs_tol < 1)) return fail(fmt::format("abs_tol must be in (0, 1), got {}", abs_tol));
  if (!(output_dt > 0 && std::isfinite(output_dt)))
    return fail(fmt::format("output_dt must be > 0, got {}", output_dt));
  if (!(baumgarte_rate >= 0 && std::isfinite(baumgarte_rate)))
    return fail(fmt::format("baumgarte_rate must be >= 0, got {}", baumgarte_rate));
  if (!(drift_tol > 0 && std::isfinite(drift_tol)))
    return fail(fmt::format("drift_tol must be > 0, got {}", drift_tol));
  if (t_end / output_dt > 1e7)
    return fail(fmt::format("t_end/output_dt = {:.3g} samples; at most 1e7", t_end / output_dt));
  if (event_bits < 10 || event_bits > 53)
    return fail(fmt::format("event_bits must be in [10,53], got {}", event_bits));
  if (max_steps < 1) return fail("max_steps must be >= 1, got 0");
  if (!(max_wall_time > 0)) return fail(fmt::format("max_wall_time must be > 0 [s], got {}", max_wall_time));
  return true;
}

}  // namespace calib::dynamics
