// Phase B of the linear damper in Taylor-series steps (taylor_bulk.hpp, issue #15).
#include "impact/taylor_bulk.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>

#include <boost/math/tools/roots.hpp>

#include "impact/taylor_series.hpp"

namespace calib::impact::detail {

namespace {

// The per-step tolerance, as a fraction of rel_tol (of |x| + abs_tol and |x'| + h|x''| + abs_tol,
// taylor_series.hpp). A step's truncation error is ~ its first neglected term, and the ~6 steps
// of a contact add up. Over the 600 random laws of LinearDamperErrorOverRandomLaws (order 16
// when measured), |e_out − e_ref| worst / median and steps:
//   0.1: 1.9e-11 / 1.9e-12, 5,129    1: 1.4e-10 / 2.2e-11, 4,451
//   0.3: 3.0e-11 / 5.8e-12, 4,783    3: 3.9e-10 / 6.6e-11, 4,102
// (Fehlberg's bulk at rel_tol/2: 3.6e-10 / 1.2e-11, 10,771 steps).
constexpr double kStepTolerance = 0.3;

// The state on the series a time h into the step, with x' and the work.
struct Point {
  double x, v, work;
};

// The root in [lo, hi] of a function whose value and derivative `value_and_rate` gives, with
// value_lo, value_hi of opposite signs: Newton from the secant's root (boost's
// newton_raphson_iterate, which keeps to the bracket), to `bits`; where Newton gives up (a
// derivative near 0), TOMS748 on the values.
template <class ValueAndRate>
double locate(const ValueAndRate& value_and_rate, double lo, double hi, double value_lo,
              double value_hi, int bits) {
  const double guess = lo + (hi - lo) * value_lo / (value_lo - value_hi);
  try {
    std::uintmax_t iterations = 60;
    return boost::math::tools::newton_raphson_iterate(
        [&](double s) {
          const auto [value, rate] = value_and_rate(s);
          return std::make_tuple(value, rate);
        },
        std::clamp(guess, lo, hi), lo, hi, bits, iterations);
  } catch (const boost::math::evaluation_error&) {
    std::uintmax_t iterations = 200;
    const auto bracket = boost::math::tools::toms748_solve(
        [&](double s) { return value_and_rate(s).first; }, lo, hi, value_lo, value_hi,
        boost::math::tools::eps_tolerance<double>(bits), iterations);
    return 0.5 * (bracket.first + bracket.second);
  }
}

}  // namespace

PhaseEnd taylor_bulk(Contact& contact, double handover_fraction) {
  const ContactSystem& sys = contact.sys;
  const ImpactOptions& opt = contact.opt;
  const double length_scale = contact.length_scale;
  bool& rebounding = contact.rebounding;
  double& x_peak = contact.x_peak;
  RawResult& r = contact.r;
  Resume& at = contact.at;
  const std::size_t step_budget = contact.budget();
  const GenericCoefficients& c = sys.c;
  const double tol = kStepTolerance * opt.rel_tol;
  const double abs_x = kStepTolerance * opt.abs_tol * length_scale;
  const double abs_v = kStepTolerance * opt.abs_tol * c.V;
  // The peak force only needs its instant to ~half the bits: F is stationary there, so an error
  // ε in the instant moves F by ~F''ε²/2.
  const int peak_bits = std::max(opt.event_bits / 2, 10);
  LinearDamperTaylor series;
  double x = at.state[0], v = at.state[1], work = at.state[2], t = at.t, last_step = at.dt;
  double xn = sys.power_n(x);
  double f = c.A * xn + c.a * v;  // the force per unit mass, F = A xⁿ + a x'
  // dF/dt along the solution: A n xⁿ⁻¹ x' + a x'' with x'' = −F.
  auto force_rate = [&c](double x_, double v_, double xn_, double f_) {
    return c.A * c.n * (xn_ / x_) * v_ - c.a * f_;
  };
  // dF/dt at the step ends, for the peak force only.
  double rate = opt.diagnostics ? force_rate(x, v, xn, f) : 0.0;
  if (opt.diagnostics) r.f_max = std::max(r.f_max, f);
  auto point = [&series](double h) { return Point{series.x(h), series.v(h), series.work(h)}; };
  auto finish = [&](Status status, double h, const Point& p) {
    r.status = status;
    r.t_sep = t + h;
    r.v_sep = p.v;
    r.x_sep = p.x;
    r.work = work + p.work;
    return PhaseEnd::finished;
  };
  for (std::size_t used = 0; used < step_budget && r.steps < opt.max_steps; ++used) {
    series.expand(c, x, v, xn);
    // x ≥ handover_fraction·x_peak here, so the bound relative to x is relative to the contact.
    const double step = std::min(series.step(tol, abs_x, abs_v), 1e3 * length_scale / c.V);
    // xⁿ is singular at x = 0, which the series' radius keeps the step short of; this guards
    // against a step ending there by rounding.
    double h = step;
    Point end = point(h);
    for (int halvings = 0; !(end.x > 0.0) && halvings < 60; ++halvings) end = point(h *= 0.5);
    const double xn1 = sys.power_n(end.x);
    const double f1 = c.A * xn1 + c.a * end.v;
    const double rate1 = opt.diagnostics ? force_rate(end.x, end.v, xn1, f1) : 0.0;
    ++r.steps;
    // Maximum penetration: x' = 0 inside this step, located on the series of x'; x is
    // stationary there, so its value is insensitive to the located instant.
    if (!rebounding && end.v <= 0.0) {
      rebounding = true;
      if (opt.diagnostics) {
        const double s = locate([&series](double u) { return series.v_and_acceleration(u); }, 0.0,
                                h, v, end.v, opt.event_bits);
        r.x_max = series.x(s);
      }
    } else if (rebounding && end.v > 0.0) {
      return finish(Status::captured, h, end);  // the bodies turned back into each other
    }
    // Peak force: inside the step where dF/dt changes sign from + to −, located on the series'
    // x and x' (F from them exactly, one power each); else the larger end value.
    if (opt.diagnostics) {
      double best = std::max(f, f1);
      if (rate > 0.0 && rate1 < 0.0) {
        // Located on xⁿ's series (dF/dt's sign change is that of the exact rates at the ends).
        const double s = locate([&series](double u) { return series.force_rates(u); }, 0.0, h, rate,
                                rate1, peak_bits);
        best = std::max(best, c.A * sys.power_n(series.x(s)) + c.a * series.v(s));
      }
      r.f_max = std::max(r.f_max, best);
    }
    // Capture: the energy left below capture_tol·V (as contact_loop).
    if (rebounding && std::abs(end.v) < opt.capture_tol * c.V &&
        std::sqrt(end.v * end.v + 2.0 * sys.potential(end.x)) < opt.capture_tol * c.V)
      return finish(Status::captured, h, end);
    // The clamped law separates where F falls to 0 while x' < 0 (the clamp never acts inside
    // the contact: contact_system.hpp ContactSystem); x' is stationary there (x'' = −F = 0), so
    // v_sep, hence e_out, is insensitive to the located instant, and t_sep has it to event_bits.
    if (c.clamp && end.v < 0.0 && f1 <= 0.0) {
      if (!(f > 0.0)) return finish(Status::separated, 0.0, Point{x, v, 0.0});
      // Located on xⁿ's series, then Newton on the exact F(x(s), x'(s)) (Ḟ = A n xⁿ⁻¹ x' − a F):
      // the series' root is ~1e-8 off, so two corrections reach rounding.
      double s = locate([&series](double u) { return series.force_and_rate(u); }, 0.0, h, f, f1,
                        opt.event_bits);
      for (int newton = 0; newton < 3; ++newton) {
        const double xs = series.x(s), vs = series.v(s), xns = sys.power_n(xs);
        const double fs = c.A * xns + c.a * vs, rate_s = force_rate(xs, vs, xns, fs);
        if (!(rate_s < 0.0)) break;
        const double next = std::clamp(s - fs / rate_s, 0.0, h);
        const bool converged = std::abs(next - s) <= 1e-15 * h;
        s = next;
        if (converged) break;
      }
      return finish(Status::separated, s, point(s));
    }
    x = end.x, v = end.v, work += end.work, t += h, last_step = h;
    xn = xn1, f = f1, rate = rate1;
    x_peak = std::max(x_peak, x);
    if (rebounding && v < 0.0 && x <= handover_fraction * x_peak) break;
  }
  at = Resume{State{x, v, work, 0.0}, t, last_step};
  return rebounding && v < 0.0 && x <= handover_fraction * x_peak ? PhaseEnd::handed_over
                                                                  : PhaseEnd::out_of_steps;
}

}  // namespace calib::impact::detail
