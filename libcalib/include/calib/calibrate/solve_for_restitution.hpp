#pragma once
// The one inverse of libcalib: the argument x (a damping, or the value a code's user types) at
// which an achieved restitution meets its target, f(x) = e(x) − target = 0, by TOMS748 (Boost.Math)
// inside a bracket, tracking the best x seen, and stopping on the restitution tolerance
// (PN2020 eq. 24), not on the bracket's width; and the search for that bracket where the
// restitution falls as x grows. Used by calibrate_damping and codes::input_for.
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include <boost/math/tools/roots.hpp>

namespace calib::calibrate {

// f(lo) and f(hi) of opposite signs (either order).
struct Bracket {
  double lo, hi, f_lo, f_hi;
};

// Where a bracket search may go: every argument it evaluates lies in [lower, upper], and it takes
// at most max_steps steps.
struct BracketLimits {
  double lower = 0.0;
  double upper = std::numeric_limits<double>::infinity();
  int max_steps = 200;
};

// A bracket of the root of a decreasing f (an achieved restitution minus its target falls as the
// damping grows), walking from x0, where f = f0, towards the root: up while f > 0, down while
// f < 0, until f reaches zero or changes sign. step(x, up, i) is the argument after x on the
// i-th step (i = 0 first), the caller's growth law: geometric, or towards a bound the argument
// cannot pass. No bracket (std::nullopt) when a step leaves the limits, when max_steps steps do
// not reach the sign change, or when f is not a number.
template <class F, class Step>
std::optional<Bracket> bracket_decreasing(F&& f, double x0, double f0, Step&& step,
                                          const BracketLimits& limits) {
  const bool up = f0 > 0;  // the restitution is too high: more damping
  double x = x0, fx = f0;
  for (int i = 0; i < limits.max_steps; ++i) {
    const double y = step(x, up, i);
    if (!(y >= limits.lower && y <= limits.upper)) return std::nullopt;
    const double fy = f(y);
    if (std::isnan(fy)) return std::nullopt;
    if (up ? fy <= 0 : fy >= 0) return up ? Bracket{x, y, fx, fy} : Bracket{y, x, fy, fx};
    x = y;
    fx = fy;
  }
  return std::nullopt;
}

struct RootTolerance {
  double f_abs;                         // stop once |f(best)| ≤ f_abs
  double width_rel = 0.0;               // also once the bracket is this narrow relative to it (0: off)
  std::uintmax_t max_iterations = 100;  // TOMS748 iterations at most
};

// The best argument seen and f there. The caller decides whether |f| met the tolerance (the
// function returns its best after max_iterations, or when the bracket cannot shrink further).
struct RestitutionRoot {
  double x, f;
};

template <class F>
RestitutionRoot solve_for_restitution(F&& f, const Bracket& b, const RootTolerance& tol) {
  const bool lo_closer = std::abs(b.f_lo) < std::abs(b.f_hi);
  RestitutionRoot best{lo_closer ? b.lo : b.hi, lo_closer ? b.f_lo : b.f_hi};
  auto tracked = [&](double x) {
    const double r = f(x);
    if (std::abs(r) < std::abs(best.f)) best = {x, r};
    return r;
  };
  auto done = [&](double a, double z) {
    return std::abs(best.f) <= tol.f_abs ||
           (tol.width_rel > 0.0 && std::abs(z - a) <= tol.width_rel * std::abs(z));
  };
  std::uintmax_t iterations = tol.max_iterations;
  if (std::abs(best.f) > tol.f_abs)
    boost::math::tools::toms748_solve(tracked, b.lo, b.hi, b.f_lo, b.f_hi, done, iterations);
  return best;
}

}  // namespace calib::calibrate
