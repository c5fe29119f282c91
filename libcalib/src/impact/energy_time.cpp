// The hysteresis and Tsuji families in energy time (energy_time.hpp has the change of variables,
// energy_time_parts.hpp the pieces): set-up, stepping with the events, the contact time by end
// series and quadrature, the overdamped tail.
#include "impact/energy_time.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <boost/numeric/odeint.hpp>

#include "core/locate_event.hpp"
#include "impact/contact_system.hpp"
#include "impact/energy_time_parts.hpp"
#include "impact/hermite_dense.hpp"

namespace calib::impact::detail {

namespace {

std::vector<Node>& node_buffer() {
  thread_local std::vector<Node> nodes;
  return nodes;
}

// One contact in energy time. q = cq x^((n+1)/2) (q²/2 the spring energy per unit mass), s the
// phase of the undamped contact (q = V sin s, separation at s = π), x^((n−1)/2) = (q/cq)^β.
class EnergyTimeSolve {
 public:
  EnergyTimeSolve(const GenericCoefficients& c, const ImpactOptions& opt)
      : c_(c), opt_(opt), cq_(std::sqrt(2.0 * c.A / (c.n + 1.0))), beta_((c.n - 1.0) / (c.n + 1.0)),
        tsuji_(!has_hysteresis_form(c)),
        // b = a/A (h) for the hysteresis family; for the Tsuji family dτ/ds takes x^((n−1)/2)
        // out of the damper a x^((n−1)/2) x' and leaves b = 2a/(cq (n+1)) (energy_time.hpp).
        damping_{tsuji_ ? 2.0 * c.a / (cq_ * (c.n + 1.0)) : c.a / c.A, tsuji_}, b_(damping_.b),
        to_x_(2.0 / (c.n + 1.0)), force_power_(2.0 * c.n / (c.n + 1.0)),
        k_(2.0 * std::pow(cq_, beta_) / (cq_ * (c.n + 1.0))),
        separates_at_force_zero_(separates_at_force_zero(c)),
        never_separates_(tsuji_ && !c.clamp && b_ >= 2.0),
        sys_{damping_, &r_.evaluations},
        // q and v are speeds: tolerances scale with V.
        stepper_(opt.abs_tol * c.V, opt.rel_tol, std::cref(sys_)),
        // Every event here is followed by a Newton step whose own error is second order in the
        // located s's error (F, q stationary at the peak and at s_max; the Tsuji separations)
        // or third (hysteresis q = 0, where v' = 0): 24 bits (6e-8) leave ~4e-15.
        bits_(std::min(opt.event_bits, 24)),
        nodes_(node_buffer()) {}

  // Very large damping is stiff here too: hysteresis v relaxes onto −1/b at the rate b q and the
  // steps grow as ~h/5, so where they would exceed the explicit budget the τ solve (with its
  // Rosenbrock fallback) is taken at once. An overdamped unclamped Tsuji contact's creep is
  // closed-form (overdamped_tail) from b = 2.5 on, ~10–40 steps in all.
  bool too_stiff() const {
    const double predicted_steps = tsuji_ ? 0.0 : b_ * c_.V / 5.0;
    return predicted_steps > 0.8 * static_cast<double>(opt_.stiff_after);
  }

  std::optional<RawResult> run(HandOverCost& spent) {
    stepper_.initialize(EnergyState{0.0, c_.V, 0.0}, 0.0, 0.1);
    nodes_.clear();
    nodes_.push_back(node_at(0.0, stepper_.current_state(), damping_));
    peak_found_ = !(b_ > 0);
    if (!peak_found_ && phi(stepper_.current_state()) <= 0.0) {
      peak_found_ = true;
      r_.f_max = force(stepper_.current_state());
    }
    while (true) {
      if (r_.steps >= opt_.stiff_after || r_.steps >= opt_.max_steps) return hand_over(spent);
      const auto [s0, s1] = stepper_.do_step(sys_);
      ++r_.steps;
      const EnergyState y0 = stepper_.previous_state(), y1 = stepper_.current_state();
      nodes_.push_back(node_at(s1, y1, damping_));
      note_peak_force(s0, s1, y0, y1);
      note_turning_point(s0, s1, y0, y1);
      if (!rebounding_) continue;
      if (overdamped_capture(s1, y1) || captured(s1, y1)) return r_;
      if (contact_indicator(y1) > 0.0) continue;
      if (separate(s0, s1, y0, y1)) return r_;
      return hand_over(spent);
    }
  }

 private:
  std::optional<RawResult> hand_over(HandOverCost& spent) const {
    spent = {r_.steps, r_.evaluations};
    return std::nullopt;
  }
  // F = xⁿ (A + a v) = A (q/cq)^(2n/(n+1)) (1 + b v) (hysteresis);
  // F = A xⁿ + a x^((n−1)/2) v = (A/cq) (q/cq)^β (q + b v) (Tsuji).
  double force(const EnergyState& y) const {
    return tsuji_ ? c_.A / cq_ * std::pow(y[0] / cq_, beta_) * (y[0] + b_ * y[1])
                  : c_.A * std::pow(y[0] / cq_, force_power_) * (1.0 + b_ * y[1]);
  }
  // The peak force, where d ln F/ds changes sign (once, while compressing; F > 0):
  //  hysteresis: (2n/(n+1)) v/q + b v'/(1 + b v) = 0, i.e. φ = (2n/(n+1)) v − b q² = 0;
  //  Tsuji: β v/q + (v + b v')/(q + b v) = 0 with v' = −q − b v, times q (q + b v):
  //    φ = (1 + β − b²) q v + β b v² − b q². At n = 1 (β = 0) φ/q = (1 − b²) v − b q is used
  //    (φ's zero at s = 0 is not a peak); it is ≤ 0 at once when b ≥ 1, and then the peak is
  //    the first instant, F = A b V/cq.
  double phi(const EnergyState& y) const {
    const double q = y[0], v = y[1];
    if (!tsuji_) return force_power_ * v - b_ * q * q;
    if (beta_ == 0.0) return (1.0 - b_ * b_) * v - b_ * q;
    return (1.0 + beta_ - b_ * b_) * q * v + beta_ * b_ * v * v - b_ * q * q;
  }
  // The separation event g = 0: q = 0, or for the clamped Tsuji law F = 0, i.e. q + b v = 0
  // (reached before q = 0). The hysteresis family's clamp never acts (separates_at_force_zero):
  // v' = −q(1 + b v) vanishes as v → −1/b, so F = xⁿ(A + a v) stays > 0 until δ = 0.
  double contact_indicator(const EnergyState& y) const {
    return separates_at_force_zero_ ? y[0] + b_ * y[1] : y[0];
  }
  double indicator_rate(const EnergyState& rate) const {  // g' from the RHS at the state
    return separates_at_force_zero_ ? rate[0] + b_ * rate[1] : rate[0];
  }
  // The root of g along [s0, s1] on the interpolant, then the state there by a re-step.
  template <class G>
  std::pair<double, EnergyState> locate(G g, double s0, double s1, double g0, double g1,
                                        EnergyState& deriv) {
    const double s = bracket_midpoint(locate_event_on(stepper_, g, s0, s1, g0, g1, bits_));
    return {s, stepper_.exact_state(s, deriv)};
  }

  void note_peak_force(double s0, double s1, const EnergyState& y0, const EnergyState& y1) {
    if (peak_found_ || !(phi(y1) <= 0.0)) return;
    peak_found_ = true;
    if (!opt_.diagnostics) return;
    EnergyState d;
    const auto [s, y] = locate([this](const EnergyState& z) { return phi(z); }, s0, s1, phi(y0),
                               phi(y1), d);
    r_.f_max = force(y);  // F is stationary there: the located s's error enters squared
  }

  void note_turning_point(double s0, double s1, const EnergyState& y0, const EnergyState& y1) {
    if (rebounding_ || !(y1[1] <= 0.0)) return;
    rebounding_ = true;
    EnergyState d;
    const auto [s, y] = locate([](const EnergyState& z) { return z[1]; }, s0, s1, y0[1], y1[1], d);
    // q is stationary there (q' = v): one Newton step on v, q_max = q − v²/(2v').
    q_max_ = d[1] < 0.0 ? y[0] - y[1] * y[1] / (2.0 * d[1]) : y[0];
    s_max_ = d[1] < 0.0 ? s - y[1] / d[1] : s;
    r_.x_max = std::pow(q_max_ / cq_, to_x_);
    if (!(b_ > 0)) r_.f_max = c_.A * std::pow(q_max_ / cq_, force_power_);  // undamped: at δ_max
  }

  // Overdamped, unclamped Tsuji: the rest is closed-form (overdamped_tail) where the creep would
  // be long (b ≥ 2.5; below it the stepper reaches capture in ≲ 80 steps).
  bool overdamped_capture(double s1, const EnergyState& y1) {
    if (!(never_separates_ && b_ >= 2.5)) return false;
    const auto tail = overdamped_tail(y1[0], y1[1], b_, beta_, opt_.capture_tol * c_.V,
                                      opt_.event_bits);
    if (!tail) return false;
    r_.status = Status::captured;
    r_.x_sep = std::pow(tail->q / cq_, to_x_);
    // Damping work = the energy the oscillator lost: ½(q² + v²) at s1 minus at capture.
    r_.work = y1[2] + 0.5 * (y1[0] * y1[0] + y1[1] * y1[1] - tail->q * tail->q - tail->v * tail->v);
    r_.t_sep = contact_time(s1, y1, false) + k_ * tail->integral;
    return true;
  }

  // Captured (as in the τ solve): the bodies turned back into each other (v > 0 again), or the
  // speed they could still reach, √(v² + q²), is below capture_tol·V, or q reached 0 where it
  // cannot (an overdamped unclamped Tsuji law never separates: that zero is rounding).
  bool captured(double s1, const EnergyState& y1) {
    if (!(y1[1] > 0.0 || std::hypot(y1[0], y1[1]) < opt_.capture_tol * c_.V ||
          (never_separates_ && y1[0] <= 0.0)))
      return false;
    r_.status = Status::captured;
    r_.x_sep = std::pow(std::max(y1[0], 0.0) / cq_, to_x_);
    r_.work = y1[2];
    r_.t_sep = contact_time(s1, y1, false);
    return true;
  }

  // Separation: the zero of g located on the interpolant, then one Newton step δ = −g/g' from
  // the re-stepped state. False when the contact time could not be summed (hand over to τ).
  bool separate(double s0, double s1, const EnergyState& y0, const EnergyState& y1) {
    auto g = [this](const EnergyState& y) { return contact_indicator(y); };
    EnergyState d;
    const auto [s_event, y] = locate(g, s0, s1, contact_indicator(y0), contact_indicator(y1), d);
    const double delta =
        std::clamp(-contact_indicator(y) / indicator_rate(d), s0 - s_event, s1 - s_event);
    r_.status = Status::separated;
    r_.v_sep = y[1] + d[1] * delta;
    r_.work = y[2] + d[2] * delta;
    const EnergyState at_sep{separates_at_force_zero_ ? y[0] + y[1] * delta : 0.0, r_.v_sep,
                             r_.work};
    r_.x_sep = separates_at_force_zero_ ? std::pow(std::max(at_sep[0], 0.0) / cq_, to_x_) : 0.0;
    r_.t_sep = contact_time(s_event + delta, at_sep, !separates_at_force_zero_);
    return !std::isnan(r_.t_sep);
  }

  // The end series from a zero of q, over `length` (halved until it converges).
  double end_integral(double speed, double& length, int direction) const {
    double value = integral_from_zero(speed, damping_, beta_, length, direction);
    for (int halving = 0; std::isnan(value) && halving < 10; ++halving) {
      length *= 0.5;
      value = integral_from_zero(speed, damping_, beta_, length, direction);
    }
    return value;
  }
  // τ = k ∫_0^s_end q^(−β) ds, k = 2 cq^β/(cq (n+1)): closed-form series from the zeros of q at
  // the ends (a quarter of the way to s_max each), Gauss–Legendre panels between. `ends_at_zero`:
  // q = 0 at s_end (else q_end > 0 and there is no end series; the next zero is put at the linear
  // extrapolation s_end + q_end/|v_end| for the panels).
  double contact_time(double s_end, const EnergyState& end, bool ends_at_zero) const {
    if (!(beta_ > 0.0)) return k_ * s_end;  // n = 1: τ ∝ s
    double head = 0.25 * s_max_, tail = ends_at_zero ? 0.25 * (s_end - s_max_) : 0.0;
    const double head_integral = end_integral(c_.V, head, +1);
    const double tail_integral = ends_at_zero ? end_integral(end[1], tail, -1) : 0.0;
    const double s_zero =
        ends_at_zero ? s_end : s_end + (end[1] < 0.0 ? end[0] / -end[1] : s_end - s_max_);
    return k_ * (head_integral + tail_integral +
                 panels_integral(nodes_, head, s_end - tail, s_zero, beta_));
  }

  using Stepper = HermiteDense<boost::numeric::odeint::runge_kutta_fehlberg78<EnergyState>,
                               std::reference_wrapper<const EnergyTimeSystem>>;
  const GenericCoefficients& c_;
  const ImpactOptions& opt_;
  RawResult r_;
  const double cq_, beta_;
  const bool tsuji_;
  const EnergyDamping damping_;
  const double b_, to_x_, force_power_, k_;
  const bool separates_at_force_zero_, never_separates_;
  EnergyTimeSystem sys_;
  Stepper stepper_;
  const int bits_;
  std::vector<Node>& nodes_;
  bool rebounding_ = false, peak_found_ = false;
  double s_max_ = 0.0, q_max_ = 0.0;
};

}  // namespace

bool solvable_in_energy_time(const GenericCoefficients& c) {
  return (has_hysteresis_form(c) || has_tsuji_form(c)) && c.A > 0 && c.a >= 0 && c.V > 0;
}

std::optional<RawResult> integrate_energy_time(const GenericCoefficients& c,
                                               const ImpactOptions& opt, HandOverCost& spent) {
  EnergyTimeSolve solve(c, opt);
  if (solve.too_stiff()) return std::nullopt;
  return solve.run(spent);
}

}  // namespace calib::impact::detail
