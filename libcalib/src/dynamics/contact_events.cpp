// Contact events on a step's dense output.
//
// Why the ends of a step are not enough: between contacts the bodies may move at constant speed
// (a driven crank, a free block). The Runge–Kutta error estimate of a motion linear in time is
// zero, so the step grows without bound, while the gap δ(q(t)) of a mechanism is not linear in
// t: the slider runs out and back within one step and δ can rise above zero and fall back
// between two step ends whose δ are both negative.
//
// The search (first_contact_start): the step is cut into sub-intervals by bisection, at least
// 2^kMinDepth of them. On a sub-interval [a, b] with δ(a), δ(b) ≤ 0, the cubic Hermite
// interpolant p of (δ, δ̇) at its ends is bounded above in closed form (hermite_upper_bound),
// and its error is estimated from δ at the midpoint m: for δ with four continuous derivatives,
// δ(t) − p(t) = δ⁗(ξ)/24 (t − a)²(t − b)², whose factor (t − a)²(t − b)² is largest at m, so
// e = |δ(m) − p(m)| = |δ⁗(ξ_m)| h⁴/384 and sup |δ − p| ≤ max |δ⁗| h⁴/384 ≤ 2e whenever δ⁗ varies
// by less than a factor 2 over [a, b]. The sub-interval is cleared when p's bound + 2e stays
// below gap_tolerance; otherwise it is bisected, left half first, until a sample has δ > 0
// (a bracket, refined by TOMS748) or every piece is cleared. In free flight the dense output is
// the exact motion (a Runge–Kutta step and its continuous extension reproduce a motion linear
// in t exactly), so δ on it is the true gap, and the bisection stops only where the bound above
// holds: a contact start is missed only by a hump of δ lower than gap_tolerance, or one inside a
// sub-interval where δ⁗ changes by more than a factor 2 (refining shrinks such sub-intervals
// until δ⁗ is nearly constant on each).
//
// Where δ is affine in q (lumped bodies on a line) a whole step is cleared exactly and cheaply
// first (affine_step_clear): Dormand–Prince's continuous extension (Boost.Odeint's
// runge_kutta_dopri5::calc_state; Hairer, Nørsett & Wanner, Solving ODE I, §II.6) is the cubic
// Hermite interpolant of the step's ends plus θ²(1 − θ)² times a polynomial linear in θ, in
// every component; an affine δ inherits that form with p the Hermite cubic of (δ, δ̇) at the
// ends, so two interior values give the linear factor and a rigorous bound on the step.
#include "contact_events.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>

#include "core/locate_event.hpp"

namespace calib::dynamics::detail {

namespace {

constexpr double kNone = std::numeric_limits<double>::infinity();
constexpr int kMinDepth = 3;       // at least 8 sub-intervals per step
constexpr int kMaxDepth = 40;      // down to 2⁻⁴⁰ of the step
constexpr int kMaxSamples = 4096;  // δ evaluations per step before the search stops refining

// The cubic Hermite interpolant of (δ, δ̇) at both ends of [a, b], written with θ ∈ [0, 1],
// h = b − a and s = (δ_b − δ_a)/h as
//   p(θ) = (1 − θ)δ_a + θδ_b + hθ(1 − θ)[(1 − θ)(δ̇_a − s) − θ(δ̇_b − s)]:
// its midpoint value, and an upper bound over [a, b] (the bracket is at most the larger of its
// two terms' sizes, θ(1 − θ) ≤ 1/4).
double hermite_midpoint(const GapPoint& a, const GapPoint& b) {
  return 0.5 * (a.delta + b.delta) + 0.125 * (b.t - a.t) * (a.delta_dot - b.delta_dot);
}
double hermite_upper_bound(const GapPoint& a, const GapPoint& b) {
  const double h = b.t - a.t, s = (b.delta - a.delta) / h;
  return std::max(a.delta, b.delta) +
         0.25 * h * std::max(std::abs(a.delta_dot - s), std::abs(b.delta_dot - s));
}

// p at θ ∈ [0, 1] (the form above).
double hermite_at(const GapPoint& a, const GapPoint& b, double theta) {
  const double h = b.t - a.t, s = (b.delta - a.delta) / h;
  return (1 - theta) * a.delta + theta * b.delta +
         h * theta * (1 - theta) * ((1 - theta) * (a.delta_dot - s) - theta * (b.delta_dot - s));
}

// An affine δ on the step is δ(θ) = p(θ) + θ²(1 − θ)² L(θ) with L linear (see the top): L from
// δ at θ = 1/2 and 1/4, then |θ²(1 − θ)² L(θ)| ≤ max(|L(0)|, |L(1)|)/16 on [0, 1]. True when
// that bound keeps δ below the tolerance over the whole step.
bool affine_step_clear(const GapAt& gap, const GapPoint& a, const GapPoint& b, double tolerance) {
  const double h = b.t - a.t;
  const double l_half = 16 * (gap(a.t + 0.5 * h).delta - hermite_at(a, b, 0.5));
  const double l_quarter = (256.0 / 9.0) * (gap(a.t + 0.25 * h).delta - hermite_at(a, b, 0.25));
  const double l0 = 2 * l_quarter - l_half, l1 = 3 * l_half - 2 * l_quarter;
  return hermite_upper_bound(a, b) + std::max(std::abs(l0), std::abs(l1)) / 16 < tolerance;
}

class StartSearch {
 public:
  StartSearch(const GapAt& gap, double tolerance, int bits)
      : gap_(gap), tolerance_(tolerance), bits_(bits) {}

  // The first contact start in (a.t, b.t]; δ(a) ≤ 0.
  double first_in(const GapPoint& a, const GapPoint& b, int depth) {
    const bool finest = depth >= kMaxDepth || samples_ >= kMaxSamples;
    if (b.delta > 0 && (depth >= kMinDepth || finest)) return crossing(a, b);
    if (finest) return top_above_zero(a, b);
    const GapPoint m = gap_(0.5 * (a.t + b.t));
    ++samples_;
    if (depth >= kMinDepth && m.delta <= 0) {
      const double error = std::abs(m.delta - hermite_midpoint(a, b));
      if (hermite_upper_bound(a, b) + 2 * error < tolerance_) return kNone;
    }
    const double left = first_in(a, m, depth + 1);
    return left < kNone ? left : first_in(m, b, depth + 1);
  }

 private:
  double delta_at(double t) const { return gap_(t).delta; }
  double crossing(const GapPoint& a, const GapPoint& b) const {
    return first_crossing([this](double t) { return delta_at(t); }, a.t, b.t, a.delta, b.delta,
                          bits_);
  }
  // A piece too short to bisect further: δ can exceed zero inside only at a local maximum
  // (δ̇ from + to −), found by Brent.
  double top_above_zero(const GapPoint& a, const GapPoint& b) const {
    if (!(a.delta_dot > 0 && b.delta_dot < 0)) return kNone;
    // Searched in u ∈ [0, 1] (refined_maximum says why).
    const auto top = boost::math::tools::brent_find_minima(
        [&](double u) { return -delta_at(a.t + u * (b.t - a.t)); }, 0.0, 1.0, 52);
    if (-top.second <= 0) return kNone;
    return first_crossing([this](double t) { return delta_at(t); }, a.t,
                          a.t + top.first * (b.t - a.t), a.delta, -top.second, bits_);
  }

  const GapAt& gap_;
  double tolerance_;
  int bits_;
  int samples_ = 0;
};

}  // namespace

double first_contact_start(const GapAt& gap, const GapPoint& start, const GapPoint& end,
                           double gap_tolerance, bool affine_gap, int bits) {
  if (!(end.t > start.t)) return kNone;
  if (affine_gap && end.delta <= 0 && affine_step_clear(gap, start, end, gap_tolerance))
    return kNone;
  return StartSearch(gap, gap_tolerance, bits).first_in(start, end, 0);
}

double first_crossing(const std::function<double(double)>& g, double t0, double t1, double g0,
                      double g1, int bits) {
  if (g0 >= 0) return t0;
  if (g1 < 0) return t1;  // (not a crossing; callers pass g1 ≥ 0)
  const auto bracket = locate_event(g, t0, t1, g0, g1, bits, 200);
  return g(bracket.second) >= 0 ? bracket.second : bracket.first;  // the first instant past 0
}

double refined_maximum(std::span<const double> times, std::span<const double> values,
                       const std::function<double(double)>& value_at) {
  const int last = static_cast<int>(values.size()) - 1;
  const int i = static_cast<int>(std::max_element(values.begin(), values.end()) - values.begin());
  const double lo = times[std::max(i - 1, 0)], hi = times[std::min(i + 1, last)];
  if (!(hi > lo)) return values[i];
  // Boost finds its variable to half the digits (26 bits) whatever is asked, with an absolute
  // term 2^-27 in its tolerance: searched in u ∈ [0, 1], t = lo + u (hi − lo), so that term is a
  // fraction of the bracket and not 7e-9 s of a contact that may last 5e-5 s. At a smooth maximum
  // the value's error is quadratic in t's, far below the dense output's own error.
  const auto m = boost::math::tools::brent_find_minima(
      [&](double u) { return -value_at(lo + u * (hi - lo)); }, 0.0, 1.0, 52);
  return std::max(values[i], -m.second);
}

}  // namespace calib::dynamics::detail
