#include "calib/core/contact_law.hpp"
#include "core/generic_coefficients.hpp"

#include <cmath>
#include <stdexcept>

#include "core/checks.hpp"

namespace calib {

std::string_view family_name(Family f) {
  switch (f) {
    case Family::hysteresis:
      return "hysteresis";
    case Family::linear_damper:
      return "linear-damper";
    case Family::tsuji:
      return "tsuji";
    case Family::indentation:
      return "indentation";
    case Family::viscoelastic:
      return "viscoelastic";
  }
  return "?";
}

ImpactScales impact_scales(double m, double k, double v, double n) {
  require_positive("m (mass)", m);
  require_positive("k (stiffness)", k);
  require_positive("v (impact speed)", v);
  require_exponent("n", n);
  const double delta_m = std::pow((n + 1.0) * m * v * v / (2.0 * k), 1.0 / (n + 1.0));
  return {delta_m, delta_m / v, m * v * v / delta_m, m * v * v};
}

ContactLaw to_dimensionless(const PhysicalImpact& p) {
  const ImpactScales s = impact_scales(p.m, p.k, p.v, p.n);
  require_finite("damping", p.damping);
  if (p.damping < 0) require_positive("damping", p.damping);
  ContactLaw law{p.family, p.n, 0.0, p.clamp};
  switch (p.family) {
    case Family::hysteresis:
      law.damping = p.damping * p.v / p.k;
      break;  // SF2020 eq. 38
    case Family::linear_damper:
      law.damping = p.damping * s.delta_m / (p.m * p.v);
      break;
    case Family::tsuji:
      law.damping = p.damping;
      break;  // χ is already dimensionless
    case Family::indentation:
      law.damping = p.damping / s.delta_m;
      break;  // x_p = δ_p/δ_m
    case Family::viscoelastic:  // C δ^{1/2} δ' = (m v²/δ_m)·[C δ_m^{3/2}/(m v)] x^{1/2} x'
      law.damping = p.damping * std::pow(s.delta_m, 1.5) / (p.m * p.v);
      break;
  }
  return law;
}

double to_physical_damping(Family f, double dimensionless, double m, double k, double v, double n) {
  const ImpactScales s = impact_scales(m, k, v, n);
  switch (f) {
    case Family::hysteresis:
      return dimensionless * k / v;
    case Family::linear_damper:
      return dimensionless * m * v / s.delta_m;
    case Family::tsuji:
      return dimensionless;
    case Family::indentation:
      return dimensionless * s.delta_m;  // δ_p
    case Family::viscoelastic:
      return dimensionless * m * v / std::pow(s.delta_m, 1.5);
  }
  return dimensionless;
}

std::string_view dimensionless_damping_key(Family f) {
  switch (f) {
    case Family::hysteresis: return "h";
    case Family::linear_damper: return "zeta";
    case Family::tsuji: return "chi";
    case Family::indentation: return "delta_p_over_delta_m";
    case Family::viscoelastic: return "eta";
  }
  return "damping";
}

std::string_view physical_damping_key(Family f) {
  switch (f) {
    case Family::hysteresis: return "C";          // F = K δⁿ + C δⁿ δ', C in N*s/m^(n+1)
    case Family::linear_damper: return "c";       // F = K δⁿ + c δ', c in N*s/m
    case Family::tsuji: return "chi";             // c = χ √(m K) δ^{(n−1)/2}: no other
    case Family::indentation: return "delta_p";   // permanent indentation, m
    case Family::viscoelastic: return "C_visco";  // F = K δⁿ + C δ^{1/2} δ', C in N*s/m^(3/2)
  }
  return "damping";
}

GenericCoefficients generic_coefficients(const ContactLaw& law) {
  const double kappa = 0.5 * (law.n + 1.0);
  switch (law.family) {
    case Family::hysteresis:
      return {law.family, kappa, kappa * law.damping, law.n, law.n, 1.0, law.clamp};
    case Family::linear_damper:
      return {law.family, kappa, law.damping, 0.0, law.n, 1.0, law.clamp};
    case Family::tsuji:
      return {law.family, kappa, law.damping * std::sqrt(kappa), 0.5 * (law.n - 1.0), law.n, 1.0,
              law.clamp};
    case Family::indentation:  // compression is elastic, so x_peak = 1 exactly (eq. 94)
      return {law.family, kappa, 0.0, 0.0, law.n, 1.0, true, 1.0, law.damping};
    case Family::viscoelastic:
      return {law.family, kappa, law.damping, 0.5, law.n, 1.0, law.clamp};
  }
  throw std::logic_error("generic_coefficients: unknown family");
}

GenericCoefficients generic_coefficients(const PhysicalImpact& p) {
  const ImpactScales s = impact_scales(p.m, p.k, p.v, p.n);  // also validates
  const double A = p.k / p.m;
  switch (p.family) {
    case Family::hysteresis:
      return {p.family, A, p.damping / p.m, p.n, p.n, p.v, p.clamp};
    case Family::linear_damper:
      return {p.family, A, p.damping / p.m, 0.0, p.n, p.v, p.clamp};
    case Family::tsuji:
      return {p.family, A, p.damping * std::sqrt(p.k / p.m), 0.5 * (p.n - 1.0), p.n, p.v, p.clamp};
    case Family::indentation:
      return {p.family, A, 0.0, 0.0, p.n, p.v, true, s.delta_m, p.damping};
    case Family::viscoelastic:
      return {p.family, A, p.damping / p.m, 0.5, p.n, p.v, p.clamp};
  }
  throw std::logic_error("generic_coefficients: unknown family");
}

}  // namespace calib
