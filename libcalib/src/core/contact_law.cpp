#include "calib/core/contact_law.hpp"
#include "core/generic_coefficients.hpp"

#include <cmath>

#include "core/checks.hpp"
#include "core/families.hpp"

namespace calib {

using detail::family_row;

std::string_view family_name(Family f) { return family_row(f).name; }

ImpactScales impact_scales(double m, double k, double v, double n) {
  require_positive("m (mass)", m);
  require_positive("k (stiffness)", k);
  require_positive("v (impact speed)", v);
  require_exponent("n", n);
  const double delta_m = std::pow((n + 1.0) * m * v * v / (2.0 * k), 1.0 / (n + 1.0));
  return {delta_m, delta_m / v, m * v * v / delta_m, m * v * v};
}

ContactLaw to_dimensionless(const PhysicalImpact& p) { return p.law.dimensionless(p.m, p.v); }

double to_physical_damping(Family f, double dimensionless, double m, double k, double v, double n) {
  const ImpactScales s = impact_scales(m, k, v, n);
  return family_row(f).to_physical(dimensionless, m, k, v, s);
}

ForceLaw to_force_law(const ContactLaw& law, double m, double k, double v) {
  return {law.family, k, law.n, to_physical_damping(law.family, law.damping, m, k, v, law.n),
          law.clamp};
}

std::string_view dimensionless_damping_key(Family f) { return family_row(f).dimensionless_key; }

std::string_view physical_damping_key(Family f) { return family_row(f).physical_key; }

GenericCoefficients generic_coefficients(const ContactLaw& law) {
  return family_row(law.family).generic(law);
}

GenericCoefficients generic_coefficients(const PhysicalImpact& p) {
  const ImpactScales s = p.law.scales(p.m, p.v);  // also validates
  return family_row(p.law.family).generic_physical(p, s);
}

}  // namespace calib
