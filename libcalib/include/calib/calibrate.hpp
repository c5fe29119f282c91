#pragma once
// Exact inverse calibration (SPEC §2 item 2): the damping that reproduces a desired e.
#include "calib/contact_law.hpp"
#include "calib/impact.hpp"

namespace calib::calibrate {

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

// ---- ODE-based inverse for any family -------------------------------------------------
struct CalibrateOptions {
  double cor_rel_tol = 1e-10;  // |e_out - e|/e at the answer (PN2020 eq. 24)
  impact::ImpactOptions impact{1e-12, 1e-14, 52, 1'000'000, false};
  // Linear damper with clamp: start from the compiled-in ExactDamping table and take
  // Newton steps in ln ζ with the table's slope (usually 1–2 solves instead of ~8). Every
  // answer is still checked by an ODE solve against cor_rel_tol; bracketing is the fallback.
  bool use_table_guess = true;
};

struct Calibration {
  double damping = 0.0;   // h, ζ or χ (dimensionless, by family)
  double e_out = 0.0;     // check solve at `damping`
  int solves = 0;         // number of impact solves used
};

// The dimensionless damping of `family` (exponent n, clamp) that gives e_out = e.
// Throws InputError for e ∉ (0,1] or n ∉ [1,2]; ComputeError if it cannot reach the tolerance.
Calibration calibrate_damping(Family family, double n, bool clamp, double e,
                              const CalibrateOptions& options = {});

// ζ*(e, n) of the linear damper with separation at zero force (PN2020 eq. 23).
Calibration zeta_exact(double e, double n, const CalibrateOptions& options = {});

// c_opt(m, k, v, n, e) = ζ*(e,n)·m v/δ_m (SPEC §1 scale invariance).
double c_opt(double m, double k, double v, double n, double e, const CalibrateOptions& options = {});

// c_opt found directly in SI units: Newton in ln c on impact::solve_physical_direct (the
// physical ODE, no scaling used), seeded by PN2020 eq. 49 and iterated (secant) until
// |e_out − e|/e ≤ cor_rel_tol. Used by the PN2020
// §4.2 scaling sweeps, where it demonstrates the exponents of eq. 34 instead of assuming them.
Calibration c_opt_direct(double m, double k, double v, double n, double e, const CalibrateOptions& options = {});

}  // namespace calib::calibrate
