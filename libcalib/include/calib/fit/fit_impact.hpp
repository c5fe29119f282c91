#pragma once
// Contact laws with constant material parameters fitted to impact measurements: the coefficient
// of restitution at several impact speeds, e(v). Every residual runs the exact event-terminated
// impact solve (calib/impact/impact.hpp) inside Ceres.
//
// The laws (m δ'' + F = 0, δ(0) = 0, δ'(0) = v):
//   hunt-crossley-alpha  F = K δⁿ (1 + α δ')                 alpha [s/m]; separation at δ = 0
//   viscoelastic         F = K (δⁿ + (3/2) A δ^(n−1) δ')     A [s] (Brilliantov et al. 1996,
//                                                             n = 3/2 only); clamped
//   linear-damper        F = K δⁿ + c δ'                     c [N*s/m]; clamped
//   tsuji                F = K δⁿ + χ √(m K) δ^((n−1)/2) δ'  chi [-]; clamped
// Clamped: the force is limited to ≥ 0 and the bodies separate where it returns to 0, with the
// speed they have then (PN2020 eq. 20).
//
// Each is one of the core families (calib/core/contact_law.hpp) with one dimensionless damping
// number D: hysteresis with h = αv (C = Kα), viscoelastic with η = C δ_m^{3/2}/(m v)
// (C = (3/2) K A), the linear damper with ζ = c δ_m/(m v), Tsuji with χ. So e(v) = E(D(v), n):
// for tsuji e depends on χ and n only (not on v). For hunt-crossley-alpha e depends on αv only:
// the hysteresis form x'' + xⁿ(κ + κh x') = 0 in y = x^{n+1}/(n+1) reads
// x' dx'/dy = −(κ + κh x'), which holds no n (SF2020: e_out is a function of h alone).
#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "calib/core/contact_law.hpp"
#include "calib/fit/fit.hpp"
#include "calib/impact/impact.hpp"

namespace calib::fit {

enum class ImpactLaw { hunt_crossley_alpha, viscoelastic, linear_damper, tsuji };

// "hunt-crossley-alpha", "viscoelastic", "linear-damper", "tsuji".
std::string_view impact_law_name(ImpactLaw law);
const std::vector<ImpactLaw>& impact_laws();  // all four, in the order above
// InputError naming `field` and the value for an unknown name.
ImpactLaw find_impact_law(std::string_view name, std::string_view field = "law");
std::string_view damping_parameter_name(ImpactLaw law);  // alpha, A, c, chi
std::string_view damping_parameter_unit(ImpactLaw law);  // s/m, s, N*s/m, -
std::string_view separation_rule(ImpactLaw law);         // one sentence, for the assumptions

// The material parameters of a law: F = K δⁿ + damping term with `damping` in the law's unit.
struct ImpactLawParameters {
  double K = 0.0;        // [N/m^n]
  double n = 1.5;        // [-], in [1, 2]
  double damping = 0.0;  // alpha, A, c or chi
};

// The law at one impact as the core family's physical impact (validates; InputError).
PhysicalImpact physical_impact(ImpactLaw law, double m, const ImpactLawParameters& p, double v);
// e_out at impact speed v [m/s], effective mass m [kg]: one exact solve. ComputeError when the
// solve does not finish.
double restitution(ImpactLaw law, double m, const ImpactLawParameters& p, double v,
                   const impact::ImpactOptions& options = {});

// A measured restitution curve: e at each v_in, with optional standard deviations sigma_e
// (empty: every point weighted 1). `rows` are the file lines, for messages (may be empty).
// Optionally the contact duration t_contact [s] and the peak force f_max [N] at each point,
// extra residuals (t_model − t)/σ_t and (F_model − F)/σ_F; they need their σ and sigma_e (a
// residual in seconds or newtons is weighed against e only through the σ's). With either, K
// and n become identifiable (e depends on them only through the damping number; t and F scale
// with δ_m/v and m v²/δ_m).
struct RestitutionCurve {
  std::vector<double> v_in, e, sigma_e;
  std::vector<std::size_t> rows;
  std::vector<double> t_contact, sigma_t_contact, f_max, sigma_f_max;
  bool has_contact_data() const { return !t_contact.empty() || !f_max.empty(); }
};
// A measured e may exceed 1 by its noise: it is refused only when more than kSigmaAboveOne
// standard deviations sigma_e above 1, or, without sigma_e, more than kMarginAboveOne above 1.
// (A point of true e = 0.99 measured with σ = 0.01 lies above 1 with probability 0.16 and above
// 1 + 3σ with probability 3.2e-5: the normal tail at z = 1 and z = 4.)
inline constexpr double kSigmaAboveOne = 3.0;
inline constexpr double kMarginAboveOne = 0.05;
// InputError naming the row and value: e ≤ 0 or above 1 beyond the rule above, v_in outside the
// range of an impact speed (core/units: [1e-9, 1e4] m/s), sigma_e ∉ (0, 1], fewer than 2
// points, all speeds equal, a t_contact or f_max ≤ 0 or outside the range of a duration or a
// force, or without its σ (or without sigma_e).
void validate(const RestitutionCurve& data);

struct ImpactFitOptions {
  // Tolerances, iterations, robust loss (Loss and loss_scale, in units of σ). The model is
  // exact to ~1e-12 (the solve below), so stopping on a relative parameter step of 1e-10 or a
  // cost change of 1e-14 costs no accuracy the data could show and saves the last iterations.
  FitOptions fit = [] {
    FitOptions o;
    o.function_tolerance = 1e-14;
    o.gradient_tolerance = 1e-14;
    o.parameter_tolerance = 1e-10;
    return o;
  }();
  // The solve inside every residual: tighter than the impact default, so the e the fit sees
  // is exact to ~1e-12 and the differenced derivatives to ~1e-8 (impact_model.hpp).
  impact::ImpactOptions impact = [] {
    impact::ImpactOptions o;
    o.rel_tol = 1e-12;
    o.abs_tol = 1e-14;
    o.diagnostics = false;
    return o;
  }();
  bool fit_K = false, fit_n = false, fit_damping = true;
  // A start for the damping parameter; ≤ 0: chosen by a scan of the dimensionless damping.
  double damping_start = 0.0;
  // With a robust loss (fit.loss huber or cauchy): true takes its scale from the data, 1.4826
  // MAD of the residuals of a plain least-squares fit of the same law (a robust estimate of
  // their standard deviation, in their units: sigma_e when given, else e; for an impact record
  // its sigmas, else N or m), and fits again from there; false takes fit.loss_scale as given.
  bool loss_scale_from_data = true;

  bool IsValid(std::string* error) const;
};

struct FittedParameter {
  std::string name, unit;
  double value = 0.0;
  double std_error = 0.0;  // 0 when fixed; NaN when the covariance is rank deficient
  bool fixed = true;
};

// The robust loss a fit used: none, huber or cauchy, its scale in the residuals' units (NaN for
// none) and where the scale came from ("given", or how the data gave it).
struct RobustLossUsed {
  std::string name = "none";
  double scale = NAN;
  std::string scale_source;
};

// Outcome of a fit. status: "converged"; "at_bound" (a parameter ended on its bound, e.g. zero
// damping: the law cannot reach the data inside its range); "poor_fit" (sigma_e given and
// χ²/(N − p) > 9: the model misses the data by more than three σ per point on average);
// "not_converged" (Ceres stopped without convergence).
struct ImpactFitReport {
  ImpactLaw law = ImpactLaw::hunt_crossley_alpha;
  std::vector<FittedParameter> parameters;  // K, n, then the damping parameter
  std::vector<double> e_model, residuals;   // per point; residual (e_model − e)/σ
  // Per point when the data have them (else empty): model values and residuals (model − x)/σ.
  std::vector<double> t_model, t_residuals, f_model, f_residuals;
  double rms_residual = 0.0;                // √(Σ r²/N), in units of σ (of e if unweighted)
  double chi2 = 0.0;                        // Σ r²
  int points = 0, free_parameters = 0, iterations = 0;
  int residual_count = 0;  // points, plus one per t_contact and per f_max value
  // Gaussian log-likelihood criteria: with sigma_e, AIC = χ² + 2k, BIC = χ² + k ln N; without,
  // σ is estimated: AIC = N ln(χ²/N) + 2k, BIC = N ln(χ²/N) + k ln N (constants dropped).
  double aic = 0.0, bic = 0.0;
  bool weighted = false;  // sigma_e given: standard errors from (JᵀJ)⁻¹ (σ known); else scaled
  // Covariance of (K, n, damping) as the standard errors (zero rows for fixed parameters).
  std::array<std::array<double, 3>, 3> covariance{};
  std::string status, message;
  RobustLossUsed loss;  // set by the restitution-curve fit

  ImpactLawParameters values() const;
  bool ok() const { return status == "converged"; }
};

// Fits the free parameters of `law` to e(v); `start` gives K, n and (unless the scan chooses
// it) the damping parameter. InputError for bad data, a parameter not identifiable from e(v)
// (K for every law: it enters only the dimensionless damping number, with the damping
// parameter; n for every law but linear-damper) — both become fittable with t_contact or
// f_max data, except n of viscoelastic, which is solved at n = 3/2 only. A fit that does not reach
// the data returns a report whose status says so.
ImpactFitReport fit_restitution_curve(ImpactLaw law, double m, const ImpactLawParameters& start,
                                      const RestitutionCurve& data,
                                      const ImpactFitOptions& options = {});
// Why `law` cannot be fitted to `data` with these options and start ("" when it can): n other
// than 1.5 or a free n for viscoelastic, a free K (or a free n but for linear-damper) on e(v)
// without t_contact or f_max data. `--law all` leaves such a law out and says why.
std::string law_cannot_fit(ImpactLaw law, const ImpactLawParameters& start,
                           const ImpactFitOptions& options, const RestitutionCurve& data);

// The fitted law's e at speed v and the half-width of its 95 % confidence band,
// 1.96 √(gᵀ Σ g) with g = ∂e/∂(K, n, d) (delta method, Σ the report's covariance).
struct BandPoint {
  double e = 0.0, half_width = 0.0;
};
BandPoint restitution_band(const ImpactFitReport& r, double m, double v,
                           const impact::ImpactOptions& options = ImpactFitOptions{}.impact);

// One entry of an AIC ranking: Akaike weight and evidence ratio exp((AIC − AIC_best)/2) of the
// best law over this one (1 for the best).
struct LawRank {
  ImpactLaw law;
  double aic, bic, delta_aic, akaike_weight, evidence_ratio;
  std::string status;
};
// Reports sorted by AIC (ties by BIC); reports that are not "converged" rank after the rest.
std::vector<LawRank> rank_by_aic(const std::vector<ImpactFitReport>& reports);

}  // namespace calib::fit
