// The series start of a linear-damper contact (series_start.hpp has the expansion).
#include "impact/series_start.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "impact/power_recurrence.hpp"

namespace calib::impact::detail {

namespace {

constexpr int kLevels = 6;  // levels j = 0..5, powers of s = τ^(n+1)
// τ-terms kept per level. Level j is ~s^j (s ≈ 0.03 where the series stops) smaller than
// level 0, so it needs fewer terms for the same absolute accuracy; every level's last kept term
// is checked against the tolerance where the series stops (series_start below).
constexpr std::array<int, kLevels> kLength = {16, 13, 10, 7, 5, 3};
constexpr int kMaxLength = 16;
using Series = std::array<double, kMaxLength>;

// x^k for a small k ≥ 0 by products (std::pow(double, int) is a pow).
double integer_power(double x, int k) {
  double result = 1.0;
  for (int i = 0; i < k; ++i) result *= x;
  return result;
}

// Σ_{k<length} a_k τ^k.
double value(const Series& a, int length, double tau) {
  double sum = 0.0;
  for (int k = length; k-- > 0;) sum = a[k] + tau * sum;
  return sum;
}

// The levels of the expansion: P_j (x = τ Σ s^j P_j), V_j (x' = Σ s^j V_j) and W_j
// (xⁿ = τⁿ Σ s^j W_j, for j < kLevels − 1).
struct Expansion {
  std::array<Series, kLevels> P{}, V{}, W{};
  double x(double tau, double s) const {
    double sum = 0.0;
    for (int j = kLevels; j-- > 0;) sum = value(P[j], kLength[j], tau) + s * sum;
    return tau * sum;
  }
  double v(double tau, double s) const {
    double sum = 0.0;
    for (int j = kLevels; j-- > 0;) sum = value(V[j], kLength[j], tau) + s * sum;
    return sum;
  }
  // xⁿ/τⁿ without the last level's share (for sampling the force only).
  double xn_over_taun(double tau, double s) const {
    double sum = 0.0;
    for (int j = kLevels - 1; j-- > 0;) sum = value(W[j], kLength[j + 1], tau) + s * sum;
    return sum;
  }
};

Expansion expand(const GenericCoefficients& c) {
  Expansion e;
  const double n = c.n, a = c.a;
  // Level 0: P_0 = V (1 − e^(−aτ))/(aτ) = V Σ (−aτ)^k/(k + 1)!.
  double term = c.V;
  for (int k = 0; k < kLength[0]; ++k) {
    e.P[0][k] = term;
    term *= -a / (k + 2);
  }
  const double inv_p0 = 1.0 / c.V;  // P_0's constant term
  // W_0 = P_0ⁿ by Miller's recurrence in τ (power_recurrence.hpp):
  // w_k = Σ_{i=1..k} ((n + 1) i − k) p_i w_{k−i}/(k p_0).
  // (1/(k p_0) precomputed: a division on the recurrence's chain costs ~14 cycles a term.)
  std::array<double, kMaxLength> inverse_k_p0{};
  for (int k = 1; k < kLength[1]; ++k) inverse_k_p0[k] = inv_p0 / k;
  e.W[0][0] = std::pow(c.V, n);
  for (int k = 1; k < kLength[1]; ++k) {
    const double older = miller_older_terms(n + 1.0, e.P[0].data(), e.W[0].data(), k);
    e.W[0][k] = (older + ((n + 1.0) - k) * e.P[0][1] * e.W[0][k - 1]) * inverse_k_p0[k];
  }
  for (int j = 1; j < kLevels; ++j) {
    // x_j'' + a x_j' = −A τⁿ s^(j−1) W_{j−1}: right-hand side τ^(μ+k) coefficients −A w_k,
    // μ = j(n+1) − 1; x_j = τ^(μ+2) Σ d_k τ^k with
    // (μ + k + 2)(μ + k + 1) d_k + a (μ + k + 1) d_{k−1} = −A w_k.
    const double mu = j * (n + 1.0) - 1.0;
    std::array<double, kMaxLength> inverse;  // off the recurrence's dependency chain
    for (int k = 0; k < kLength[j]; ++k) inverse[k] = 1.0 / ((mu + k + 2.0) * (mu + k + 1.0));
    double previous = 0.0;
    for (int k = 0; k < kLength[j]; ++k) {
      previous = (-c.A * e.W[j - 1][k] - a * (mu + k + 1.0) * previous) * inverse[k];
      e.P[j][k] = previous;
    }
    if (j + 1 == kLevels) break;
    // W_j = Σ_{i=1..j} ((n + 1) i − j) P_i W_{j−i} / (j P_0), to the next level's length.
    const int length = kLength[j + 1];
    Series sum{};
    for (int i = 1; i <= j; ++i) {
      const double weight = ((n + 1.0) * i - j) / j;
      for (int k = 0; k < length; ++k) {
        double product = 0.0;
        for (int l = 0; l <= k; ++l) product += e.P[i][l] * e.W[j - i][k - l];
        sum[k] += weight * product;
      }
    }
    // Divided by P_0: w_k = (sum_k − Σ_{i≥1} p_{0,i} w_{k−i})/p_0.
    for (int k = 0; k < length; ++k) {
      double w = sum[k];
      for (int i = 1; i <= k; ++i) w -= e.P[0][i] * e.W[j][k - i];
      e.W[j][k] = w * inv_p0;
    }
  }
  // x' = Σ s^j V_j with V_j's τ^k coefficient (1 + j(n+1) + k) p_{j,k}.
  for (int j = 0; j < kLevels; ++j)
    for (int k = 0; k < kLength[j]; ++k) e.V[j][k] = (1.0 + j * (n + 1.0) + k) * e.P[j][k];
  return e;
}

}  // namespace

std::optional<SeriesStart> series_start(const GenericCoefficients& c, double rel_tol,
                                        double x_reach, double v_reach, bool peak_force) {
  if (c.indentation() || c.p != 0.0 || !(c.V > 0) || !(c.A > 0) || !(c.a >= 0)) return std::nullopt;
  const Expansion e = expand(c);
  const double n = c.n;
  // How far: to x_reach or x' = v_reach (where level 0's x = V(1 − e^(−aτ))/a and
  // x' = V e^(−aτ) reach them; a heuristic bound, level 0 places it well enough) ...
  const double ax = c.a * x_reach / c.V;
  double tau = ax < 1.0 ? (ax > 1e-8 ? -std::log1p(-ax) / c.a : x_reach / c.V)
                        : std::numeric_limits<double>::infinity();
  if (c.a > 0) tau = std::min(tau, std::log(c.V / v_reach) / c.a);
  // ... but no further than the first level left out stays below rel_tol/10 in x' (relative to
  // V). Its size is extrapolated from the last two levels' leading terms, v_j ≈ (1 + j(n+1))
  // |p_j0| τ^(j(n+1)), the levels falling geometrically in s.
  const double last = std::abs(e.P[kLevels - 1][0]), before = std::abs(e.P[kLevels - 2][0]);
  if (last > 0 && before > 0) {
    const double next = last * last / before * (1.0 + kLevels * (n + 1.0));
    tau = std::min(tau, std::pow(0.1 * rel_tol * c.V / next, 1.0 / (kLevels * (n + 1.0))));
  }
  if (!(tau > 0) || !std::isfinite(tau)) return std::nullopt;
  // ... and no further than each level's last kept τ-term, times its s^j, stays below
  // rel_tol/100 of V (the terms fall like (aτ)^k/k!: the ones left out are smaller still).
  // Checked at the τ chosen so far (products only); where one is too large, τ shrinks to where it
  // is not (a root per such level: strong damping, aτ ≳ 1).
  double s = std::pow(tau, n + 1.0);
  bool shrunk = false;
  for (int j = 0; j < kLevels; ++j) {
    const int k = kLength[j] - 1;
    const double tail = std::abs(e.V[j][k]);
    const double bound = 1e-2 * rel_tol * c.V;
    if (tail * integer_power(tau, k) * integer_power(s, j) <= bound) continue;
    tau = std::min(tau, std::pow(bound / tail, 1.0 / (k + j * (n + 1.0))));
    shrunk = true;
  }
  if (shrunk) s = std::pow(tau, n + 1.0);
  // The state at τ, and the largest force on the way there. F = A xⁿ + a x' falls from a V at
  // first (dF/dτ = −a²V) and rises once the spring takes over, so the end values bound it unless
  // F peaks inside. With peak_force, a stretch is taken only where F is rising at its end (else a
  // peak can sit anywhere before: a nearly linear spring under strong damping, n = 1.04,
  // ζ = 0.89, peaks 3e-7 above the end values) and below its end value at τ/4, τ/2, 3τ/4; else
  // the stretch is halved, up to three times.
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (attempt > 0) {
      tau *= 0.5;
      s *= std::exp2(-(n + 1.0));
    }
    SeriesStart out;
    out.tau = tau;
    out.x = e.x(tau, s);
    out.v = e.v(tau, s);
    if (!(out.x > 0 && out.v > 0)) return std::nullopt;
    const double xn = std::pow(out.x, n);
    // The damping work from the energy balance, ½V² = ½x'² + A x^(n+1)/(n+1) + W, which the
    // exact solution keeps and the series keeps to its truncation (so the solve's energy residual
    // checks the stepping from here on; the series itself is checked by the tests).
    out.work = 0.5 * (c.V - out.v) * (c.V + out.v) - c.A * out.x * xn / (n + 1.0);
    const double f_end = c.A * xn + c.a * out.v;
    out.f_max = std::max(c.a * c.V, f_end);
    if (!peak_force) return out;
    if (c.A * n * xn / out.x * out.v - c.a * f_end < 0.0) continue;  // dF/dτ < 0 at τ
    // tⁿ = τⁿ (t/τ)ⁿ, with (1/2)ⁿ, (1/4)ⁿ = ((1/2)ⁿ)² and (3/4)ⁿ.
    const double taun = s / tau, half = std::exp2(-n);
    const std::array<std::pair<double, double>, 3> samples = {
        std::pair{0.25, half * half}, std::pair{0.5, half}, std::pair{0.75, std::pow(0.75, n)}};
    bool inside = false;
    for (const auto& [fraction, power] : samples) {
      const double t = fraction * tau, tn = taun * power, st = tn * t;
      inside = inside || c.A * tn * e.xn_over_taun(t, st) + c.a * e.v(t, st) > out.f_max;
    }
    if (!inside) return out;
  }
  return std::nullopt;
}

}  // namespace calib::impact::detail
