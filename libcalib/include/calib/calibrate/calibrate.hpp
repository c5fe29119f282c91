#pragma once
// Exact inverse calibration: the damping that reproduces a desired e.
#include <optional>
#include <string>

#include "calib/core/contact_law.hpp"
#include "calib/impact/impact.hpp"
#include "calib/models/catalog.hpp"
#include "calib/models/exact_formulas.hpp"

namespace calib::calibrate {

// ---- ODE-based inverse for any family -------------------------------------------------
struct CalibrateOptions {
  double cor_rel_tol = 1e-10;  // |e_out - e|/e at the answer (PN2020 eq. 24)
  impact::ImpactOptions impact{.rel_tol = 1e-12, .abs_tol = 1e-14, .diagnostics = false};
  // Linear damper with clamp: start from the compiled-in ExactDamping table and take
  // Newton steps in ln ζ with the table's slope (usually 1–2 solves instead of ~8). Every
  // answer is still checked by an ODE solve against cor_rel_tol; bracketing is the fallback.
  bool use_table_guess = true;
  // false: where the table covers the law and its certified accuracy meets cor_rel_tol
  // (ExactDamping::kCertifiedRelErr = 1e-10), answer from the table alone — no ODE solve,
  // Calibration::e_out is NaN and `solves` 0 (issue #15: ~0.2 µs instead of one solve). Every
  // other case is solved and checked as usual.
  bool verify = true;

  bool IsValid(std::string* error) const;
};

struct Calibration {
  double damping = 0.0;  // h, ζ or χ (dimensionless, by family)
  double e_out = 0.0;    // check solve at `damping` (NaN for a table answer, verify = false)
  int solves = 0;        // number of impact solves used (0: the certified table's answer)

  std::string BriefReport() const;
};

// The dimensionless damping of `family` (exponent n, clamp) that gives e_out = e: the clamped
// linear damper through zeta_exact; the others from a closed-form guess, which one solve
// confirms where it is exact (hysteresis, indentation, Tsuji with or without the clamp), else
// bracketing + TOMS748 on e_out (viscoelastic, the unclamped linear damper).
// Throws InputError for e ∉ (0,1] or n ∉ [1,2]; ComputeError if it cannot reach the tolerance.
Calibration calibrate_damping(Family family, double n, bool clamp, double e,
                              const CalibrateOptions& options = {});

// ζ*(e, n) of the linear damper with separation at zero force (PN2020 eq. 23).
Calibration zeta_exact(double e, double n, const CalibrateOptions& options = {});

// c_opt(m, k, v, n, e) = ζ*(e,n)·m v/δ_m (the scale invariance of the dimensionless law, docs/method.md).
double c_opt(double m, double k, double v, double n, double e,
             const CalibrateOptions& options = {});

// c_opt found directly in SI units: Newton in ln c on impact::solve_physical_direct (the
// physical ODE, no scaling used), seeded by PN2020 eq. 49 and iterated (secant) until
// |e_out − e|/e ≤ cor_rel_tol. Used by the PN2020
// §4.2 scaling sweeps, where it demonstrates the exponents of eq. 34 instead of assuming them.
Calibration c_opt_direct(double m, double k, double v, double n, double e,
                         const CalibrateOptions& options = {});

// ζ of the linear damper by a c_opt method name (`calib copt --method`): "exact" (the
// ExactDamping table), "ode" (zeta_exact), "paper" (= poursina-nikravesh, PN2020 eq. 49) or any
// linear-damper catalog model. InputError for another family or an unknown name.
double zeta_by_method(const std::string& method, double e, double n);

// c_opt [N s/m] by a method name (zeta_by_method in SI units); InputError names a bad argument.
double c_opt_by_method(const std::string& method, double m, double k, double v, double n, double e);

// c_opt by a method name, checked by an impact solve at that damping (dimensionless, the
// calibration tolerances): what `calib copt` prints. InputError names a bad argument.
struct CoptResult {
  double zeta = 0.0, c = 0.0;  // dimensionless and SI (N s/m)
  double e_out_check = 0.0;    // e_out of the check solve
  double check_rel_tol = 0.0;  // its ODE tolerance
  double query_seconds = 0.0;  // time of the ζ query alone
};
CoptResult c_opt_checked(const std::string& method, double m, double k, double v, double n,
                         double e);

// The dimensionless law of any catalog model for a desired e: the model's closed form
// (models::law_for), or for models without one (`linear-damper`) the exact inverse zeta_exact.
ContactLaw law_for(const models::Model& model, double e, double n, std::optional<bool> clamp = {},
                   const CalibrateOptions& options = {});

}  // namespace calib::calibrate
