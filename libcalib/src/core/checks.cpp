#include "core/checks.hpp"

#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"

namespace calib {

double require_finite(std::string_view name, double value) {
  if (!std::isfinite(value))
    throw InputError(fmt::format("{} must be a finite number, got {}", name, value));
  return value;
}

double require_positive(std::string_view name, double value) {
  require_finite(name, value);
  if (!(value > 0.0)) throw InputError(fmt::format("{} must be > 0, got {}", name, value));
  return value;
}

double require_non_negative(std::string_view name, double value) {
  require_finite(name, value);
  if (!(value >= 0.0)) throw InputError(fmt::format("{} must be >= 0, got {}", name, value));
  return value;
}

double require_cor(std::string_view name, double value) {
  require_finite(name, value);
  if (!(value > 0.0 && value <= 1.0))
    throw InputError(
        fmt::format("{} (coefficient of restitution) must be in (0, 1], got {}", name, value));
  return value;
}

double require_exponent(std::string_view name, double value) {
  require_finite(name, value);
  if (!(value >= 1.0 && value <= 2.0))
    throw InputError(fmt::format("{} (Hertz exponent) must be in [1, 2], got {}", name, value));
  return value;
}

double require_in_range(std::string_view name, double value, double lo, double hi) {
  require_finite(name, value);
  if (!(value >= lo && value <= hi))
    throw InputError(fmt::format("{} must be in [{}, {}], got {}", name, lo, hi, value));
  return value;
}

std::string require_file_stem(std::string_view name, std::string_view value) {
  auto allowed = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '_' || c == '.';
  };
  bool ok = !value.empty() && value.size() <= 100 && value.front() != '.';
  for (char c : value) ok = ok && allowed(c);
  if (!ok)
    throw InputError(fmt::format(
        "{} must be a file name of 1 to 100 letters, digits, '-', '_' or '.' (not starting with "
        "'.'), got '{}'",
        name, value.substr(0, 100)));
  return std::string(value);
}

std::uint64_t require_seed(std::string_view name, std::int64_t value) {
  if (value < 0) throw InputError(fmt::format("{} (random seed) must be >= 0, got {}", name, value));
  return static_cast<std::uint64_t>(value);
}

void require_listed(std::string_view name, std::size_t count) {
  if (count == 0) throw InputError(fmt::format("{} must list at least one entry, got none", name));
}

void require_impact_scales(double m, double k, double v, double n) {
  units::check(m, units::mass, "m");
  units::check(k, units::contact_stiffness(n), "k");
  units::check(v, units::speed, "v");
}

}  // namespace calib
