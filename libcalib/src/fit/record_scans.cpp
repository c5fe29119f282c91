// The record fit's grids: the cost at a point, the t0 scan and the starts (record_scans.hpp).
#include "fit/record_scans.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "fit/ceres_options.hpp"

namespace calib::fit::detail {

double RecordCost::operator()(const ImpactLawParameters& p, double t0) const {
  throw_if_stopped(fit_);
  std::vector<double> r(residuals_.count());
  if (!residuals_.evaluate(p, t0, r.data(), nullptr)) return INFINITY;
  double c = 0;
  for (double x : r) c += x * x;
  return c;
}

// Energy ½mv² = K δ_m^(n+1)/(n+1) at the largest penetration, or F_max = K δ_m^n with that δ_m
// (PN2020 eq. 27). Damping lowers both peaks, so this K is a start, not an estimate.
double stiffness_from_peak(const ImpactRecord& d, double m, double v, double n) {
  const double energy = 0.5 * (n + 1.0) * m * v * v;
  if (d.has_delta())
    return energy / std::pow(*std::max_element(d.delta.begin(), d.delta.end()), n + 1.0);
  const double f = *std::max_element(d.force.begin(), d.force.end());
  return std::pow(f / std::pow(energy, n / (n + 1.0)), n + 1.0);
}

double first_rise(const ImpactRecord& d) {
  const std::vector<double>& y = d.has_delta() ? d.delta : d.force;
  const double peak = *std::max_element(y.begin(), y.end());
  std::size_t i = 0;
  while (i + 1 < y.size() && !(y[i] > 0.05 * peak)) ++i;
  return d.t[i];
}

// The sample midpoints: a model that jumps at t0 (the linear damper's force starts at c·v) has a
// cost that jumps where t0 crosses a sample, and Ceres' derivative in t0 cannot see past the jump.
double scan_t0(const RecordCost& cost, const ImpactLawParameters& p, const std::vector<double>& t,
               double from, double to, int count) {
  std::vector<double> candidates;
  for (std::size_t i = 1; i < t.size(); ++i)
    if (const double mid = 0.5 * (t[i - 1] + t[i]); mid >= from && mid <= to)
      candidates.push_back(mid);
  if (candidates.empty() || int(candidates.size()) > count) {
    candidates.clear();
    for (int i = 0; i < count; ++i) candidates.push_back(from + (to - from) * i / (count - 1));
  }
  double best = INFINITY, best_t0 = 0.5 * (from + to);
  for (const double t0 : candidates)
    if (const double c = cost(p, t0); c < best) best = c, best_t0 = t0;
  return best_t0;
}

namespace {

// Parameter i of (K, n, d) set to the value of lowest cost among value·10^(e) for the exponents
// e in [lo, hi] in `count` steps (unchanged when none is lower). False when no value finishes.
bool scan_factor(const RecordCost& cost, ImpactLawParameters* p, double t0, int i, double lo,
                 double hi, int count) {
  double& x = i == 0 ? p->K : p->damping;
  const double x0 = x;
  double best = cost(*p, t0), best_x = x0;
  for (int k = 0; k < count; ++k) {
    x = x0 * std::pow(10.0, lo + (hi - lo) * k / (count - 1));
    if (const double c = cost(*p, t0); c < best) best = c, best_x = x;
  }
  x = best_x;
  return std::isfinite(best);
}

// n set to the value of lowest cost on [1, 2] in steps of 0.05, unchanged when none is lower.
void scan_exponent(const RecordCost& cost, ImpactLawParameters* p, double t0) {
  double best = cost(*p, t0), best_n = p->n;
  for (int k = 0; k <= 20; ++k) {
    ImpactLawParameters trial = *p;
    trial.n = 1.0 + 0.05 * k;
    if (const double c = cost(trial, t0); c < best) best = c, best_n = trial.n;
  }
  p->n = best_n;
}

}  // namespace

// t0 over the half contact time scale T before the record's rise (the undamped Hertz contact
// reaches 5 % of its peak force 0.14 T after it starts), the damping on its dimensionless number
// (two values per decade over [1e-4, 1e2], from 0.1), K within a factor 3 of its peak estimate
// (which damping biases); then n on [1, 2] when free, and the others again on finer grids around
// their values, twice. With a t0 start given, the first t0 scan is skipped. About 220 solves:
// with 1000 samples a few tens of ms, against the fit's local minima at a wrong t0.
void scan_start(ImpactLaw law, double m, double v, const RecordCost& cost,
                const std::array<bool, 3>& free, double t0_start, const ImpactRecord& d,
                ImpactLawParameters* p, double* t0) {
  const double rise = first_rise(d);
  const double T = impact_scales(m, p->K, v, p->n).time;
  const double D1 = to_dimensionless(physical_impact(law, m, {p->K, p->n, 1.0}, v)).damping;
  if (free[2]) p->damping = 0.1 / D1;
  *t0 = std::isfinite(t0_start) ? t0_start : scan_t0(cost, *p, d.t, rise - 0.5 * T, rise, 26);
  bool finished = true;
  if (free[2]) finished = scan_factor(cost, p, *t0, 2, -3.0, 3.0, 13);
  if (free[0]) finished = scan_factor(cost, p, *t0, 0, -0.5, 0.5, 11) && finished;
  for (int round = 0; round < 2; ++round) {
    if (free[1]) scan_exponent(cost, p, *t0);
    *t0 = scan_t0(cost, *p, d.t, *t0 - 0.1 * T, *t0 + 0.1 * T, 41);
    if (free[2]) finished = scan_factor(cost, p, *t0, 2, -0.25, 0.25, 11);
    if (free[0]) finished = scan_factor(cost, p, *t0, 0, -0.1, 0.1, 11) && finished;
  }
  if (!finished)
    throw ComputeError(
        fmt::format("{}: no start on the grids gives a finished impact", impact_law_name(law)));
}

}  // namespace calib::fit::detail
