#pragma once
// Private to libcalib/src: the one event locator of the solves (impact, energy time, Taylor
// bulk, dynamics). An event is a sign change of a smooth function g along a step; TOMS748
// (Alefeld, Potra & Shi 1995; Boost.Math) shrinks [t0, t1] around it to `bits` of the time.
#include <cstdint>
#include <utility>

#include <boost/math/tools/roots.hpp>

namespace calib {

// The final bracket around the zero of g in [t0, t1] (g0 = g(t0), g1 = g(t1) of opposite signs):
// the caller takes its midpoint (bracket_midpoint), or the end on the side of the event it
// needs (e.g. the last instant still in contact).
template <class G>
std::pair<double, double> locate_event(G&& g, double t0, double t1, double g0, double g1, int bits,
                                       std::uintmax_t max_iterations = 100) {
  return boost::math::tools::toms748_solve(std::forward<G>(g), t0, t1, g0, g1,
                                           boost::math::tools::eps_tolerance<double>(bits),
                                           max_iterations);
}

inline double bracket_midpoint(const std::pair<double, double>& bracket) {
  return 0.5 * (bracket.first + bracket.second);
}

}  // namespace calib
