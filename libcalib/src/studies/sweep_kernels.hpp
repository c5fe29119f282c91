#pragma once
// Kernels for generic `calib sweep` runs: tabulate an impact solve or an exact
// calibration over any (e, n, m, k, v, clamp) grid from a config.
#include <string>
#include <vector>

#include "calib/io/config.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies {

struct KernelSpec {
  std::string name;                  // "impact" | "calibrate"
  std::vector<std::string> outputs;  // output column names
  sweep::Kernel kernel;
  nlohmann::json tolerances;  // for the provenance sidecar
  nlohmann::json defaults;    // parameters the config left out, with the value used
};

// How each parameter is read, in [fixed] and on a [space] axis alike: m, v and k are quantities
// (a number in SI or a string with a unit; k in N/m^n at the fixed or default n, a number in SI
// when n is an axis), e, n and clamp numbers. For sweep::parse_space.
sweep::AxisReadings parameter_readings(const io::ConfigNode& config);

// Reads `kernel`, `model`, an optional [fixed] table of parameter values and an optional
// [solver] table from `config`; the parameter order of a point is `axis_names`.
// Parameters: e (required), n, m, k, v (read by parameter_readings) and clamp (0 or 1); default
// n = 1.5 (recorded in KernelSpec::defaults). The parameter order of a point is space.names().
KernelSpec make_kernel(const io::ConfigNode& config, const sweep::Space& space);

}  // namespace calib::studies
