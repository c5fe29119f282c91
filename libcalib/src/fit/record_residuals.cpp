#include "fit/record_residuals.hpp"

#include <cmath>

#include "calib/core/error.hpp"
#include "calib/impact/trajectory.hpp"

namespace calib::fit::detail {

namespace {
constexpr double kMinN = 1.0, kMaxN = 2.0;  // the exponent's range (require_exponent)

double sigma_at(const std::vector<double>& sigma, std::size_t i) {
  return sigma.empty() ? 1.0 : sigma[i];
}
}  // namespace

RecordResiduals::RecordResiduals(ImpactLaw law, double m, double v, const ImpactRecord& record,
                                 const impact::ImpactOptions& options)
    : law_(law), m_(m), v_(v), record_(record), options_(options) {}

bool RecordResiduals::model(const ImpactLawParameters& p, double t0, RecordModel* out) const {
  if (!(p.K > 0) || !std::isfinite(p.K) || !(p.damping >= 0) || !std::isfinite(p.damping) ||
      !(p.n >= kMinN && p.n <= kMaxN) || !std::isfinite(t0))
    return false;
  std::vector<double> shifted(record_.t.size());
  for (std::size_t i = 0; i < shifted.size(); ++i) shifted[i] = record_.t[i] - t0;
  try {
    const impact::Trajectory tr =
        impact::trajectory(physical_impact(law_, m_, p, v_), shifted, options_);
    if (tr.status != impact::Status::separated) return false;
    out->force.clear(), out->delta.clear();
    out->force_rate.clear(), out->delta_rate.clear();
    for (const impact::TrajectoryPoint& q : tr.points) {
      if (record_.has_force())
        out->force.push_back(q.force), out->force_rate.push_back(q.force_rate);
      if (record_.has_delta()) out->delta.push_back(q.delta), out->delta_rate.push_back(q.rate);
    }
    out->e_out = tr.e_out, out->t_contact = tr.t_contact;
    return true;
  } catch (const Error&) {
    return false;  // a trial parameter outside the law's range
  }
}

bool RecordResiduals::evaluate(const ImpactLawParameters& p, double t0, double* r,
                               double* dt0) const {
  RecordModel m;
  if (!model(p, t0, &m)) return false;
  std::size_t k = 0;
  for (std::size_t i = 0; i < m.force.size(); ++i, ++k) {
    const double s = sigma_at(record_.sigma_force, i);
    r[k] = (m.force[i] - record_.force[i]) / s;
    if (dt0) dt0[k] = -m.force_rate[i] / s;
  }
  for (std::size_t i = 0; i < m.delta.size(); ++i, ++k) {
    const double s = sigma_at(record_.sigma_delta, i);
    r[k] = (m.delta[i] - record_.delta[i]) / s;
    if (dt0) dt0[k] = -m.delta_rate[i] / s;
  }
  return true;
}

bool RecordResiduals::parameter_gradients(const ImpactLawParameters& p, double t0,
                                          const std::array<bool, 3>& need,
                                          const std::array<double*, 3>& columns) const {
  const double eps = options_.rel_tol, s = std::cbrt(eps);
  const std::array<double, 3> value{p.K, p.n, p.damping};
  const std::array<double, 3> lo{0.0, kMinN, 0.0}, hi{INFINITY, kMaxN, INFINITY};
  std::vector<double> up_r(count()), down_r(count());
  for (int i = 0; i < 3; ++i) {
    if (!need[i]) continue;
    const double h = value[i] > 0 ? s * value[i] : std::sqrt(eps);
    // Central where x ± h stays inside [lo, hi], else one-sided towards the inside.
    const double up = value[i] + h <= hi[i] ? value[i] + h : value[i];
    const double down = value[i] - h >= lo[i] ? value[i] - h : value[i];
    if (up == down) return false;
    const auto at = [&](double x, double* r) {
      ImpactLawParameters q = p;
      (i == 0 ? q.K : i == 1 ? q.n : q.damping) = x;
      return evaluate(q, t0, r, nullptr);
    };
    if (!at(up, up_r.data()) || !at(down, down_r.data())) return false;
    for (int k = 0; k < count(); ++k) columns[i][k] = (up_r[k] - down_r[k]) / (up - down);
  }
  return true;
}

}  // namespace calib::fit::detail
