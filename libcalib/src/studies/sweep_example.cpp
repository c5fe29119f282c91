// `calib sweep --example`: a sweep config with every key explained, that `calib sweep --config`
// runs as it is (tests/cli/sweep_array_test.cpp runs it).
#include "calib/studies/config_sweep.hpp"

namespace calib::studies {

std::string_view example_sweep_config() {
  return R"toml(# A calib sweep config (TOML). A number is in SI units.
#   calib sweep --example > my_sweep.toml
#   calib sweep --config my_sweep.toml --out my_sweep.csv
# The output CSV has one row per point of [space]: point (the index), the swept parameters
# with their units, the kernel's outputs, and status ("ok" or "failed: <why>").

# What each point computes:
#   "calibrate"  the damping that gives the coefficient of restitution e: the dimensionless
#                damping (zeta, h or chi, by model family) and the physical one (c [N*s/m],
#                C [N*s/m^(n+1)], ...), e_out (the e that an ODE solve of the answer gives)
#                and solves (the ODE solves it took)
#   "impact"     one impact with the model's own damping law at e: the damping, e_out,
#                delta_max [m], t_contact [s], f_max [N], delta_sep [m], energy_residual
#                (relative), impact_status
kernel = "calibrate"

# The contact force law: any name that `calib models` lists (case-insensitive).
model = "linear-damper"

# Parameters held constant. Each parameter is here, in [space], or left out (its default):
#   e      coefficient of restitution, 0 < e < 1 (dimensionless; no default: required)
#   n      force exponent of K*delta^n (dimensionless, default 1.5)
#   m      effective mass [kg] (no default)
#   k      contact stiffness K [N/m^n] (no default)
#   v      impact velocity [m/s] (no default)
#          m, k and v: all three for kernel "impact"; for "calibrate" all three (the damping
#          also in SI units) or none (the dimensionless damping alone)
#   clamp  1: no tensile (negative) contact force, 0: the law as written (default: the model's)
# m, v and k, here and on a [space] axis, are numbers in SI or strings with a unit ("50g",
# "50cm/s"; k in N/m^n at the fixed n, a number when n is an axis); e, n and clamp are numbers.
[fixed]
m = 0.05
k = 1e8
v = 0.5
clamp = 1

# The swept parameters, one axis each. Axis kinds (x is a parameter name):
#   x = { values = [0.1, 0.5, 0.9] }                           the values listed
#   x = { linspace = { from = A, to = B, count = C } }         C values from A to B, B included
#   x = { logspace = { from = A, to = B, count = C } }         the same evenly in log (A, B > 0)
#   x = { range = { from = A, to = B, step = S } }             A, A+S, ... up to B included
#   m = { values = ["20g", "50g"] }                             a unit on every number of m, k, v
#   x = { random = { dist = "uniform", from = A, to = B } }    a draw per point ("loguniform":
#                                                               uniform in log)
[space]
# "cartesian": every combination (the last axis in alphabetical order varies fastest);
# "zipped": point i takes value i of every axis (axes of equal length).
combine = "cartesian"
# Random axes need both of these (the draw of point i depends on seed, axis and i only, so it is
# the same for any thread count, shard or resume):
#   samples = 1000      number of points drawn
#   seed = 2020         seed of the draws (an integer)
# max_points = 100000000    spaces larger than this are refused (a typo in a count or step);
#                           raise it for a larger sweep
n = { values = [1.0, 1.5] }
e = { linspace = { from = 0.1, to = 0.9, count = 5 } }

# Solver settings (optional; the values below are the defaults):
[solver]
rel_tol = 1e-10              # impact kernel: relative tolerance of the ODE solve
abs_tol = 1e-12              # impact kernel: absolute tolerance (dimensionless state, ~1)
cor_rel_tol = 1e-10          # calibrate: accepted |e_out - e| / e of each answer
calibration_rel_tol = 1e-12  # calibrate: relative tolerance of the ODE solves inside
calibration_abs_tol = 1e-14  # calibrate: their absolute tolerance (dimensionless state)
verify = true                # calibrate: confirm each answer by an ODE solve; false answers the
                             # clamped linear damper from the exact table (no solve, e_out blank)
)toml";
}

}  // namespace calib::studies
