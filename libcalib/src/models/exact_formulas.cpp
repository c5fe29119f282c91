#include "calib/models/exact_formulas.hpp"

#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/format.h>
#include <boost/math/special_functions/lambert_w.hpp>
#include <boost/math/tools/roots.hpp>

#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "core/checks.hpp"

namespace calib::models {

namespace bm = boost::math::tools;

namespace {

// SF2020 eq. 39 divided by h²: g(h) = [h(1+e) - ln(1+h) + ln(1-eh)] / h².
// Series from ln(1+h) = Σ(-1)^{k+1}h^k/k and ln(1-eh) = -Σ e^k h^k/k.
double eq39_over_h2(double h, double e) {
  if (h < 0.25) {
    double sum = 0.0, hp = 1.0, sign = 1.0, ep = e * e;  // k = 2: (+1 - e²)/2
    for (int k = 2; k < 200; ++k) {
      const double term = hp * (sign - ep) / k;
      sum += term;
      if (std::abs(term) <= 1e-18 * std::abs(sum)) break;
      hp *= h;
      sign = -sign;
      ep *= e;
    }
    return sum;
  }
  return (h * (1.0 + e) - std::log1p(h) + std::log1p(-e * h)) / (h * h);
}

}  // namespace

double hysteresis_h_exact(double e) {
  require_cor("e", e);
  if (e == 1.0) return 0.0;
  // g > 0 at h -> 0 (g(0) = (1-e²)/2) and g -> -inf as h -> 1/e.
  double hi = std::nextafter(1.0 / e, 0.0);
  double ghi = eq39_over_h2(hi, e);
  if (ghi >= 0.0) return hi;  // root closer to 1/e than one ulp (tiny e)
  double lo = 0.0, glo = 0.5 * (1.0 - e * e);
  std::uintmax_t it = 200;
  auto br = bm::toms748_solve([e](double h) { return eq39_over_h2(h, e); }, lo, hi, glo, ghi,
                              bm::eps_tolerance<double>(53), it);
  return 0.5 * (br.first + br.second);
}

double hysteresis_e_of_h(double h) {
  require_finite("h", h);
  if (h < 0) throw InputError(fmt::format("h must be >= 0, got {}", h));
  if (h == 0.0) return 1.0;
  const double z = -(1.0 + h) * std::exp(-(1.0 + h));
  return (1.0 + boost::math::lambert_w0(z)) / h;
}

// Derivation of both branches (m = k = 1, ω = 1): see the header. Underdamped:
// x = e^{-ξt} sin(s t)/s, the force 2ξx' + x vanishes at tan(st) = 2ξs/(2ξ²-1) with
// cos = 2ξ²-1, sin = 2ξs on the unit circle, so -x'(t_s) = e^{-ξφ/s}. Overdamped with
// a = ξ-q, b = ξ+q (ab = 1): the force vanishes at e^{(b-a)t} = b²/a², giving
// e = a² (a/b)^{2a/(b-a)} = (a/b)^{(a+b)/(b-a)} = (a/b)^{ξ/q}.
// Written as e = exp(−2ξ·g(ξ)) with g = acos(ξ)/√(1−ξ²) (φ = 2 acos ξ) or acosh(ξ)/√(ξ²−1)
// (ln((ξ−q)/(ξ+q)) = −2 acosh ξ), both → 1 at ξ = 1, in forms that stay well conditioned
// there: acos ξ = 2 asin √((1−ξ)/2) and acosh ξ = log1p(u + √(u(u+2))), u = ξ − 1. (acos and
// atan2 near ξ = 1 lose ~1e-16/√(1−ξ) relative: the former |ξ − 1| < 1e-7 plateau at e^{−2}
// was 1.3e-7 off at its edges.)
double butcher_segalman_e(double xi) {
  require_finite("xi", xi);
  if (xi < 0) throw InputError(fmt::format("xi must be >= 0, got {}", xi));
  double g = 1.0;  // ξ = 1: critically damped, e = e^{−2}
  if (xi < 1.0) {
    const double t = 1.0 - xi;
    g = 2.0 * std::asin(std::sqrt(0.5 * t)) / std::sqrt(t * (2.0 - t));
  } else if (xi > 1.0) {
    const double u = xi - 1.0, r = std::sqrt(u * (u + 2.0));
    g = std::log1p(u + r) / r;
  }
  return std::exp(-2.0 * xi * g);
}

double butcher_segalman_xi(double e) {
  require_cor("e", e);
  if (e == 1.0) return 0.0;
  // e(ξ) decreases from 1 to 0; for large ξ, e ≈ 1/(4ξ²), so ξ* < 1/√e.
  double lo = 0.0, hi = 1.0 / std::sqrt(e);
  std::uintmax_t it = 200;
  auto f = [e](double xi) { return butcher_segalman_e(xi) - e; };
  auto br = bm::toms748_solve(f, lo, hi, 1.0 - e, f(hi), bm::eps_tolerance<double>(53), it);
  return 0.5 * (br.first + br.second);
}

double tsuji_chi_exact(double e, double n, bool clamp) {
  return std::sqrt(2.0 * (n + 1.0)) * (clamp ? butcher_segalman_xi(e) : damping_ratio_of_cor(e));
}

}  // namespace calib::models
