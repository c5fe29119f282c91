#include "core/checks.hpp"

#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"

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

}  // namespace calib
