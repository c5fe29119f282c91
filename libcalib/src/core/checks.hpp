#pragma once
// Validation of physical parameters shared by every API entry point. Each check throws
// calib::InputError naming the parameter and the offending value.
#include <cstddef>
#include <cstdint>
#include <string>
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
// An impact's mass m, contact stiffness k (N/m^n) and speed v within the ranges the command line
// accepts (core/units), so every door gives the same verdict.
void require_impact_scales(double m, double k, double v, double n);
// Finite value in the closed interval [lo, hi].
double require_in_range(std::string_view name, double value, double lo, double hi);
// A name that becomes a file name inside an output folder (a study's `stem`): 1 to 100
// letters, digits, '-', '_' or '.', not starting with '.' — so no '/', no "..", nothing that
// leaves the folder or hides the file.
std::string require_file_stem(std::string_view name, std::string_view value);
// A random seed: a whole number >= 0 (a negative one would wrap to a huge unsigned seed).
std::uint64_t require_seed(std::string_view name, std::int64_t value);
// A list that must name at least one entry (an axis, a formula list): InputError otherwise.
void require_listed(std::string_view name, std::size_t count);

}  // namespace calib
