#pragma once
// The generic impact equation behind every family (private: the impact layer integrates it).
#include "calib/core/contact_law.hpp"

namespace calib {

// Coefficients of the generic equation x'' + a x^p x' + A xⁿ = 0 with x'(0) = V.
// Indentation family: a = p = 0; restitution force A x_peakⁿ((x − x_perm)/(x_peak − x_perm))ⁿ.
struct GenericCoefficients {
  double A, a, p, n, V;
  bool clamp;
  bool indentation = false;
  double x_peak = 0, x_perm = 0;
};

// The hysteresis family's form, F = xⁿ(A + a x') (damping exponent p = n, no indentation).
inline bool has_hysteresis_form(const GenericCoefficients& c) { return !c.indentation && c.p == c.n; }
// The Tsuji family's form, F = A xⁿ + a x^((n−1)/2) x' (p = (n − 1)/2; at n = 1 the linear damper).
inline bool has_tsuji_form(const GenericCoefficients& c) {
  return !c.indentation && c.p == 0.5 * (c.n - 1.0);
}

GenericCoefficients generic_coefficients(const ContactLaw& law);
// The same impact written directly in physical units (A = K/m, a = damping/m·…, V = v);
// used to cross-check the scaling.
GenericCoefficients generic_coefficients(const PhysicalImpact& p);

}  // namespace calib
