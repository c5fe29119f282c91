#pragma once
// A contact law fitted to the time record of one impact: the force F(t) (a load cell) and/or the
// penetration δ(t) (a high-speed camera), sampled at times t of the record. The impact speed v
// and the effective mass m are given; the contact's start t0 within the record is fitted with K,
// n and the damping parameter of the law (fit_impact.hpp). The model is the impact's trajectory
// (calib/impact/trajectory.hpp) at t − t0: F = 0 outside the contact, δ the approach of the
// bodies from the first touch (free flight at v before it and at the separation speed after).
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "calib/fit/fit_impact.hpp"

namespace calib::fit {

// One record: strictly increasing times t [s], and F [N] and/or the approach δ [m] at each (empty:
// not measured), with optional standard deviations per sample (empty: weight 1, residuals in N or
// m). `rows` are the file lines, for messages (may be empty).
struct ImpactRecord {
  std::vector<double> t, force, delta, sigma_force, sigma_delta;
  std::vector<std::size_t> rows;
  bool has_force() const { return !force.empty(); }
  bool has_delta() const { return !delta.empty(); }
  std::size_t residual_count() const { return force.size() + delta.size(); }
};
// InputError naming the field, the row and the value: no F[N] and no delta[m], columns of unequal
// length, fewer than 3 samples, a time or value that is not a finite number, times not strictly
// increasing, a sigma ≤ 0, F and delta together without both sigmas (newtons and metres are
// weighed against each other only through the σ's).
void validate(const ImpactRecord& record);

// The fitted record. `fit` holds the law, K, n, the damping parameter and the statistics as for a
// restitution curve (its e_model and residuals stay empty); t0 and the per-sample model follow.
struct RecordFitReport {
  ImpactFitReport fit;
  FittedParameter t0{"t0", "s", 0.0, 0.0, false};
  std::vector<double> force_model, force_residuals, delta_model, delta_residuals;
  double e_out = 0.0, t_contact = 0.0;  // of the fitted impact
  // Covariance of (K, n, damping, t0); zero rows for fixed parameters.
  std::array<std::array<double, 4>, 4> covariance{};
  bool ok() const { return fit.ok(); }
};

// Fits `law` at impact speed v [m/s] and effective mass m [kg] to the record. `start`: K ≤ 0 is
// estimated from the record's peak (δ_max or F_max of the undamped law), n is the start (or fixed)
// exponent; t0_start NaN: estimated from the record's rise. The damping parameter's start is
// scanned (options.damping_start ≤ 0). Free: options.fit_K, fit_n, fit_damping, and always t0.
// A robust loss (options.fit.loss) takes its scale from the data as for a restitution curve
// (ImpactFitOptions::loss_scale_from_data: 1.4826 MAD of the F and δ residuals of a plain fit,
// in units of their σ, or of N or m without one), and fit.loss records it. calib::Interrupted
// when a stop is requested (core/interrupt.hpp) during the fit's grids or between its solves.
RecordFitReport fit_impact_record(ImpactLaw law, double m, double v,
                                  const ImpactLawParameters& start, const ImpactRecord& record,
                                  const ImpactFitOptions& options, double t0_start = NAN);

// The model F and δ at the record's times for given parameters: what the residuals compare.
// ComputeError when the impact does not separate.
struct RecordModel {
  std::vector<double> force, delta;
  std::vector<double> force_rate, delta_rate;  // dF/dt [N/s] and δ' [m/s] there (for ∂/∂t0)
  double e_out = 0.0, t_contact = 0.0;
};
RecordModel record_model(ImpactLaw law, double m, double v, const ImpactLawParameters& p, double t0,
                         const std::vector<double>& t, const impact::ImpactOptions& options = {});

}  // namespace calib::fit
