// The impact's time history on dense output (calib/impact/trajectory.hpp).
#include "calib/impact/trajectory.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>
#include <boost/numeric/odeint.hpp>

#include "calib/core/error.hpp"
#include "core/generic_coefficients.hpp"
#include "core/locate_event.hpp"
#include "impact/contact_system.hpp"

namespace calib::impact {

namespace {

namespace odeint = boost::numeric::odeint;
using detail::ContactSystem;
using detail::State;
using Stepper = decltype(odeint::make_dense_output(1.0, 1.0, odeint::runge_kutta_dopri5<State>()));

// The dimensionless solve's state as an SI point (lengths × δ_m, speeds × v, forces × m v²/δ_m,
// times × δ_m/v: the scaling of calib/core/contact_law.hpp).
struct ToSI {
  ImpactScales s;
  double v;
  TrajectoryPoint operator()(const ContactSystem& sys, double tau, const State& x) const {
    double rate = 0.0;
    const double f = sys.force_and_rate(x, rate);
    return {tau * s.time, x[0] * s.delta_m, x[1] * v, f * s.force, rate * s.force / s.time};
  }
};

// Where g (a function of τ on the step's interpolant) changes sign inside [t0, t1].
template <class G>
double locate_on_step(const Stepper& stepper, G g, double t0, double t1, int bits) {
  State x;
  const auto at = [&](double t) {
    stepper.calc_state(t, x);
    return g(x);
  };
  return bracket_midpoint(locate_event(at, t0, t1, at(t0), at(t1), bits));
}

// The state at τ inside the last step, from a fresh Dormand–Prince step from the step's start:
// the interpolant through a step that crosses δ = 0 carries the kink of xⁿ there (the unclamped
// law's separation), the fresh step does not.
State restep(const ContactSystem& sys, const Stepper& stepper, double tau) {
  State x = stepper.previous_state();
  const double t0 = stepper.previous_time();
  if (tau > t0) odeint::runge_kutta_dopri5<State>().do_step(std::cref(sys), x, t0, tau - t0);
  return x;
}

void require_ascending(std::span<const double> times) {
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (!std::isfinite(times[i]))
      throw InputError(fmt::format("trajectory: time {} is {}", i, times[i]));
    if (i > 0 && !(times[i] > times[i - 1]))
      throw InputError(fmt::format("trajectory: times must increase: time {} = {} after {}", i,
                                   times[i], times[i - 1]));
  }
}

}  // namespace

Trajectory trajectory(const PhysicalImpact& p, std::span<const double> times,
                      const ImpactOptions& options) {
  if (std::string why; !options.IsValid(&why)) throw InputError("impact options: " + why);
  if (p.law.family == Family::indentation)
    throw InputError("trajectory: the permanent indentation law is not supported");
  require_ascending(times);
  GenericCoefficients c = generic_coefficients(to_dimensionless(p));
  if (has_hysteresis_form(c)) c.clamp = false;  // its F never reaches 0 before δ does
  std::size_t evaluations = 0;
  const ContactSystem sys{c, &evaluations};
  const ToSI si{p.law.scales(p.m, p.v), p.v};
  Trajectory out;
  TrajectoryPoint separation;  // the state at the located separation
  std::size_t next = 0;        // the first requested time not yet emitted
  // Before the touch the bodies approach at v: δ = v t < 0 (their centres' approach, from the
  // touch).
  for (; next < times.size() && times[next] < 0; ++next)
    out.points.push_back({times[next], p.v * times[next], p.v, 0.0, 0.0});

  Stepper stepper = odeint::make_dense_output(options.abs_tol, options.rel_tol,
                                              odeint::runge_kutta_dopri5<State>());
  stepper.initialize(State{0.0, 1.0, 0.0, 0.0}, 0.0, 1e-3);
  const auto keep_peaks = [&](const TrajectoryPoint& q) {
    out.f_max = std::max(out.f_max, q.force);
    out.delta_max = std::max(out.delta_max, q.delta);
  };
  while (out.steps < options.max_steps) {
    stepper.do_step(std::cref(sys));
    ++out.steps;
    const double t0 = stepper.previous_time();
    double t1 = stepper.current_time();
    const State s0 = stepper.previous_state(), s1 = stepper.current_state();
    double r0 = 0, r1 = 0;
    sys.force_and_rate(s0, r0), sys.force_and_rate(s1, r1);
    if (r0 > 0 && r1 <= 0) {  // the peak force: where dF/dt turns negative
      const double tp = locate_on_step(
          stepper,
          [&](const State& x) {
            double r;
            sys.force_and_rate(x, r);
            return r;
          },
          t0, t1, options.event_bits);
      keep_peaks(si(sys, tp, restep(sys, stepper, tp)));
    }
    if (s0[1] > 0 && s1[1] <= 0) {  // the largest penetration: where δ' turns negative
      const double tm = locate_on_step(
          stepper, [](const State& x) { return x[1]; }, t0, t1, options.event_bits);
      keep_peaks(si(sys, tm, restep(sys, stepper, tm)));
    }
    const bool separates = t0 > 0 && sys.contact_indicator(s1) <= 0;
    if (separates)
      t1 = locate_on_step(
          stepper, [&](const State& x) { return sys.contact_indicator(x); }, t0, t1,
          options.event_bits);
    for (; next < times.size() && times[next] <= t1 * si.s.time; ++next) {
      State x;
      stepper.calc_state(times[next] / si.s.time, x);
      out.points.push_back(si(sys, times[next] / si.s.time, x));
      out.points.back().t = times[next];  // as requested, not rounded through τ
      keep_peaks(out.points.back());
    }
    const State end = separates ? restep(sys, stepper, t1) : s1;
    if (times.empty()) out.points.push_back(si(sys, t1, end));
    keep_peaks(si(sys, t1, end));
    if (!separates) continue;
    out.status = Status::separated;
    separation = si(sys, t1, end);
    out.t_contact = t1 * si.s.time;
    out.e_out = -end[1];
    break;
  }
  // After separation they part at the separation speed: δ = δ_sep + δ'_sep (t − t_c), F = 0.
  const TrajectoryPoint end = out.status == Status::separated ? separation : TrajectoryPoint{};
  for (; next < times.size(); ++next) {
    const double dt = times[next] - end.t;
    out.points.push_back({times[next], end.delta + end.rate * dt, end.rate, 0.0, 0.0});
  }
  return out;
}

}  // namespace calib::impact
