#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/contact_law.hpp"
#include "calib/core/error.hpp"
#include "core/checks.hpp"
#include "core/families.hpp"

namespace calib {

double ForceLaw::force(double delta, double delta_dot, double m) const {
  const double d = std::max(delta, 0.0);
  const double dn = std::pow(d, n);
  const double f = k * dn + detail::family_row(family).damper(*this, d, dn, delta_dot, m);
  return clamp ? std::max(f, 0.0) : f;
}

double ForceLaw::indicator(double delta, double delta_dot, double m) const {
  if (!clamp) return delta;
  ForceLaw free = *this;
  free.clamp = false;
  return std::min(free.force(delta, delta_dot, m), delta);
}

ImpactScales ForceLaw::scales(double m, double v) const { return impact_scales(m, k, v, n); }

ContactLaw ForceLaw::dimensionless(double m, double v) const {
  const ImpactScales s = scales(m, v);
  require_finite("damping", damping);
  if (damping < 0) require_positive("damping", damping);
  if (rate_exponent != 1.0)
    throw InputError(
        fmt::format("rate_exponent: the impact solve takes a damper linear in the rate (1), got {}",
                    rate_exponent));
  return {family, n, detail::family_row(family).to_dimensionless(damping, m, k, v, s), clamp};
}

}  // namespace calib
