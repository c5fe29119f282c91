#include "calib/core/units.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::units {

namespace {
struct Unit {
  std::string_view name;
  Kind kind;
  double to_base;
};
// Base units: MPa, mm, N, N/mm.
constexpr Unit kUnits[] = {
    {"Pa", Kind::stress, 1e-6},
    {"kPa", Kind::stress, 1e-3},
    {"MPa", Kind::stress, 1.0},
    {"GPa", Kind::stress, 1e3},
    {"N/mm2", Kind::stress, 1.0},
    {"m", Kind::length, 1e3},
    {"cm", Kind::length, 10.0},
    {"mm", Kind::length, 1.0},
    {"um", Kind::length, 1e-3},
    {"µm", Kind::length, 1e-3},
    {"nm", Kind::length, 1e-6},
    {"N", Kind::force, 1.0},
    {"kN", Kind::force, 1e3},
    {"MN", Kind::force, 1e6},
    {"N/mm", Kind::force_per_length, 1.0},
    {"kN/mm", Kind::force_per_length, 1e3},
    {"N/m", Kind::force_per_length, 1e-3},
    {"kN/m", Kind::force_per_length, 1.0},
    {"MN/m", Kind::force_per_length, 1e3},
};
std::string_view kind_name(Kind k) {
  switch (k) {
    case Kind::stress:
      return "a stress (Pa, kPa, MPa, GPa)";
    case Kind::length:
      return "a length (m, cm, mm, um, nm)";
    case Kind::force:
      return "a force (N, kN, MN)";
    case Kind::force_per_length:
      return "a force per length (N/mm, kN/mm, N/m, kN/m, MN/m)";
  }
  return "?";
}
}  // namespace

double factor(std::string_view unit, Kind kind, std::string_view field) {
  if (unit.empty()) return 1.0;
  for (const Unit& u : kUnits)
    if (u.name == unit) {
      if (u.kind != kind)
        throw InputError(fmt::format("{}: unit '{}' is not {}", field, unit, kind_name(kind)));
      return u.to_base;
    }
  throw InputError(fmt::format("{}: unknown unit '{}'; expected {}", field, unit, kind_name(kind)));
}

double parse(std::string_view text, Kind kind, std::string_view field) {
  double value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec != std::errc() || ptr == first || !std::isfinite(value))
    throw InputError(fmt::format("{}: '{}' is not a number (with an optional unit, e.g. {})", field,
                                 text,
                                 kind == Kind::stress   ? "207GPa"
                                 : kind == Kind::length ? "5mm"
                                                        : "1kN/mm"));
  std::string_view unit(ptr, static_cast<std::size_t>(last - ptr));
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  return value * factor(unit, kind, field);
}

}  // namespace calib::units
