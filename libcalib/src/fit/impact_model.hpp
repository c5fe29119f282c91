#pragma once
// e(v; K, n, d) of one law and its derivatives, for the Ceres residuals (private).
//
// Every law is e = E(D, n), D = d·D₁(K, n, v) the dimensionless damping number (D₁: D at unit
// damping parameter, linear in d for all four laws; calib/core/contact_law.hpp). So
//   ∂e/∂d = E_D·D₁,   ∂e/∂K = E_D·d·∂D₁/∂K,   ∂e/∂n = ∂E/∂n|_D + E_D·d·∂D₁/∂n,
// exact by the scaling; only E_D and ∂E/∂n|_D need the solve. They are central differences of
// the solve, whose result carries an error ε ≈ rel_tol that does not vary smoothly with the
// parameters (adaptive steps). A central difference with relative step s then errs by
// ~ s²·|E'''|/6 (truncation) + ε/s (noise); s = ε^{1/3} balances the two at ~ε^{2/3} relative:
// 1e-4 and ~1e-8 at rel_tol = 1e-12. D₁ is closed form (roundoff only): step 1e-6.
// Near D = 0 or a bound of n the difference is one-sided with step √ε (error ~√ε).
#include <array>

#include "calib/fit/fit_impact.hpp"

namespace calib::fit::detail {

struct RestitutionSample {
  double e = 0.0;
  std::array<double, 3> gradient{0.0, 0.0, 0.0};  // ∂e/∂K, ∂e/∂n, ∂e/∂d
};

// Contact duration [s] and peak force [N] at one speed, and their gradients in (K, n, d).
struct ContactSample {
  double t_contact = 0.0, f_max = 0.0;
  std::array<double, 3> t_gradient{0.0, 0.0, 0.0}, f_gradient{0.0, 0.0, 0.0};
};

class RestitutionModel {
 public:
  RestitutionModel(ImpactLaw law, double m, const impact::ImpactOptions& options);
  // e at speed v; the gradient entries flagged in `need` (K, n, d). False when a solve fails
  // or a parameter is outside the law's range (a trial step of the fit): Ceres then rejects
  // the step.
  bool evaluate(const ImpactLawParameters& p, double v, const std::array<bool, 3>& need,
                RestitutionSample* out) const;
  // t_contact and f_max; their gradients by central differences of the physical solve in each
  // flagged parameter (relative step rel_tol^{1/3}, one-sided at a bound), the same balance of
  // truncation and solver noise as above.
  bool evaluate_contact(const ImpactLawParameters& p, double v, const std::array<bool, 3>& need,
                        ContactSample* out) const;

 private:
  bool solve_contact(const ImpactLawParameters& p, double v, double* t, double* f) const;
  double unit_damping_number(double K, double n, double v) const;  // D₁
  bool solve(double D, double n, double* e) const;                  // E(D, n)

  ImpactLaw law_;
  double m_;
  impact::ImpactOptions options_;
  Family family_;
  bool clamp_;
};

}  // namespace calib::fit::detail
