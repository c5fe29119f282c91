#pragma once
// Physical quantities as text, the one rule of every input (command line, TOML config, Python):
// a bare number is SI ("207e9" is 207e9 Pa for a modulus, "0.005" is 5 mm for a length); a unit
// suffix is accepted everywhere ("207GPa", "5mm", "1kN/mm", "3 m/s", "2.5g", "10N*s/m").
//
// Units: m, g, s, N, Pa, J, Hz, bar with the SI prefixes p n u µ m c d k M G T (BIPM SI
// Brochure, 9th ed., Table 7), combined with '*', '·', a space or '/', each factor with an
// optional exponent ("m^2", "m2", "m²", "m^-1", "m^1.5"). '/' divides by the next factor
// only, read left to right: "N*s/m" = N·s·m⁻¹, "kg/m/s" = kg·m⁻¹·s⁻¹.
//
// Each quantity has a dimension (powers of kg, m, s) and an accepted range in SI; a unit of the
// wrong dimension, an unknown unit, a non-number or a value outside the range is an InputError
// that names the field and the text.
#include <string>
#include <string_view>

namespace calib::units {

// Powers of the SI base units kg, m, s (real exponents: a contact stiffness is N/m^n).
struct Dimension {
  double kg = 0, m = 0, s = 0;
};

struct Quantity {
  std::string_view name;     // "a Young's modulus": used in messages
  Dimension dim;
  std::string_view si_unit;  // "Pa": the unit of a bare number
  double lo, hi;             // accepted range in SI
  bool lo_open = false;      // (lo, ...] instead of [lo, ...]
  std::string_view example;  // "207GPa": shown when the text is not a number
};

// The quantities libcalib reads, with the ranges a user of contact mechanics may need (from
// nanoparticles to ships; docs/config.md lists them with the reasons).
inline constexpr Quantity youngs_modulus{"a Young's modulus", {1, -1, -2}, "Pa", 1e3, 1e13,
                                         false, "207GPa"};
inline constexpr Quantity poisson_ratio{"a Poisson ratio", {}, "", -1.0, 0.5, true, "0.3"};
// Sizes: radii, clearances, contact lengths, bar lengths.
inline constexpr Quantity length{"a length", {0, 1, 0}, "m", 1e-9, 1e4, false, "5mm"};
// Rest lengths, heights and offsets that may be zero.
inline constexpr Quantity distance{"a distance", {0, 1, 0}, "m", 0.0, 1e4, false, "0.5m"};
// Signed coordinates.
inline constexpr Quantity position{"a position", {0, 1, 0}, "m", -1e4, 1e4, false, "0.1m"};
inline constexpr Quantity mass{"a mass", {1, 0, 0}, "kg", 1e-18, 1e9, false, "2.5g"};
inline constexpr Quantity inertia{"a moment of inertia", {1, 2, 0}, "kg*m^2", 1e-30, 1e12,
                                  false, "0.01kg*m^2"};
inline constexpr Quantity density{"a density", {1, -3, 0}, "kg/m^3", 0.1, 1e5, false,
                                  "7850kg/m^3"};
// Impact speeds (> 0) and signed velocities; 10 km/s bounds hypervelocity impact.
inline constexpr Quantity speed{"an impact speed", {0, 1, -1}, "m/s", 1e-9, 1e4, false, "3m/s"};
inline constexpr Quantity velocity{"a velocity", {0, 1, -1}, "m/s", -1e4, 1e4, false, "-1m/s"};
inline constexpr Quantity acceleration{"an acceleration", {0, 1, -2}, "m/s^2", -1e6, 1e6, false,
                                       "9.81m/s^2"};
inline constexpr Quantity force{"a force", {1, 1, -2}, "N", 0.0, 1e12, false, "1kN"};
inline constexpr Quantity line_load{"a force per length", {1, 0, -2}, "N/m", 1e-6, 1e12, false,
                                    "1kN/mm"};
inline constexpr Quantity spring_stiffness{"a spring stiffness", {1, 0, -2}, "N/m", 0.0, 1e15,
                                           false, "1kN/mm"};
// The k_n of a linear (Hooke) contact law: > 0.
inline constexpr Quantity hooke_stiffness{"a Hooke contact stiffness", {1, 0, -2}, "N/m", 0.0, 1e15,
                                          true, "1kN/mm"};
inline constexpr Quantity damping{"a damping coefficient", {1, 0, -1}, "N*s/m", 0.0, 1e12, false,
                                  "10N*s/m"};
inline constexpr Quantity duration{"a duration", {0, 0, 1}, "s", 1e-12, 1e9, false, "10ms"};
// A signed instant on a record's clock (the contact start t0 of an impact record).
inline constexpr Quantity instant{"a time", {0, 0, 1}, "s", -1e9, 1e9, false, "2ms"};
// A rate such as Baumgarte's 1/s: written "10Hz" or "10 s^-1".
inline constexpr Quantity rate{"a rate", {0, 0, -1}, "1/s", 0.0, 1e12, false, "10Hz"};

// Contact stiffness K of F = K δⁿ: N/m^n, a dimension that depends on n.
Quantity contact_stiffness(double n);
// The α of PINSLOT eq. 153, F = Kδⁿ + (3/2)αK|δ|ⁿ sgn(δ̇)|δ̇|ᵐ: (s/m)^m, so that α|δ̇|ᵐ is
// dimensionless; s/m for the usual m = 1.
Quantity damping_factor(double m);

// A quantity of the dimension of `unit` ("s/m", "1/(m*s)"; "-", "1" or "" for none), for values
// whose unit is data (a code's typed value, a fitted law's damping); the views must outlive it.
// InputError for a unit that is not one.
Quantity quantity_of_unit(std::string_view name, std::string_view unit, double lo, double hi,
                          std::string_view example);

// The value of `text` in SI, range-checked against `q`. InputError naming `field` otherwise.
double parse(std::string_view text, const Quantity& q, std::string_view field);
// The value of `text` in `unit` (a unit of q's dimension, e.g. "MPa"): a value written in
// `unit` comes back unchanged, bit for bit; range-checked in SI like parse().
double parse_in(std::string_view text, const Quantity& q, std::string_view field,
                std::string_view unit);
// An SI number (Python, a TOML number) checked against q's range: InputError naming `field`.
double check(double si, const Quantity& q, std::string_view field);
// The factor from `unit` to `target` ("um" to "mm" -> 1e-3; "" is SI); InputError naming
// `field` for an unknown unit or one of another dimension than q's.
double factor(std::string_view unit, std::string_view target, const Quantity& q,
              std::string_view field);
// "[1e+03, 1e+13] Pa", "(-1, 0.5]": the accepted range as messages and docs write it.
std::string range_text(const Quantity& q);

}  // namespace calib::units
