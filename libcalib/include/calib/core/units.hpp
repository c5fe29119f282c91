#pragma once
// Quantities with a unit suffix on the command line: "207GPa", "5mm", "1kN/mm".
// Bare numbers are in the base unit: N, mm, MPa (N/mm²), N/mm.
#include <string>
#include <string_view>

namespace calib::units {

enum class Kind { stress, length, force, force_per_length };

// Value in the base unit of `kind` (MPa, mm, N, N/mm). InputError naming `field` for an
// unknown suffix, a unit of the wrong kind, or a non-number.
double parse(std::string_view text, Kind kind, std::string_view field);
// Scale factor of a unit name to the base unit of `kind` (e.g. "um" -> 1e-3 for length).
double factor(std::string_view unit, Kind kind, std::string_view field);

}  // namespace calib::units
