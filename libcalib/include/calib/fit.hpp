#pragma once
// Least-squares fits, all through Ceres Solver (AutoDiff cost functors). Ceres stays
// inside fit*.cpp; callers see a FitReport.
#include <cmath>
#include <string>
#include <vector>

namespace calib::fit {

struct FitReport {
  std::vector<double> parameters;
  double residual_rms = 0.0;
  double residual_max = 0.0;
  bool converged = false;
  int iterations = 0;
  std::vector<double> standard_errors;  // when requested: √diag(σ² (JᵀJ)⁻¹), σ² = Σr²/(N − p)
  std::string BriefReport() const;
};

// One-parameter fit of h = k(1-e)/e (SF2020 eq. 55 with k = 2/(5I)) to samples h(e),
// minimising Σ [100 (k(1-e)/e - h)/h]² — the RMS percentage error of SF2020 Table 2.
FitReport fit_hysteresis_k(const std::vector<double>& e, const std::vector<double>& h);

// ---- PN2020 damping fits (fit_damping.cpp) --------------------------------------------
// c = α(e^β − 1) (PN2020 eq. 45) by unweighted least squares on c; parameters {α, β}.
// Started from the e → 0 asymptote α = 1, β = −1/(n+1) given as `beta_start`.
FitReport fit_alpha_beta(const std::vector<double>& e, const std::vector<double>& c, double beta_start);
// y = Σ_{i≤degree} p_i x^i (PN2020 eq. 46 is a quartic); parameters {p_0, …, p_degree}.
FitReport fit_polynomial(const std::vector<double>& x, const std::vector<double>& y, int degree);
// y = p x^q + r (PN2020 eq. 47); parameters {p, q, r}.
FitReport fit_power_offset(const std::vector<double>& x, const std::vector<double>& y,
                           const std::vector<double>& start);
// y = a + b x (the slopes β₁, β₂, β₃ of PN2020 eq. 36, 39, 42); parameters {a, b}.
FitReport fit_line(const std::vector<double>& x, const std::vector<double>& y);

// libcalib closed form for the linear damper (issue #5), dimensionless:
//   ζ(e, n) = κ^{1/(n+1)} (e^{−1/(n+1)} − 1) · exp(t·Q(t, n)),  κ = (n+1)/2, t = e^{1/(n+1)},
//   Q = Σ_{i<ne} Σ_{j<nn} q_ij tⁱ (n − 3/2)^j.
// t rather than e: ζ* changes on the scale of e^{1/(n+1)} (e.g. e ~ 0.03 is t ~ 0.2–0.3), which
// a polynomial in e cannot follow on [1e-4, 1].
// It honours the exact e → 0 limit (PN2020 eq. 33: ζ → (κ/e)^{1/(n+1)}) by construction,
// and Q(1, n) carries the e → 1 slope. Coefficients row-major q[i*nn + j].
template <class T>
T closed_form_zeta(const T* q, int ne, int nn, double e, double n) {
  const double a = 1.0 / (n + 1.0);
  const double t = std::pow(e, a);
  T Q = T(0.0);
  double ei = 1.0;
  for (int i = 0; i < ne; ++i, ei *= t) {
    double nj = 1.0;
    for (int j = 0; j < nn; ++j, nj *= n - 1.5) Q += q[i * nn + j] * (ei * nj);
  }
  using std::exp;
  return std::pow(0.5 * (n + 1.0), a) * (1.0 / t - 1.0) * exp(t * Q);
}
// Weighted least squares of w_i (ln ζ_fit − ln ζ_i); with w = |de/d ln ζ| the residual is
// the first-order error in e_out. `minimax_rounds` > 0 re-weights (Lawson) towards the
// smallest worst-case error.
FitReport fit_closed_form(const std::vector<double>& e, const std::vector<double>& n,
                          const std::vector<double>& zeta, const std::vector<double>& weight, int ne,
                          int nn, int minimax_rounds);

// ---- power law y = K xⁿ (cylindrical K–n fits, issue #6; fit_power_law.cpp) ------------
enum class Weighting { none, relative };  // residual K xⁿ − y, or (K xⁿ − y)/y
enum class Loss { none, huber, cauchy };  // robust loss for measured data
// Started from the log–log line; parameters {K, n}; standard errors from Ceres' covariance.
FitReport fit_power_law(const std::vector<double>& x, const std::vector<double>& y, Weighting weighting,
                        Loss loss = Loss::none, double loss_scale = 1.0);

}  // namespace calib::fit
