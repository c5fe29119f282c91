#pragma once
// The generic impact equation behind every family (private: the impact layer integrates it).
#include "calib/core/contact_law.hpp"

namespace calib {

// Coefficients of the generic equation x'' + a x^p x' + A xⁿ = 0 with x'(0) = V, and the family
// they came from. Indentation family: a = p = 0; restitution force
// A x_peakⁿ((x − x_perm)/(x_peak − x_perm))ⁿ.
struct GenericCoefficients {
  Family family;
  double A, a, p, n, V;
  bool clamp;
  double x_peak = 0, x_perm = 0;

  bool indentation() const { return family == Family::indentation; }
};

// The hysteresis family's form, F = xⁿ(A + a x').
inline bool has_hysteresis_form(const GenericCoefficients& c) {
  return c.family == Family::hysteresis;
}
// The Tsuji family's form, F = A xⁿ + a x^((n−1)/2) x': the Tsuji family, and the two laws whose
// damping power is (n − 1)/2 at one n — the linear damper at n = 1 (x⁰) and the viscoelastic law
// at n = 2 (x^(1/2)) — which are then the same equation and solved as it (energy time).
inline bool has_tsuji_form(const GenericCoefficients& c) {
  switch (c.family) {
    case Family::tsuji:
      return true;
    case Family::linear_damper:
      return c.n == 1.0;
    case Family::viscoelastic:
      return c.n == 2.0;
    default:
      return false;
  }
}

GenericCoefficients generic_coefficients(const ContactLaw& law);
// The same impact written directly in physical units (A = K/m, a = damping/m·…, V = v);
// used to cross-check the scaling.
GenericCoefficients generic_coefficients(const PhysicalImpact& p);

}  // namespace calib
