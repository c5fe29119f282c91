#include "fit/record_residuals.hpp"

#include <algorithm>
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

bool RecordResiduals::evaluate(const ImpactLawParameters& p, double t0, double* r, double* dt0,
                               double* t_contact) const {
  RecordModel m;
  if (!model(p, t0, &m)) return false;
  if (t_contact) *t_contact = m.t_contact;
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

// The clamped laws' force falls to 0 at the separation with a finite slope and stays 0 after it
// (PN2020 eq. 20), so a force sample near the separation is a kink of F in K, n and d. Where the
// steps p ± h put such a sample in the contact at one and after the separation at the other, the
// central difference averages the two one-sided slopes; a single such sample misstates the
// column, and where K and n are nearly collinear in the record (correlation 0.999 for Tsuji) that
// misstates their covariance several-fold. Such a force sample takes instead the one-sided
// difference towards the step on its own side of the separation at p (0 when it is after it: F
// stays 0 there). The approach δ needs no such care: δ and δ' are continuous there and
// δ'' = −F/m falls to 0, so its central difference holds to O(h²).
void RecordResiduals::one_sided_across_separation(const Step& at_p, const Step& up,
                                                  const Step& down, double t0, double* column,
                                                  std::vector<char>* crossed) const {
  const auto after = [&](std::size_t i, double t_contact) { return record_.t[i] - t0 > t_contact; };
  for (std::size_t i = 0; i < record_.force.size(); ++i) {
    const bool side = after(i, at_p.t_contact);
    if (after(i, up.t_contact) == after(i, down.t_contact)) continue;
    (*crossed)[i] = 1;
    if (up.x > at_p.x && after(i, up.t_contact) == side)
      column[i] = (up.r[i] - at_p.r[i]) / (up.x - at_p.x);
    else if (down.x < at_p.x && after(i, down.t_contact) == side)
      column[i] = (at_p.r[i] - down.r[i]) / (at_p.x - down.x);
  }
}

// The difference of the residuals in parameter i with step h: central where value ± h stays in
// the parameter's range, else one-sided towards the inside; and one-sided for a force sample that
// the steps carry across the separation (marked in *crossed). False when a step's solve fails.
bool RecordResiduals::difference(const ImpactLawParameters& p, double t0, const Step& at_p, int i,
                                 double h, double* column, std::vector<char>* crossed,
                                 bool* central) const {
  const std::array<double, 3> lo{0.0, kMinN, 0.0}, hi{INFINITY, kMaxN, INFINITY};
  const double value = at_p.x;
  const double up = value + h <= hi[i] ? value + h : value;
  const double down = value - h >= lo[i] ? value - h : value;
  if (up == down) return false;
  *central = up != value && down != value;
  std::vector<double> up_r(count()), down_r(count());
  const auto at = [&](double x, double* r, double* t_contact) {
    ImpactLawParameters q = p;
    (i == 0 ? q.K : i == 1 ? q.n : q.damping) = x;
    return evaluate(q, t0, r, nullptr, t_contact);
  };
  double up_tc = NAN, down_tc = NAN;
  if (!at(up, up_r.data(), &up_tc) || !at(down, down_r.data(), &down_tc)) return false;
  for (int k = 0; k < count(); ++k) column[k] = (up_r[k] - down_r[k]) / (up - down);
  one_sided_across_separation(at_p, {up, up_r.data(), up_tc}, {down, down_r.data(), down_tc}, t0,
                              column, crossed);
  return true;
}

// Extrapolated: D = (4 D(h/2) − D(h))/3 for a central difference, (2 D(h/2) − D(h)) for a
// one-sided one (Richardson: their leading errors are ∝ h² and ∝ h), and D(h/2) where a step
// crossed the separation (a kink: no power series in h to extrapolate).
bool RecordResiduals::parameter_gradients(const ImpactLawParameters& p, double t0,
                                          const double* r_at_p, double t_contact_at_p,
                                          const std::array<bool, 3>& need,
                                          const std::array<double*, 3>& columns,
                                          bool extrapolated) const {
  const double eps = options_.rel_tol, s = std::cbrt(eps);
  const std::array<double, 3> value{p.K, p.n, p.damping};
  std::vector<double> half(count());
  std::vector<char> crossed(count());
  for (int i = 0; i < 3; ++i) {
    if (!need[i]) continue;
    const double h = value[i] > 0 ? s * value[i] : std::sqrt(eps);
    const Step at_p{value[i], r_at_p, t_contact_at_p};
    bool central = true, central_half = true;
    std::fill(crossed.begin(), crossed.end(), 0);
    if (!difference(p, t0, at_p, i, h, columns[i], &crossed, &central)) return false;
    if (!extrapolated) continue;
    if (!difference(p, t0, at_p, i, 0.5 * h, half.data(), &crossed, &central_half)) return false;
    const double gain = central != central_half ? 0.0 : central ? 1.0 / 3.0 : 1.0;
    for (int k = 0; k < count(); ++k)
      columns[i][k] = crossed[k] ? half[k] : half[k] + gain * (half[k] - columns[i][k]);
  }
  return true;
}

}  // namespace calib::fit::detail
