#pragma once
// The one inverse of libcalib: the argument x (a damping, or the value a code's user types) at
// which an achieved restitution meets its target, f(x) = e(x) − target = 0, by TOMS748 (Boost.Math)
// inside a bracket, tracking the best x seen, and stopping on the restitution tolerance
// (PN2020 eq. 24), not on the bracket's width. Used by calibrate_damping and codes::input_for.
#include <cmath>
#include <cstdint>

#include <boost/math/tools/roots.hpp>

namespace calib::calibrate {

// f(lo) and f(hi) of opposite signs (either order).
struct Bracket {
  double lo, hi, f_lo, f_hi;
};

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
