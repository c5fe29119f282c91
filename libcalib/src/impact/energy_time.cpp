// The hysteresis family in energy time (energy_time.hpp has the change of variables).
#include "impact/energy_time.hpp"

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
#include <boost/numeric/odeint.hpp>

#include "impact/hermite_dense.hpp"
#include "impact/power_recurrence.hpp"

namespace calib::impact::detail {

namespace {

namespace odeint = boost::numeric::odeint;

using EnergyState = std::array<double, 3>;  // q, v = dq/ds, damping work (energy_time.hpp)

// The damping term of the equation in energy time (energy_time.hpp): v' = −q − D v with
// D = b q for the hysteresis family, D = b for the Tsuji family.
struct EnergyDamping {
  double b;
  bool tsuji;
  double of(double q) const { return tsuji ? b : b * q; }
  double rate(double v) const { return tsuji ? 0.0 : b * v; }  // dD/ds = D_q q'
};

// q' = v, v' = −q − D v, W' = D v² (energy_time.hpp). A polynomial: ~5 flops.
struct EnergyTimeSystem {
  EnergyDamping damping;
  std::size_t* evaluations;
  void operator()(const EnergyState& y, EnergyState& dy, double) const {
    ++*evaluations;
    const double d = damping.of(y[0]);
    dy[0] = y[1];
    dy[1] = -y[0] - d * y[1];
    dy[2] = d * y[1] * y[1];
  }
};

// q at an accepted step end with its first three derivatives in s (v, v' and v'' from the
// equation), for the contact-time quadrature.
struct Node {
  double s, q, dq, d2q, d3q;
};
Node node_at(double s, const EnergyState& y, const EnergyDamping& damping) {
  const double d = damping.of(y[0]);
  const double a = -y[0] - d * y[1];                                 // v'
  const double j = -y[1] - damping.rate(y[1]) * y[1] - d * a;       // v'' = −v − D' v − D v'
  return {s, y[0], y[1], a, j};
}

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
// their dependency chain (~14 cycles) was most of their time.
constexpr std::array<double, kTerms + 2> kInverse = inverse_integers<kTerms + 2>();

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
// there): 20 powers per contact. (With r ≥ 1.34 that panel was always split in two: 40 powers,
// 7 % of a hunt-crossley sweep; the worst t_contact over 3,000 laws, 1.6e-11, did not move.)
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

// The rest of an overdamped unclamped Tsuji contact, in closed form. From a state (q1, v1) of
// q'' + b q' + q = 0 with b > 2: q(t) = A₁ e^(λ₁t) + A₂ e^(λ₂t), λ₁,₂ = (−b ± √(b² − 4))/2 (λ₁
// the slow one, written −2/(b + √(b² − 4)) to avoid cancellation). The speed √(q² + v²) only
// falls (its square's rate is −2b v²), so the capture instant, speed = capture_speed, is the one
// root in [0, t_hi], t_hi = ln(capture_speed/S)/λ₁ with S = Σ|A_i|√(1 + λ_i²) bounding
// speed(t)·e^(−λ₁t). The explicit stepper would need ~6 b² steps to creep there (stiff: the fast
// mode λ₂ ≈ −b bounds its step while the slow one ≈ −1/b sets the time).
struct OverdampedTail {
  double t_capture, q, v;  // time after (q1, v1), and the state there
  double integral;         // ∫ q^(−β) dt over [0, t_capture]
};
std::optional<OverdampedTail> overdamped_tail(double q1, double v1, double b, double beta,
                                              double capture_speed) {
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
  std::uintmax_t iterations = 200;
  const auto bracket = boost::math::tools::toms748_solve(
      log_speed_excess, 0.0, t_hi, g0, g1, boost::math::tools::eps_tolerance<double>(52), iterations);
  const double t_c = bracket.second;
  // q^(−β) grows like e^(−β λ₁ t) (smooth, no zero of q on the way): adaptive Gauss–Kronrod.
  double integral = t_c;
  if (beta > 0.0) {
    integral = boost::math::quadrature::gauss_kronrod<double, 31>::integrate(
        [&](double t) { return std::pow(q_at(t), -beta); }, 0.0, t_c, 30, 1e-13);
  }
  return OverdampedTail{t_c, q_at(t_c), v_at(t_c), integral};
}

}  // namespace

bool solvable_in_energy_time(const GenericCoefficients& c) {
  return (has_hysteresis_form(c) || has_tsuji_form(c)) && c.A > 0 && c.a >= 0 && c.V > 0;
}

std::optional<RawResult> integrate_energy_time(const GenericCoefficients& c,
                                               const ImpactOptions& opt, Spent& spent) {
  RawResult r;
  auto hand_over = [&] {
    spent = {r.steps, r.evaluations};
    return std::nullopt;
  };
  const double cq = std::sqrt(2.0 * c.A / (c.n + 1.0));  // q = cq x^((n+1)/2)
  const double beta = (c.n - 1.0) / (c.n + 1.0);           // x^((n−1)/2) = (q/cq)^β
  const bool tsuji = !has_hysteresis_form(c);
  // b = a/A (h) for the hysteresis family; for the Tsuji family dτ/ds takes x^((n−1)/2) out of
  // the damper a x^((n−1)/2) x' and leaves b = 2a/(cq (n+1)) (energy_time.hpp).
  const EnergyDamping damping{tsuji ? 2.0 * c.a / (cq * (c.n + 1.0)) : c.a / c.A, tsuji};
  const double b = damping.b;
  // Very large damping is stiff here too; where the explicit steps would exceed the explicit
  // budget the τ solve (with its Rosenbrock fallback) is taken at once instead of after a
  // wasted budget. Hysteresis: v relaxes onto −1/b at the rate b q, and the steps grow as ~h/5
  // (measured at n = 3/2: h = 1e3 → 247 steps, 3e3 → 644, 1e4 → 2,031). Tsuji, unclamped and
  // overdamped (b > 2): q' = v, v' = −q − b v creeps to rest at the slow rate ~1/b, which would
  // take ~6 b² steps (measured at n = 3/2: b = 2.7 → 77, 8.9 → 436), but from b = 2.5 on that
  // creep is closed-form (overdamped_tail): ~10–30 steps up to b = 100, and at most ~40 below.
  const double predicted_steps = tsuji ? 0.0 : b * c.V / 5.0;
  if (predicted_steps > 0.8 * static_cast<double>(opt.stiff_after)) return std::nullopt;
  const double to_x = 2.0 / (c.n + 1.0);               // x = (q/cq)^to_x
  const double force_power = 2.0 * c.n / (c.n + 1.0);  // xⁿ = (q/cq)^force_power
  // F = xⁿ (A + a v) = A (q/cq)^(2n/(n+1)) (1 + b v) (hysteresis);
  // F = A xⁿ + a x^((n−1)/2) v = (A/cq) (q/cq)^β (q + b v) (Tsuji).
  auto force = [&](const EnergyState& y) {
    return tsuji ? c.A / cq * std::pow(y[0] / cq, beta) * (y[0] + b * y[1])
                 : c.A * std::pow(y[0] / cq, force_power) * (1.0 + b * y[1]);
  };
  EnergyTimeSystem sys{damping, &r.evaluations};
  using Rhs = std::reference_wrapper<const EnergyTimeSystem>;
  // q and v are speeds (q²/2 is the spring energy per unit mass): tolerances scale with V.
  HermiteDense<odeint::runge_kutta_fehlberg78<EnergyState>, Rhs> stepper(opt.abs_tol * c.V, opt.rel_tol,
                                                                     std::cref(sys));
  // s is the phase of the undamped contact (q = V sin s, separation at s = π): O(1) steps.
  stepper.initialize(EnergyState{0.0, c.V, 0.0}, 0.0, 0.1);
  thread_local std::vector<Node> nodes;
  nodes.clear();
  nodes.push_back(node_at(0.0, stepper.current_state(), damping));

  // Every event here is followed by a Newton step whose own error is second order in the
  // located s's (F, q stationary at the peak and at s_max; the Tsuji separations) or third
  // (hysteresis q = 0, where v' = 0): 24 bits (6e-8) leave ~4e-15, so more would only cost
  // TOMS748 iterations (32 bits: the same worst errors over 3,000 laws of each family, 2 %
  // slower).
  boost::math::tools::eps_tolerance<double> tol(std::min(opt.event_bits, 24));
  EnergyState scratch;
  auto interpolated = [&](double s) {
    stepper.calc_state(s, scratch);
    return scratch;
  };
  // The root of g along [s0, s1] on the interpolant, then the state there by a re-step.
  auto locate = [&](auto g, double s0, double s1, double g0, double g1, EnergyState& deriv) {
    std::uintmax_t iterations = 100;
    const auto bracket = boost::math::tools::toms748_solve(
        [&](double s) { return g(interpolated(s)); }, s0, s1, g0, g1, tol, iterations);
    const double s = 0.5 * (bracket.first + bracket.second);
    return std::pair{s, stepper.exact_state(s, deriv)};
  };

  // The peak force, where d ln F/ds changes sign (once, while compressing; F > 0):
  //  hysteresis: (2n/(n+1)) v/q + b v'/(1 + b v) = 0, i.e. φ = (2n/(n+1)) v − b q² = 0 (φ falls
  //    from 2n/(n+1)·V to −b q_max² at v = 0);
  //  Tsuji: β v/q + (v + b v')/(q + b v) = 0 with v' = −q − b v, times q (q + b v):
  //    φ = (1 + β − b²) q v + β b v² − b q² (β b V² > 0 at s = 0, −b q_max² at v = 0).
  //    At n = 1 (β = 0) φ/q = (1 − b²) v − b q is used instead (φ's zero at s = 0 is not a peak);
  //    it is ≤ 0 at once when b ≥ 1, and then the peak is the first instant, F = A b V/cq.
  auto phi = [&](const EnergyState& y) {
    const double q = y[0], v = y[1];
    if (!tsuji) return force_power * v - b * q * q;
    if (beta == 0.0) return (1.0 - b * b) * v - b * q;
    return (1.0 + beta - b * b) * q * v + beta * b * v * v - b * q * q;
  };
  // The separation event g = 0 and its rate g' along the solution: q = 0, or for the clamped
  // Tsuji law F = 0, i.e. q + b v = 0 (reached before q = 0: g = b v < 0 there), g' = v + b v'.
  // The hysteresis family's clamp never acts: v' = −q(1 + b v) vanishes as v → −1/b, so v stays
  // above −1/b, F = xⁿ(A + a v) stays > 0 and F = 0 is only approached, never reached, before
  // δ = 0 (with the clamp tested, rounding at v ≈ −1/b had stopped large-h contacts early).
  const bool separates_at_force_zero = tsuji && c.clamp;
  auto contact_indicator = [&](const EnergyState& y) {
    return separates_at_force_zero ? y[0] + b * y[1] : y[0];
  };
  auto indicator_rate = [&](const EnergyState& rate) {  // from the RHS at the state
    return separates_at_force_zero ? rate[0] + b * rate[1] : rate[0];
  };
  // Contact time τ = k ∫_0^s_end q^(−β) ds, k = 2 cq^β/(cq (n+1)) (dτ = ds/(cq (n+1)/2 ·
  // x^((n−1)/2)), x^((n−1)/2) = (q/cq)^β): closed-form series from the zeros of q at the ends
  // (a quarter of the way to s_max each, halved until the series converges), Gauss–Legendre
  // panels between. `ends_at_zero`: q = 0 at s_end (else q_end > 0 and there is no end series;
  // the next zero is put at the linear extrapolation s_end + q_end/|v_end| for the panels).
  const double k = 2.0 * std::pow(cq, beta) / (cq * (c.n + 1.0));
  auto end_integral = [&](double speed, double& length, int direction) {
    double value = integral_from_zero(speed, damping, beta, length, direction);
    for (int halving = 0; std::isnan(value) && halving < 10; ++halving) {
      length *= 0.5;
      value = integral_from_zero(speed, damping, beta, length, direction);
    }
    return value;
  };
  auto contact_time = [&](double s_max, double s_end, const EnergyState& end, bool ends_at_zero) {
    if (!(beta > 0.0)) return k * s_end;  // n = 1: τ ∝ s
    double head = 0.25 * s_max, tail = ends_at_zero ? 0.25 * (s_end - s_max) : 0.0;
    const double head_integral = end_integral(c.V, head, +1);
    const double tail_integral = ends_at_zero ? end_integral(end[1], tail, -1) : 0.0;
    const double s_zero =
        ends_at_zero ? s_end : s_end + (end[1] < 0.0 ? end[0] / -end[1] : s_end - s_max);
    return k * (head_integral + tail_integral + panels_integral(nodes, head, s_end - tail, s_zero, beta));
  };

  bool rebounding = false, peak_found = !(b > 0);
  if (!peak_found && phi(stepper.current_state()) <= 0.0) {
    peak_found = true;
    r.f_max = force(stepper.current_state());
  }
  // Overdamped and unclamped, the Tsuji law never separates: q = V (e^(λ₁s) − e^(λ₂s))/(λ₁ − λ₂)
  // > 0 for every s > 0 (λ real, b ≥ 2). A zero of q is then rounding at the tolerance's level
  // (q ~ 1e-12) and is reported as the capture it is.
  const bool never_separates = tsuji && !c.clamp && b >= 2.0;
  double s_max = 0.0, q_max = 0.0;
  while (true) {
    if (r.steps >= opt.stiff_after || r.steps >= opt.max_steps) return hand_over();
    const auto [s0, s1] = stepper.do_step(sys);
    ++r.steps;
    const EnergyState y0 = stepper.previous_state(), y1 = stepper.current_state();
    nodes.push_back(node_at(s1, y1, damping));
    EnergyState d;
    if (!peak_found && phi(y1) <= 0.0) {
      peak_found = true;
      if (opt.diagnostics) {
        const auto [s, y] = locate(phi, s0, s1, phi(y0), phi(y1), d);
        r.f_max = force(y);  // F is stationary there: the located s's error enters squared
      }
    }
    if (!rebounding && y1[1] <= 0.0) {
      rebounding = true;
      const auto [s, y] = locate([](const EnergyState& z) { return z[1]; }, s0, s1, y0[1], y1[1], d);
      // q is stationary there (q' = v): one Newton step on v, q_max = q − v²/(2v').
      q_max = d[1] < 0.0 ? y[0] - y[1] * y[1] / (2.0 * d[1]) : y[0];
      s_max = d[1] < 0.0 ? s - y[1] / d[1] : s;
      r.x_max = std::pow(q_max / cq, to_x);
      if (!(b > 0)) r.f_max = c.A * std::pow(q_max / cq, force_power);  // undamped: at δ_max
    }
    if (!rebounding) continue;
    // Overdamped, unclamped Tsuji: the rest is closed-form (see overdamped_tail) where the creep
    // would be long (b ≥ 2.5; below it the stepper reaches capture in ≲ 80 steps).
    if (never_separates && b >= 2.5) {
      const double capture_speed = opt.capture_tol * c.V;
      if (const auto tail = overdamped_tail(y1[0], y1[1], b, beta, capture_speed)) {
        r.status = Status::captured;
        r.x_sep = std::pow(tail->q / cq, to_x);
        // Damping work = the energy the oscillator lost: ½(q² + v²) at s1 minus at capture.
        r.work = y1[2] + 0.5 * (y1[0] * y1[0] + y1[1] * y1[1] - tail->q * tail->q - tail->v * tail->v);
        r.t_sep = contact_time(s_max, s1, y1, false) + k * tail->integral;
        return r;
      }
    }
    // Captured (as in the τ solve): the bodies turned back into each other (v > 0 again: in an
    // overdamped creep, rounding of v ~ 1e-12), or the speed they could still reach, √(v² + q²)
    // (q²/2 the spring energy), is below capture_tol·V (overdamped unclamped Tsuji: q decays
    // to 0 without reaching it), or q reached 0 where it cannot (never_separates).
    if (y1[1] > 0.0 || std::hypot(y1[0], y1[1]) < opt.capture_tol * c.V ||
        (never_separates && y1[0] <= 0.0)) {
      r.status = Status::captured;
      r.x_sep = std::pow(std::max(y1[0], 0.0) / cq, to_x);
      r.work = y1[2];
      r.t_sep = contact_time(s_max, s1, y1, false);
      return r;
    }
    const double g1 = contact_indicator(y1);
    if (g1 > 0.0) continue;
    // Separation: the zero of g, located on the interpolant, then one Newton step δ = −g/g'
    // from the re-stepped state.
    EnergyState d_event;
    const auto [s_event, y_event] =
        locate(contact_indicator, s0, s1, contact_indicator(y0), g1, d_event);
    const double delta = std::clamp(-contact_indicator(y_event) / indicator_rate(d_event),
                                    s0 - s_event, s1 - s_event);
    const double s_sep = s_event + delta;
    r.status = Status::separated;
    r.v_sep = y_event[1] + d_event[1] * delta;
    r.work = y_event[2] + d_event[2] * delta;
    const EnergyState at_sep{separates_at_force_zero ? y_event[0] + y_event[1] * delta : 0.0,
                             r.v_sep, r.work};
    r.x_sep = separates_at_force_zero ? std::pow(std::max(at_sep[0], 0.0) / cq, to_x) : 0.0;
    r.t_sep = contact_time(s_max, s_sep, at_sep, !separates_at_force_zero);
    if (std::isnan(r.t_sep)) return hand_over();
    return r;
  }
}

}  // namespace calib::impact::detail
