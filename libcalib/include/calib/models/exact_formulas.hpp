#pragma once
// Closed-form exact damping (no ODE): the hysteresis family's h*(e) from SF2020 eq. 39, the
// Butcher–Segalman linear damper at n = 1 (PN2020 eq. 55–56) and, through it, the Tsuji law at
// every n. The ODE-based inverse for every family is calibrate::calibrate_damping.

namespace calib::models {

// ---- hysteresis family (exact algebra, SF2020 eq. 39) --------------------------------
// h*(e): the root of h(1+e) = ln((1+h)/(1-e h)) in (0, 1/e), for e in (0, 1].
// Solved as f(h)/h² = 0 with the series Σ_{k≥2} h^{k-2}((-1)^k - e^k)/k for small h, so the
// trivial root h = 0 is divided out and e -> 1 keeps full relative accuracy.
double hysteresis_h_exact(double e);
// Forward map e(h) = [1 + W₀(-(1+h) e^{-(1+h)})]/h (principal Lambert W, Boost.Math);
// derived from eq. 39 with y = 1 - e h: y e^{-y} = (1+h) e^{-(1+h)}. Near the branch
// point (h -> 0, e -> 1) it loses digits (relative error ~1e-16/h²); use it as a check.
double hysteresis_e_of_h(double h);

// ---- linear damper, n = 1 (Butcher–Segalman, PN2020 eq. 55–56) ------------------------
// e(ξ) for m x'' + c x' + k x = 0 separating where the force vanishes, ξ = c/(2√(km)).
// Underdamped: e = exp(-ξ φ/√(1-ξ²)), φ = atan2(2ξ√(1-ξ²), 2ξ²-1) ∈ (0, π) — the quadrant
// PN2020 warns about for ξ < √2/2. Overdamped: e = ((ξ-q)/(ξ+q))^(ξ/q), q = √(ξ²-1).
// NOTE PN2020 eq. 55 prints the overdamped exponent as 2ξq/(2ξ²-1); that is a misprint
// (it disagrees with the ODE, see tests/calibrate_test.cpp); ξ/q is derived in the source
// comment of calibrate.cpp and agrees with the ODE to 1e-10.
double butcher_segalman_e(double xi);
double butcher_segalman_xi(double e);

// ---- Tsuji family, every n (c = χ√(mK)δ^{(n−1)/2}) ------------------------------------------
// With u = δ^{(n+1)/2} (energy time, impact/energy_time.hpp) the law is the n = 1 Kelvin–Voigt
// oscillator with damping ratio ξ = χ/√(2(n+1)) at every n, and a clamped law's force vanishes
// where that oscillator's does. So the exact χ is √(2(n+1))·ξ with ξ = ζ(e) of a linear
// oscillator for separation at δ = 0 (catalog.hpp damping_ratio_of_cor), and Butcher–Segalman's
// ξ above for separation at zero force (the clamp).
double tsuji_chi_exact(double e, double n, bool clamp);

}  // namespace calib::models
