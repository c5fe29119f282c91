#pragma once
// Least-squares fits, all through Ceres Solver (AutoDiff cost functors). Ceres stays
// inside fit*.cpp; callers see a FitReport.
#include <cmath>
#include <string>
#include <vector>

#include "calib/models/closed_form.hpp"

namespace calib::fit {

class FitMonitor;

enum class Weighting { none, relative };  // residual K xⁿ − y, or (K xⁿ − y)/y (power law)
enum class Loss { none, huber, cauchy };  // robust loss for measured data (power law)

// Options of every fit (Ceres Solver::Options shape). The tolerances are tight on purpose: our
// data are exact to ~1e-10, so the fits should stop on the data, not on the solver.
struct FitOptions {
  double function_tolerance = 1e-16;
  double gradient_tolerance = 1e-16;
  double parameter_tolerance = 1e-15;
  int max_iterations = 500;
  Weighting weighting = Weighting::none;  // fit_power_law
  Loss loss = Loss::none;                 // fit_power_law
  double loss_scale = 1.0;                // robust loss scale, in residual units
  FitMonitor* monitor = nullptr;          // progress and Ctrl-C of a long fit (fit_monitor.hpp)

  bool IsValid(std::string* error) const;
};

struct FitReport {
  std::vector<double> parameters;
  double residual_rms = 0.0;
  double residual_max = 0.0;
  bool converged = false;
  int iterations = 0;
  std::vector<double> standard_errors;  // when requested: √diag(σ² (JᵀJ)⁻¹), σ² = Σr²/(N − p)
  std::string BriefReport() const;  // one line
  std::string FullReport() const;   // parameters with standard errors, residuals, convergence
};

// One-parameter fit of h = k(1-e)/e (SF2020 eq. 55 with k = 2/(5I)) to samples h(e),
// minimising Σ [100 (k(1-e)/e - h)/h]² — the RMS percentage error of SF2020 Table 2.
FitReport fit_hysteresis_k(const std::vector<double>& e, const std::vector<double>& h,
                           const FitOptions& options = {});

// ---- PN2020 damping fits (fit_damping.cpp) --------------------------------------------
// c = α(e^β − 1) (PN2020 eq. 45) by unweighted least squares on c; parameters {α, β}.
// Started from the e → 0 asymptote α = 1, β = −1/(n+1) given as `beta_start`.
FitReport fit_alpha_beta(const std::vector<double>& e, const std::vector<double>& c,
                         double beta_start, const FitOptions& options = {});
// y = Σ_{i≤degree} p_i x^i (PN2020 eq. 46 is a quartic); parameters {p_0, …, p_degree}.
FitReport fit_polynomial(const std::vector<double>& x, const std::vector<double>& y, int degree,
                         const FitOptions& options = {});
// y = p x^q + r (PN2020 eq. 47); parameters {p, q, r}.
FitReport fit_power_offset(const std::vector<double>& x, const std::vector<double>& y,
                           const std::vector<double>& start, const FitOptions& options = {});
// y = a + b x (the slopes β₁, β₂, β₃ of PN2020 eq. 36, 39, 42); parameters {a, b}.
FitReport fit_line(const std::vector<double>& x, const std::vector<double>& y,
                   const FitOptions& options = {});

// The closed form itself is models::closed_form_zeta_q (calib/models/closed_form.hpp).
// Weighted least squares of w_i (ln ζ_fit − ln ζ_i); with w = |de/d ln ζ| the residual is
// the first-order error in e_out. `minimax_rounds` > 0 re-weights (Lawson) towards the
// smallest worst-case error.
FitReport fit_closed_form(const std::vector<double>& e, const std::vector<double>& n,
                          const std::vector<double>& zeta, const std::vector<double>& weight,
                          int ne, int nn, int minimax_rounds, const FitOptions& options = {});

// ---- power law y = K xⁿ (cylindrical K–n fits; fit_power_law.cpp) ------------
// Started from the log–log line; parameters {K, n}; standard errors from Ceres' covariance;
// options.weighting and options.loss choose the residual.
FitReport fit_power_law(const std::vector<double>& x, const std::vector<double>& y,
                        const FitOptions& options = {});

}  // namespace calib::fit
