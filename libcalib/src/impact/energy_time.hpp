#pragma once
// Private to libcalib/src: the hysteresis (Hunt–Crossley type, F = K δⁿ + C δⁿ δ') and Tsuji
// (F = K δⁿ + χ√(mK) δ^((n−1)/2) δ') families solved in energy time. impact.cpp hands
// it every such law; it answers nullopt when the explicit stepper's budget runs out (very large
// damping: stiff), and the τ solve takes over.
//
// The change of variables. With q = c x^((n+1)/2), c = √(2A/(n+1)) (so the spring energy A
// x^(n+1)/(n+1) is q²/2) and the time dτ = ds / (c (n+1)/2 · x^((n−1)/2)), the generic equation
// x'' = −A xⁿ − a x^p x' becomes, for every n,
//   q' = v,   v' = −q − D v,   W' = D v²   (W: work of the damping force per unit mass),
// with D = b q, b = a/A for the hysteresis family (p = n; b is SF2020 eq. 38's h in the
// dimensionless solve) and D = b = 2a/(c (n+1)) for the Tsuji family (p = (n−1)/2: dτ/ds takes
// x^((n−1)/2) out of its damper, and it becomes the linear oscillator q'' + b q' + q = 0, the
// u = δ^((n+1)/2) reduction; b = χ/√κ in the dimensionless solve). Three consequences:
//  * no xⁿ and no pow in the right-hand side, and no non-smooth end: q and v are analytic in s,
//    so the 7(8) stepper runs from contact to separation (in τ, xⁿ's unbounded derivatives at
//    δ = 0 forced Dormand–Prince at both ends and made the rebound creep at small e, and an
//    overdamped Tsuji creep was stiff);
//  * n is gone: e_out depends on b alone (the known result behind SF2020 eq. 39; for Tsuji the
//    damped oscillator's e = exp(−πζ/√(1−ζ²)), ζ = b/2), and n only enters the reported δ_max,
//    F_max, δ_sep and t_contact, each one power;
//  * separation is q = 0, a simple root (clamped: F = 0, which for the Tsuji family is
//    q + b v = 0, reached before q = 0; the hysteresis family's F = xⁿ(A + a v) never reaches 0
//    before δ = 0: v → −1/b only asymptotically).
// The price is the contact time: τ = k ∫ q^(−β) ds, β = (n−1)/(n+1), an integrable singularity
// at each end where q = 0. It is integrated after the solve (energy_time.cpp: closed-form series
// at those ends, Gauss–Legendre panels between).
#include <optional>

#include "core/generic_coefficients.hpp"
#include "impact/contact.hpp"

namespace calib::impact::detail {

// The hysteresis (x^p = xⁿ) and Tsuji (x^p = x^((n−1)/2)) families, without indentation.
bool solvable_in_energy_time(const GenericCoefficients& c);

// The steps and RHS evaluations a hand-over to τ leaves behind (they count in the solve's totals).
struct Spent {
  std::size_t steps = 0, evaluations = 0;
};

// The contact in energy time; nullopt when h is so large that the explicit steps (~h/5) would
// exceed options.stiff_after, or when that budget is spent before separation (then `spent`
// says what it cost).
std::optional<RawResult> integrate_energy_time(const GenericCoefficients& c,
                                               const ImpactOptions& options, Spent& spent);

}  // namespace calib::impact::detail
