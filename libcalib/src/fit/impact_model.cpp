#include "fit/impact_model.hpp"

#include <cmath>

#include "calib/core/error.hpp"

namespace calib::fit::detail {

namespace {

constexpr double kMinN = 1.0, kMaxN = 2.0;  // require_exponent's range
constexpr double kClosedFormStep = 1e-6;     // relative step on the closed-form D₁

// Central difference of f at x with step h; one-sided inside [lo, hi] when x ± h leaves it
// (step h_one). False when f fails.
template <class F>
bool difference(F&& f, double x, double h, double h_one, double lo, double hi, double fx,
                double* slope) {
  double a = 0, b = 0;
  if (x - h >= lo && x + h <= hi) {
    if (!f(x + h, &a) || !f(x - h, &b)) return false;
    *slope = (a - b) / (2 * h);
  } else if (x + h_one <= hi) {
    if (!f(x + h_one, &a)) return false;
    *slope = (a - fx) / h_one;
  } else {
    if (!f(x - h_one, &b)) return false;
    *slope = (fx - b) / h_one;
  }
  return true;
}

}  // namespace

RestitutionModel::RestitutionModel(ImpactLaw law, double m, const impact::ImpactOptions& options)
    : law_(law), m_(m), options_(options) {
  const PhysicalImpact probe = physical_impact(law, m, {1.0, 1.5, 0.0}, 1.0);
  family_ = probe.law.family;
  clamp_ = probe.law.clamp;
}

double RestitutionModel::unit_damping_number(double K, double n, double v) const {
  return to_dimensionless(physical_impact(law_, m_, {K, n, 1.0}, v)).damping;
}

bool RestitutionModel::solve(double D, double n, double* e) const {
  if (!(D >= 0) || !(n >= kMinN && n <= kMaxN)) return false;
  const impact::ImpactResult r = impact::solve(ContactLaw{family_, n, D, clamp_}, options_);
  if (r.status == impact::Status::max_steps || !std::isfinite(r.e_out)) return false;
  *e = r.e_out;
  return true;
}

bool RestitutionModel::evaluate(const ImpactLawParameters& p, double v,
                                const std::array<bool, 3>& need, RestitutionSample* out) const {
  if (!(p.K > 0) || !(p.damping >= 0) || !std::isfinite(p.K) || !std::isfinite(p.damping))
    return false;
  try {
    const double D1 = unit_damping_number(p.K, p.n, v), D = p.damping * D1;
    if (!solve(D, p.n, &out->e)) return false;
    out->gradient = {0.0, 0.0, 0.0};
    if (!need[0] && !need[1] && !need[2]) return true;
    const double eps = options_.rel_tol, s = std::cbrt(eps), s_one = std::sqrt(eps);
    double e_D = 0;
    const auto e_of_D = [&](double d, double* e) { return solve(d, p.n, e); };
    const double hD = D > 0 ? s * D : s_one;
    if (!difference(e_of_D, D, hD, D > 0 ? s_one * D : s_one, 0.0, INFINITY, out->e, &e_D))
      return false;
    if (need[2]) out->gradient[2] = e_D * D1;
    if (need[0]) {
      const double h = kClosedFormStep * p.K;
      const double dD1_dK = (unit_damping_number(p.K + h, p.n, v) -
                             unit_damping_number(p.K - h, p.n, v)) / (2 * h);
      out->gradient[0] = e_D * p.damping * dD1_dK;
    }
    if (need[1]) {
      const auto D1_of_n = [&](double n, double* d) {
        *d = unit_damping_number(p.K, n, v);
        return true;
      };
      const auto e_of_n = [&](double n, double* e) { return solve(D, n, e); };
      double dD1_dn = 0, e_n = 0;
      difference(D1_of_n, p.n, kClosedFormStep, kClosedFormStep, kMinN, kMaxN, D1, &dD1_dn);
      if (!difference(e_of_n, p.n, s * p.n, s_one, kMinN, kMaxN, out->e, &e_n)) return false;
      out->gradient[1] = e_n + e_D * p.damping * dD1_dn;
    }
    return true;
  } catch (const Error&) {
    return false;  // a trial parameter outside the law's range
  }
}

bool RestitutionModel::solve_contact(const ImpactLawParameters& p, double v, double* t,
                                     double* f) const {
  if (!(p.K > 0) || !(p.damping >= 0) || !(p.n >= kMinN && p.n <= kMaxN)) return false;
  impact::ImpactOptions options = options_;
  options.diagnostics = true;  // the peak force
  try {
    const impact::PhysicalResult r =
        impact::solve_physical(physical_impact(law_, m_, p, v), options);
    if (r.status == impact::Status::max_steps) return false;
    *t = r.t_contact, *f = r.f_max;
    return std::isfinite(*t) && std::isfinite(*f);
  } catch (const Error&) {
    return false;
  }
}

bool RestitutionModel::evaluate_contact(const ImpactLawParameters& p, double v,
                                        const std::array<bool, 3>& need,
                                        ContactSample* out) const {
  if (!solve_contact(p, v, &out->t_contact, &out->f_max)) return false;
  const double eps = options_.rel_tol, s = std::cbrt(eps);
  const std::array<double, 3> value{p.K, p.n, p.damping};
  const std::array<double, 3> lo{0.0, kMinN, 0.0}, hi{INFINITY, kMaxN, INFINITY};
  for (int i = 0; i < 3; ++i) {
    if (!need[i]) continue;
    const auto at = [&](double x, double* t, double* f) {
      ImpactLawParameters q = p;
      (i == 0 ? q.K : i == 1 ? q.n : q.damping) = x;
      return solve_contact(q, v, t, f);
    };
    const double h = value[i] > 0 ? s * value[i] : std::sqrt(eps);
    // Central where x ± h stays inside [lo, hi], else one-sided towards the inside.
    const double up = value[i] + h <= hi[i] ? value[i] + h : value[i];
    const double down = value[i] - h >= lo[i] ? value[i] - h : value[i];
    double t_up = out->t_contact, f_up = out->f_max, t_down = t_up, f_down = f_up;
    if (up != value[i] && !at(up, &t_up, &f_up)) return false;
    if (down != value[i] && !at(down, &t_down, &f_down)) return false;
    if (up == down) return false;  // no room on either side
    out->t_gradient[i] = (t_up - t_down) / (up - down);
    out->f_gradient[i] = (f_up - f_down) / (up - down);
  }
  return true;
}

}  // namespace calib::fit::detail
