#pragma once
// Private to libcalib/src: the start of a linear-damper contact (F = A xⁿ + a x', p = 0) in
// closed form, a series in τ and s = τ^(n+1) ("a series start"). impact.cpp steps on
// from where it ends instead of crawling up xⁿ's singular start with pow in every evaluation.
//
// The expansion. x'' + a x' + A xⁿ = 0, x(0) = 0, x'(0) = V has the solution
//   x(τ) = τ Σ_j s^j P_j(τ),   s = τ^(n+1),
// with P_j power series in τ: level 0 is the free damped motion, P_0 = V (1 − e^(−aτ))/(aτ), and
// each further level is driven by the spring force of the ones before. With xⁿ = τⁿ Σ_j s^j W_j,
//   W_0 = P_0ⁿ,  W_j = Σ_{i=1..j} ((n + 1) i − j) P_i W_{j−i} / (j P_0)
// (J.C.P. Miller's power recurrence, taken in s with τ-series coefficients), and level j solves
//   x_j'' + a x_j' = −A τⁿ s^(j−1) W_{j−1},   x_j = τ^(1 + j(n+1)) P_j,
// term by term: with μ = j(n+1) − 1 and r_k the τ^(μ+k) coefficient of the right-hand side,
//   (μ + k + 2)(μ + k + 1) d_k + a (μ + k + 1) d_{k−1} = r_k   (d_k: P_j's coefficients).
// Every series is analytic in τ (radius set by a): the non-integer powers sit in s alone, so no
// coefficient needs a pow, and the point where the series stops is chosen so that the first
// level left out and the τ-terms left out are both below the tolerance.
#include <optional>

#include "core/generic_coefficients.hpp"

namespace calib::impact::detail {

// The state the series reaches: τ, x, x', the damping work ∫ a x'² dτ, and the largest force
// A xⁿ + a x' on the way (at τ = 0 it is a V: a linear damper acts from first touch).
struct SeriesStart {
  double tau = 0, x = 0, v = 0, work = 0, f_max = 0;
};

// The series start of a linear damper (c.p = 0, no indentation), carried towards where x
// reaches x_reach or x' falls to v_reach, and less far where the series would not meet rel_tol
// there or (peak_force) where the force might peak inside the stretch. nullopt where it cannot be
// used (the stepper then starts from contact as before).
std::optional<SeriesStart> series_start(const GenericCoefficients& c, double rel_tol,
                                        double x_reach, double v_reach, bool peak_force);

}  // namespace calib::impact::detail
