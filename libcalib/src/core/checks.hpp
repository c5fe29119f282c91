#pragma once
// Validation of physical parameters shared by every API entry point. Each check throws
// calib::InputError naming the parameter and the offending value.
#include <string_view>

namespace calib {

// Finite number (rejects NaN and +-Inf).
double require_finite(std::string_view name, double value);
// Strictly positive finite number (masses, stiffnesses, speeds, moduli).
double require_positive(std::string_view name, double value);
// Non-negative finite number (damping, rest lengths, gravity).
double require_non_negative(std::string_view name, double value);
// Coefficient of restitution e in (0, 1].
double require_cor(std::string_view name, double value);
// Hertz exponent n in [1, 2].
double require_exponent(std::string_view name, double value);
// Finite value in the closed interval [lo, hi].
double require_in_range(std::string_view name, double value, double lo, double hi);

}  // namespace calib
