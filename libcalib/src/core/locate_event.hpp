#pragma once
// Private to libcalib/src: the one event locator of the solves (impact, energy time, Taylor
// bulk, dynamics). An event is a sign change of a smooth function g along a step; TOMS748
// (Alefeld, Potra & Shi 1995; Boost.Math) shrinks [t0, t1] around it to `bits` of the time.
#include <cstdint>
#include <type_traits>
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

// The same for g, a function of the state, evaluated on a step's dense output: `dense` has
// calc_state(t, x) (Boost.Odeint's dense-output steppers, HermiteDense, the contact loop's
// StepView) and a state_type. g0 and g1 are g at the step's ends, from the accepted states
// (the interpolant's end values may differ from them in the last bits).
template <class Dense, class G>
std::pair<double, double> locate_event_on(Dense& dense, G&& g, double t0, double t1, double g0,
                                          double g1, int bits,
                                          std::uintmax_t max_iterations = 100) {
  typename std::decay_t<Dense>::state_type x{};
  return locate_event(
      [&](double t) {
        dense.calc_state(t, x);
        return g(x);
      },
      t0, t1, g0, g1, bits, max_iterations);
}

// The same with g0 and g1 taken from the dense output itself.
template <class Dense, class G>
std::pair<double, double> locate_event_on(Dense& dense, G&& g, double t0, double t1, int bits) {
  typename std::decay_t<Dense>::state_type x{};
  const auto at = [&](double t) {
    dense.calc_state(t, x);
    return g(x);
  };
  return locate_event(at, t0, t1, at(t0), at(t1), bits);
}

inline double bracket_midpoint(const std::pair<double, double>& bracket) {
  return 0.5 * (bracket.first + bracket.second);
}

}  // namespace calib
