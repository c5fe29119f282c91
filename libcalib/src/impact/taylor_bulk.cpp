// Phase B of the linear damper in Taylor-series steps (taylor_bulk.hpp).
#include "impact/taylor_bulk.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>

#include <boost/math/tools/roots.hpp>

#include "core/locate_event.hpp"
#include "impact/taylor_series.hpp"

namespace calib::impact::detail {

namespace {

// The per-step tolerance, as a fraction of rel_tol (of |x| + abs_tol and |x'| + h|x''| + abs_tol,
// taylor_series.hpp). A step's truncation error is ~ its first neglected term, and the ~6 steps
// of a contact add up: at 0.3 the median |e_out − e| over random laws stays below rel_tol/5
// (test LinearDamperErrorOverRandomLaws).
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
    return bracket_midpoint(locate_event([&](double s) { return value_and_rate(s).first; }, lo,
                                         hi, value_lo, value_hi, bits, 200));
  }
}

// The Taylor bulk of one contact: the current step end (x, x', work, t; xⁿ, F and dF/dt there)
// and one method per event, as contact_loop has them.
class TaylorBulk {
 public:
  TaylorBulk(Contact& contact, double handover_fraction)
      : contact_(contact), sys_(contact.sys), c_(contact.sys.c), opt_(contact.opt),
        r_(contact.r), handover_fraction_(handover_fraction),
        tol_(kStepTolerance * opt_.rel_tol),
        abs_x_(kStepTolerance * opt_.abs_tol * contact.length_scale),
        abs_v_(kStepTolerance * opt_.abs_tol * c_.V),
        // The peak force only needs its instant to ~half the bits: F is stationary there, so an
        // error ε in the instant moves F by ~F''ε²/2.
        peak_bits_(std::max(opt_.event_bits / 2, 10)),
        x_(contact.at.state[0]), v_(contact.at.state[1]), work_(contact.at.state[2]),
        t_(contact.at.t), last_step_(contact.at.dt) {
    xn_ = sys_.power_n(x_);
    f_ = c_.A * xn_ + c_.a * v_;  // the force per unit mass, F = A xⁿ + a x'
    rate_ = opt_.diagnostics ? force_rate(x_, v_, xn_, f_) : 0.0;
    if (opt_.diagnostics) r_.f_max = std::max(r_.f_max, f_);
  }

  PhaseEnd run() {
    const std::size_t budget = contact_.budget();
    for (std::size_t used = 0; used < budget && r_.steps < opt_.max_steps; ++used) {
      series_.expand(c_, x_, v_, xn_);
      // x ≥ handover_fraction·x_peak here, so the bound relative to x is relative to the contact.
      double h = std::min(series_.step(tol_, abs_x_, abs_v_), 1e3 * contact_.length_scale / c_.V);
      // xⁿ is singular at x = 0, which the series' radius keeps the step short of; this guards
      // against a step ending there by rounding.
      Point end = point(h);
      for (int halvings = 0; !(end.x > 0.0) && halvings < 60; ++halvings) end = point(h *= 0.5);
      const double xn1 = sys_.power_n(end.x);
      const double f1 = c_.A * xn1 + c_.a * end.v;
      const double rate1 = opt_.diagnostics ? force_rate(end.x, end.v, xn1, f1) : 0.0;
      ++r_.steps;
      if (turned_back(h, end)) return finish(Status::captured, h, end);
      if (opt_.diagnostics) note_peak_force(h, f1, rate1);
      if (captured(end)) return finish(Status::captured, h, end);
      if (c_.clamp && end.v < 0.0 && f1 <= 0.0) return separate_at_force_zero(h, f1);
      x_ = end.x, v_ = end.v, work_ += end.work, t_ += h, last_step_ = h;
      xn_ = xn1, f_ = f1, rate_ = rate1;
      contact_.x_peak = std::max(contact_.x_peak, x_);
      if (near_separation()) break;
    }
    contact_.at = Resume{State{x_, v_, work_, 0.0}, t_, last_step_};
    return near_separation() ? PhaseEnd::handed_over : PhaseEnd::out_of_steps;
  }

 private:
  // dF/dt along the solution: A n xⁿ⁻¹ x' + a x'' with x'' = −F.
  double force_rate(double x, double v, double xn, double f) const {
    return c_.A * c_.n * (xn / x) * v - c_.a * f;
  }
  Point point(double h) const { return Point{series_.x(h), series_.v(h), series_.work(h)}; }
  PhaseEnd finish(Status status, double h, const Point& p) {
    r_.status = status;
    r_.t_sep = t_ + h;
    r_.v_sep = p.v;
    r_.x_sep = p.x;
    r_.work = work_ + p.work;
    return PhaseEnd::finished;
  }
  bool near_separation() const {
    return contact_.rebounding && v_ < 0.0 && x_ <= handover_fraction_ * contact_.x_peak;
  }
  // Maximum penetration: x' = 0 inside this step, located on the series of x'; x is stationary
  // there, so its value is insensitive to the located instant. True when the bodies turned back
  // into each other after a rebound (captured).
  bool turned_back(double h, const Point& end) {
    if (!contact_.rebounding && end.v <= 0.0) {
      contact_.rebounding = true;
      if (opt_.diagnostics) {
        const double s = locate([this](double u) { return series_.v_and_acceleration(u); }, 0.0,
                                h, v_, end.v, opt_.event_bits);
        r_.x_max = series_.x(s);
      }
      return false;
    }
    return contact_.rebounding && end.v > 0.0;
  }
  // Peak force: inside the step where dF/dt changes sign from + to −, located on the series'
  // x and x' (F from them exactly, one power each); else the larger end value.
  void note_peak_force(double h, double f1, double rate1) {
    double best = std::max(f_, f1);
    if (rate_ > 0.0 && rate1 < 0.0) {
      const double s = locate([this](double u) { return series_.force_rates(u); }, 0.0, h, rate_,
                              rate1, peak_bits_);
      best = std::max(best, c_.A * sys_.power_n(series_.x(s)) + c_.a * series_.v(s));
    }
    r_.f_max = std::max(r_.f_max, best);
  }
  bool captured(const Point& end) const {
    return contact_.rebounding && contact_.energy_below_capture(end.x, end.v);
  }
  // The clamped law separates where F falls to 0 while x' < 0 (the clamp never acts inside the
  // contact: contact_system.hpp); x' is stationary there (x'' = −F = 0), so v_sep, hence e_out,
  // is insensitive to the located instant, and t_sep has it to event_bits. Located on xⁿ's
  // series, then Newton on the exact F(x(s), x'(s)) (Ḟ = A n xⁿ⁻¹ x' − a F): the series' root
  // is ~1e-8 off, so two corrections reach rounding.
  PhaseEnd separate_at_force_zero(double h, double f1) {
    if (!(f_ > 0.0)) return finish(Status::separated, 0.0, Point{x_, v_, 0.0});
    double s = locate([this](double u) { return series_.force_and_rate(u); }, 0.0, h, f_, f1,
                      opt_.event_bits);
    for (int newton = 0; newton < 3; ++newton) {
      const double xs = series_.x(s), vs = series_.v(s), xns = sys_.power_n(xs);
      const double fs = c_.A * xns + c_.a * vs, rate_s = force_rate(xs, vs, xns, fs);
      if (!(rate_s < 0.0)) break;
      const double next = std::clamp(s - fs / rate_s, 0.0, h);
      const bool converged = std::abs(next - s) <= 1e-15 * h;
      s = next;
      if (converged) break;
    }
    return finish(Status::separated, s, point(s));
  }

  Contact& contact_;
  const ContactSystem& sys_;
  const GenericCoefficients& c_;
  const ImpactOptions& opt_;
  RawResult& r_;
  const double handover_fraction_, tol_, abs_x_, abs_v_;
  const int peak_bits_;
  LinearDamperTaylor series_;
  double x_, v_, work_, t_, last_step_;
  double xn_ = 0, f_ = 0, rate_ = 0;  // at (x_, v_): xⁿ, the force per unit mass, dF/dt
};

}  // namespace

PhaseEnd taylor_bulk(Contact& contact, double handover_fraction) {
  return TaylorBulk(contact, handover_fraction).run();
}

}  // namespace calib::impact::detail
