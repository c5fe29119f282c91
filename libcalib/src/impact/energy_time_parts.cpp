// The pieces of the energy-time solve (energy_time_parts.hpp).
#include "impact/energy_time_parts.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/tools/roots.hpp>

#include "core/locate_event.hpp"
#include "impact/power_recurrence.hpp"

namespace calib::impact::detail {

Node node_at(double s, const EnergyState& y, const EnergyDamping& damping) {
  const double d = damping.of(y[0]);
  const double a = -y[0] - d * y[1];                                 // v'
  const double j = -y[1] - damping.rate(y[1]) * y[1] - d * a;       // v'' = −v − D' v − D v'
  return {s, y[0], y[1], a, j};
}

namespace {

// q(s) between two nodes: the degree-7 Hermite interpolant of q, q', q'', q''' at both ends
// (Newton form over the confluent nodes s0 ×4, s1 ×4). Its error, ~h⁸ q⁽⁸⁾/8!/2⁸ for a step
// h, is below 1e-14 at the steps the 7(8) stepper takes at rel_tol 1e-10 (h ≲ 0.3 in s).
class SepticHermite {
 public:
  SepticHermite(const Node& n0, const Node& n1) : s0_(n0.s), s1_(n1.s) {
    const double z[8] = {s0_, s0_, s0_, s0_, s1_, s1_, s1_, s1_};
    // f^(k)/k! at each node, k = 0..3.
    const double d0[4] = {n0.q, n0.dq, n0.d2q / 2.0, n0.d3q / 6.0};
    const double d1[4] = {n1.q, n1.dq, n1.d2q / 2.0, n1.d3q / 6.0};
    for (int i = 0; i < 8; ++i) c_[i] = i < 4 ? d0[0] : d1[0];
    // Two distinct nodes: every non-confluent difference z[i] − z[i−k] is s1 − s0 (one division).
    const double inv_h = 1.0 / (s1_ - s0_);
    for (int k = 1; k < 8; ++k)
      for (int i = 7; i >= k; --i)
        c_[i] = z[i] == z[i - k] ? (i < 4 ? d0[k] : d1[k]) : (c_[i] - c_[i - 1]) * inv_h;
  }
  double operator()(double s) const {
    const double u = s - s0_, w = s - s1_;
    // Newton form: c0 + u(c1 + u(c2 + u(c3 + w(c4 + w(c5 + w(c6 + w c7)))))).
    double p = c_[7];
    for (int i = 6; i >= 4; --i) p = c_[i] + w * p;
    for (int i = 3; i >= 0; --i) p = c_[i] + u * p;
    return p;
  }
  bool contains(double s) const { return s >= s0_ && s <= s1_; }

 private:
  double s0_, s1_;
  double c_[8];
};

constexpr int kTerms = 28;  // Taylor terms of the end series (integral_from_zero)

// 1/k for k = 1..kTerms + 1: the recurrences below divide by k at every term, and a division on
// their dependency chain (~14 cycles) would set their pace; a multiplication does not.
constexpr std::array<double, kTerms + 2> kInverse = inverse_integers<kTerms + 2>();

}  // namespace

// ∫_0^L q^(−β) dr along the solution leaving the zero of q with speed v0. Taylor coefficients
// from q' = v, v' = −q − D v: (k+1) q_{k+1} = v_k, k v_k = −q_{k−1} − b Σ q_i v_{k−1−i} for the
// hysteresis family (D = b q), −q_{k−1} − b v_{k−1} for the Tsuji family (D = b) (direction +1:
// forward from contact start, q = v0 r + …; −1: backward from a separation, q = |v0| r + …). With
// q = |v0| r P(r), P(0) = 1, P^(−β) = Σ c_k r^k by J.C.P. Miller's recurrence
// c_k = (1/k) Σ_j ((1 − β) j − k) p_j c_{k−j}, and the integral is
// |v0|^(−β) L^(1−β) Σ c_k L^k/(k + 1 − β). NaN when the series has not converged at L.
double integral_from_zero(double v0, const EnergyDamping& damping, double beta, double L,
                          int direction) {
  const double b = damping.b;
  // The Taylor coefficients are produced as the Miller recurrence needs them (p_k needs
  // q_{k+1}), so a series that converges early stops both.
  std::array<double, kTerms + 2> q{}, v{};
  q[0] = 0.0, v[0] = v0, q[1] = v0;
  auto next_taylor = [&](int k) {  // v_k from q_{≤k−1}, v_{≤k−1}; then q_{k+1} = v_k/(k+1)
    double dv = v[k - 1];  // the Taylor coefficient of D v / b
    if (!damping.tsuji) {  // Σ q_i v_{k−1−i}, q_0 = 0; two partial sums (not one chain)
      double even = 0.0, odd = 0.0;
      int i = 1;
      for (; i + 1 <= k - 1; i += 2) {
        even += q[i] * v[k - 1 - i];
        odd += q[i + 1] * v[k - 2 - i];
      }
      if (i == k - 1) even += q[i] * v[0];
      dv = even + odd;
    }
    v[k] = -(q[k - 1] + b * dv) * kInverse[k];
    q[k + 1] = v[k] * kInverse[k + 1];
  };
  // 1/(k + 1 − β) for the integral's terms, off the recurrences' chain.
  std::array<double, kTerms + 1> inverse_power{};
  for (int k = 0; k <= kTerms; ++k) inverse_power[k] = 1.0 / (k + 1.0 - beta);
  std::array<double, kTerms + 1> p{}, c{};
  p[0] = 1.0, c[0] = 1.0;
  double sum = inverse_power[0], Lk = 1.0, last = 0.0, before_last = 0.0, sign = 1.0;
  const double inverse_q1 = 1.0 / q[1];
  for (int k = 1; k <= kTerms; ++k) {
    next_taylor(k);
    sign *= direction;
    p[k] = sign * q[k + 1] * inverse_q1;
    // Miller's recurrence for P^(−β) (power_recurrence.hpp): the older terms off the chain,
    // the newest (j = 1, c_{k−1}) added last.
    const double older = miller_older_terms(1.0 - beta, p.data(), c.data(), k);
    c[k] = (older + ((1.0 - beta) - k) * p[1] * c[k - 1]) * kInverse[k];
    Lk *= L;
    before_last = last;
    last = c[k] * Lk * inverse_power[k];
    sum += last;
    // Two terms in a row below 1e-15 of the sum (the terms fall geometrically, so the rest is
    // ~1e-15 too: t_contact is wanted to ~1e-11): one alone can be small by accident. (1e-17 took
    // 36 terms per contact instead of 32, for no change in the worst t_contact over 3,000 laws.)
    if (k > 4 && std::abs(last) + std::abs(before_last) <= 1e-15 * std::abs(sum)) break;
  }
  if (!(std::abs(last) + std::abs(before_last) <= 1e-14 * std::abs(sum)))
    return std::numeric_limits<double>::quiet_NaN();
  return std::pow(std::abs(v0), -beta) * std::pow(L, 1.0 - beta) * sum;
}

// ∫ q^(−β) ds over [lo, hi] on the nodes' interpolant, q's zeros at s = 0 and s = s_zero just
// outside. Gauss–Legendre with N = 20 points errs by ~ρ^(−2N) with ρ = r + √(r² − 1), r the
// distance from a panel's centre to the nearest zero over its half-length (Bernstein ellipse):
// a panel is split until r ≥ 1.25 (ρ ≥ 2, ρ^−40 ≤ 1e-12). The ends' series stop a quarter of
// the way to s_max, so one panel covers the whole middle of a lightly damped contact (r ≈ 1.33
// there): 20 powers per contact, where r ≥ 1.34 would split that panel in two for 40 powers
// without making the worst t_contact over 3,000 laws (1.6e-11) any better.
double panels_integral(const std::vector<Node>& nodes, double lo, double hi, double s_zero,
                       double beta) {
  using Gauss = boost::math::quadrature::gauss<double, 20>;
  if (!(hi > lo)) return 0.0;
  // The accepted step [nodes[i], nodes[i + 1]] holding s (the last one for s beyond it).
  auto step_of = [&nodes](double s) {
    auto it = std::upper_bound(nodes.begin(), nodes.end(), s,
                               [](double t, const Node& n) { return t < n.s; });
    const std::size_t i = it == nodes.begin() ? 0 : static_cast<std::size_t>(it - nodes.begin()) - 1;
    return std::min(i, nodes.size() - 2);
  };
  std::optional<SepticHermite> interp;
  auto q_at = [&](double s) {
    if (!(interp && interp->contains(s))) {
      const std::size_t i = step_of(s);
      interp.emplace(nodes[i], nodes[i + 1]);
    }
    return (*interp)(s);
  };
  // One panel's rule, its points taken in increasing s so that each step's interpolant is built
  // once (Gauss::integrate alternates between the two halves).
  auto panel = [&](double a, double b) {
    const auto& x = Gauss::abscissa();  // the positive half of the symmetric rule (N even)
    const auto& w = Gauss::weights();
    const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
    // q^(−β) as exp(−β ln q): the two are faster than pow here (the 20 nodes are independent),
    // and ~1e-16·β|ln q| of relative error is far below the rule's.
    double sum = 0.0;
    for (std::size_t i = x.size(); i-- > 0;) sum += w[i] * std::exp(-beta * std::log(q_at(mid - half * x[i])));
    for (std::size_t i = 0; i < x.size(); ++i) sum += w[i] * std::exp(-beta * std::log(q_at(mid + half * x[i])));
    return half * sum;
  };
  auto shortest_step = [&](double a, double b) {
    double shortest = std::numeric_limits<double>::infinity();
    for (std::size_t i = step_of(a); i + 1 < nodes.size() && nodes[i].s < b; ++i)
      shortest = std::min(shortest, nodes[i + 1].s - nodes[i].s);
    return shortest;
  };
  double total = 0.0;
  std::array<std::pair<double, double>, 64> stack;
  std::size_t top = 0;
  stack[top++] = {lo, hi};
  while (top > 0) {
    const auto [a, b] = stack[--top];
    const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
    // Besides the zeros of q, q's own complex singularities: strong damping (large b) packs the
    // turn at s_max into a short s-range. The stepper's steps measure that (a 7(8) step at
    // rel_tol 1e-10 is ~1/20 of the local radius of convergence), so a panel is also split
    // while it spans more than 8 of its shortest step.
    if ((std::min(mid, s_zero - mid) < 1.25 * half || half > 8.0 * shortest_step(a, b)) &&
        top + 2 <= stack.size()) {
      stack[top++] = {mid, b};
      stack[top++] = {a, mid};
      continue;
    }
    total += panel(a, b);
  }
  return total;
}


std::optional<OverdampedTail> overdamped_tail(double q1, double v1, double b, double beta,
                                              double capture_speed, int bits) {
  const double root = std::sqrt(b * b - 4.0);
  const double l1 = -2.0 / (b + root), l2 = -0.5 * (b + root);
  const double a1 = (v1 - l2 * q1) / (l1 - l2), a2 = q1 - a1;
  // On this trajectory q > 0 for ever (it left q = 0 and cannot return): A₁ > 0. Anything else
  // is not this contact's state; the stepper continues.
  if (!(a1 > 0.0) || !(q1 > 0.0)) return std::nullopt;
  auto q_at = [=](double t) { return a1 * std::exp(l1 * t) + a2 * std::exp(l2 * t); };
  auto v_at = [=](double t) { return l1 * a1 * std::exp(l1 * t) + l2 * a2 * std::exp(l2 * t); };
  auto log_speed_excess = [&](double t) {
    return std::log(std::hypot(q_at(t), v_at(t)) / capture_speed);
  };
  const double bound = a1 * std::sqrt(1.0 + l1 * l1) + std::abs(a2) * std::sqrt(1.0 + l2 * l2);
  const double t_hi = std::log(capture_speed / bound) / l1;
  const double g0 = log_speed_excess(0.0), g1 = log_speed_excess(t_hi);
  if (!(g0 > 0.0) || !(g1 <= 0.0)) return std::nullopt;
  const double t_c = locate_event(log_speed_excess, 0.0, t_hi, g0, g1, bits, 200).second;
  // q^(−β) grows like e^(−β λ₁ t) (smooth, no zero of q on the way): adaptive Gauss–Kronrod.
  double integral = t_c;
  if (beta > 0.0) {
    integral = boost::math::quadrature::gauss_kronrod<double, 31>::integrate(
        [&](double t) { return std::pow(q_at(t), -beta); }, 0.0, t_c, 30, 1e-13);
  }
  return OverdampedTail{t_c, q_at(t_c), v_at(t_c), integral};
}

}  // namespace calib::impact::detail
