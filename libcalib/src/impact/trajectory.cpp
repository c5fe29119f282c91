// The impact's time history (calib/impact/trajectory.hpp): impact::solve's τ solve with a
// sampling observer on its steps (step_sampler.hpp).
#include "calib/impact/trajectory.hpp"

#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "impact/step_sampler.hpp"

namespace calib::impact {

namespace {

void require_ascending(std::span<const double> times) {
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (!std::isfinite(times[i]))
      throw InputError(fmt::format("trajectory: time {} is {}", i, times[i]));
    if (i > 0 && !(times[i] > times[i - 1]))
      throw InputError(fmt::format("trajectory: times must increase: time {} = {} after {}", i,
                                   times[i], times[i - 1]));
  }
}

// A dimensionless sample in SI (lengths × δ_m, speeds × v, forces × m v²/δ_m, times × δ_m/v:
// the scaling of calib/core/contact_law.hpp).
TrajectoryPoint to_si(const detail::Sample& q, const ImpactScales& s, double v) {
  return {q.tau * s.time, q.state[0] * s.delta_m, q.state[1] * v, q.force * s.force,
          q.force_rate * s.force / s.time};
}

}  // namespace

Trajectory trajectory(const PhysicalImpact& p, std::span<const double> times,
                      const ImpactOptions& options) {
  if (p.law.family == Family::indentation)
    throw InputError("trajectory: the permanent indentation law is not supported");
  require_ascending(times);
  const ImpactScales s = p.law.scales(p.m, p.v);
  Trajectory out;
  // Before the touch the bodies approach at v: δ = v t < 0 (their centres' approach).
  std::size_t next = 0;
  for (; next < times.size() && times[next] < 0; ++next)
    out.points.push_back({times[next], p.v * times[next], p.v, 0.0, 0.0});
  std::vector<double> taus;
  for (std::size_t i = next; i < times.size(); ++i) taus.push_back(times[i] / s.time);

  detail::StepSampler sampler(taus);
  const ImpactResult r = detail::solve_sampled(to_dimensionless(p), options, sampler);
  for (const detail::Sample& q : sampler.samples()) {
    out.points.push_back(to_si(q, s, p.v));
    if (!times.empty()) out.points.back().t = times[next++];  // as requested, not through τ
  }
  out.status = r.status;
  out.steps = r.steps;
  if (r.status == Status::max_steps) {  // the rest was not computed
    const double nan = std::nan("");
    for (; next < times.size(); ++next) out.points.push_back({times[next], nan, nan, nan, nan});
    return out;
  }
  out.e_out = r.e_out;
  out.t_contact = r.t_contact * s.time;
  out.f_max = r.f_max * s.force;
  out.delta_max = r.delta_max * s.delta_m;
  // After the contact the bodies part at the separation speed: δ = δ_sep + δ'_sep (t − t_c),
  // F = 0 (after a capture δ'_sep = 0: they rest at δ_sep).
  const double delta_sep = r.delta_sep * s.delta_m, rate_sep = -r.e_out * p.v;
  for (; next < times.size(); ++next)
    out.points.push_back(
        {times[next], delta_sep + rate_sep * (times[next] - out.t_contact), rate_sep, 0.0, 0.0});
  return out;
}

}  // namespace calib::impact
