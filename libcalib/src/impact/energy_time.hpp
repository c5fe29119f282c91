#pragma once
// Private to libcalib/src: the hysteresis family (Hunt–Crossley type, F = K δⁿ + C δⁿ δ') solved
// in energy time (issue #15). impact.cpp hands it every hysteresis law; it answers nullopt when
// the explicit stepper's budget runs out (very large h: stiff), and the τ solve takes over.
//
// The change of variables. With q = c x^((n+1)/2), c = √(2A/(n+1)) (so the spring energy A
// x^(n+1)/(n+1) is q²/2) and the time dτ = ds / (c (n+1)/2 · x^((n−1)/2)), the generic equation
// x'' = −(A + a x') xⁿ becomes, for every n (b = a/A, the SF2020 eq. 38 number h in the
// dimensionless solve):
//   q' = v,   v' = −q (1 + b v),   W' = b q v²   (W: work of the damping force per unit mass).
// Three consequences:
//  * no xⁿ and no pow in the right-hand side, and no non-smooth end: q and v are analytic in s,
//    so the 7(8) stepper runs from contact to separation (in τ, xⁿ's unbounded derivatives at
//    δ = 0 forced Dormand–Prince at both ends and made the rebound creep at small e);
//  * n is gone: e_out of a hysteresis law depends on h alone (the known result behind SF2020
//    eq. 39), and n only enters the reported δ_max, F_max, δ_sep and t_contact, each one power;
//  * separation is q = 0 (or, clamped, F = xⁿ(A + a v) = 0, i.e. 1 + b v = 0), a simple root.
// The price is the contact time: τ = k ∫ q^(−β) ds, β = (n−1)/(n+1), an integrable singularity
// at both ends. It is integrated after the solve (energy_time.cpp: closed-form series at the
// two ends, Gauss–Legendre panels between).
#include <optional>

#include "core/generic_coefficients.hpp"
#include "impact/impact_detail.hpp"

namespace calib::impact::detail {

// The hysteresis family without indentation: x^p = xⁿ.
bool solvable_in_energy_time(const GenericCoefficients& c);

// The contact in energy time; nullopt when h is so large that the explicit steps (~h/5) would
// exceed options.stiff_after, or when that budget is spent before separation.
std::optional<RawResult> integrate_energy_time(const GenericCoefficients& c,
                                               const ImpactOptions& options);

}  // namespace calib::impact::detail
