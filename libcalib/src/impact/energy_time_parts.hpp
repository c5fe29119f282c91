#pragma once
// Private to the impact layer: the pieces of the energy-time solve (energy_time.hpp has the
// change of variables; energy_time.cpp steps it): the system, the nodes of the contact-time
// quadrature, the end series, the panels between, and the overdamped tail.
#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace calib::impact::detail {

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
// q at an accepted step end with its first three derivatives in s, for the contact-time quadrature.
Node node_at(double s, const EnergyState& y, const EnergyDamping& damping);

// ∫_0^L q^(−β) dr along the solution leaving the zero of q with speed v0 (direction +1: forward
// from contact start; −1: backward from a separation); NaN when the series has not converged at L.
double integral_from_zero(double v0, const EnergyDamping& damping, double beta, double L,
                          int direction);

// ∫ q^(−β) ds over [lo, hi] on the nodes' interpolant, q's zeros at s = 0 and s = s_zero just
// outside.
double panels_integral(const std::vector<Node>& nodes, double lo, double hi, double s_zero,
                       double beta);

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
// The capture instant is located to `bits` (ImpactOptions::event_bits).
std::optional<OverdampedTail> overdamped_tail(double q1, double v1, double b, double beta,
                                              double capture_speed, int bits);

}  // namespace calib::impact::detail
