#pragma once
// Private to libcalib/src: the Taylor series of a linear-damper contact about a point inside
// the contact (x > 0), the step of phase B in taylor_bulk.cpp ("a higher-order
// stepper once the singular ends are gone").
//
// x'' = −(A xⁿ + a x') with x(t₀ + h) = Σ_k X_k hᵏ and xⁿ = Σ_k W_k hᵏ:
//   X_{k+2} = −(A W_k + a (k + 1) X_{k+1}) / ((k + 1)(k + 2))            (the equation, term k)
//   W_0 = X_0ⁿ,  W_k = Σ_{j=1..k} ((n + 1) j − k) X_j W_{k−j} / (k X_0)  (J.C.P. Miller's power
//   recurrence, power_recurrence.hpp; as in series_start.hpp, here in h itself).
// The damping work w' = a x'² is a series too: with D_k = (k + 1) X_{k+1} (x' = Σ D_k hᵏ),
//   w(h) − w(0) = Σ_{k≥1} a/k Σ_{j=0..k−1} D_j D_{k−1−j} hᵏ.
// Away from x = 0 every series is analytic; its radius is the distance to the nearest time at
// which x would reach 0 (xⁿ's branch point, real or complex), and a step covers a good part of
// it: a contact takes ~6 steps where Fehlberg 7(8) takes ~18. One pow per step (W_0),
// O(order²) multiply-adds, and the polynomial is the solution to the step's accuracy anywhere
// inside the step: no interpolant and no re-step to locate or report an event (taylor_bulk.cpp).
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "core/generic_coefficients.hpp"
#include "impact/power_recurrence.hpp"

namespace calib::impact::detail {

class LinearDamperTaylor {
 public:
  // The truncation order: the fastest of orders 12–28 in the PN2020 sweep at an unchanged
  // accuracy (lower orders take more steps, higher ones cost more per step).
  static constexpr int kOrder = 20;

  // The series about (x, x', xⁿ) for the law's A, a, n (c.p = 0). x > 0.
  void expand(const GenericCoefficients& c, double x, double v, double xn) {
    const double n1 = c.n + 1.0;
    const double inverse_x = 1.0 / x;
    X_[0] = x;
    X_[1] = v;
    W_[0] = xn;
    X_[2] = -0.5 * (c.A * xn + c.a * v);
    // The chain is W_{k−1} → W_k (its j = 1 term) → X_{k+2}: the older terms off it
    // (miller_older_terms), the constant factors folded, the newest term added last, so the
    // latency of one coefficient to the next is one multiply-add.
    for (int k = 1; k <= kOrder - 2; ++k) {
      const double older = miller_older_terms(n1, X_.data(), W_.data(), k);
      const double scale = kInverse[k] * inverse_x;
      W_[k] = (older + ((n1 - k) * X_[1]) * W_[k - 1]) * scale;
      // X_{k+2} = −(A W_k + a (k + 1) X_{k+1}) / ((k + 1)(k + 2))
      const double spring = -c.A * kInverse[k + 1] * kInverse[k + 2],
                   damper = -c.a * kInverse[k + 2];
      X_[k + 2] = spring * W_[k] + damper * X_[k + 1];
    }
    for (int k = 0; k < kOrder; ++k) D_[k] = (k + 1) * X_[k + 1];
    for (int k = 0; k <= kOrder - 2; ++k) F_[k] = c.A * W_[k] + c.a * D_[k];
    // w's coefficients from the Cauchy product of x' with itself (symmetric: half the terms).
    Work_[0] = 0.0;
    for (int k = 0; k <= kOrder - 1; ++k) {
      double s = 0.0;
      for (int j = 0; 2 * j < k; ++j) s += D_[j] * D_[k - j];
      s *= 2.0;
      if (k % 2 == 0) s += D_[k / 2] * D_[k / 2];
      Work_[k + 1] = c.a * s * kInverse[k + 1];
    }
  }

  // The step whose first neglected terms stay below the bounds on x and x' (Jorba & Zou 2005,
  // Exp. Math. 14: from the last two kept coefficients, in case one vanishes), both scaled as
  // odeint's error checker scales its tolerances, rel·(|y| + h|y'|) + abs per component, with h
  // the step x's bound alone allows. The x' bound is the one that binds: x's neglected term
  // X_p hᵖ is p X_p hᵖ⁻¹ in x', ~2p times larger relative to the speed at a step of half the
  // contact's time scale; bounded in x alone, e_out came out 3–8× rel_tol off. And x' passes
  // through 0 at δ_max and a strongly damped clamped law separates at a speed ≪ V, where a
  // bound relative to V alone left e_out 1e-10 off at rel_tol 1e-12. In logarithms.
  double step(double rel, double abs_x, double abs_v) const {
    const double a = std::abs(X_[kOrder - 1]), b = std::abs(X_[kOrder]);
    if (!(a > 0.0) && !(b > 0.0)) return std::numeric_limits<double>::infinity();
    constexpr double kNone = -std::numeric_limits<double>::infinity();  // log 0
    const double log_a = a > 0.0 ? std::log(a) : kNone, log_b = b > 0.0 ? std::log(b) : kNone;
    const double log_x_bound = std::log(rel * X_[0] + abs_x);
    const double log_h_x =
        std::min((log_x_bound - log_a) / (kOrder - 1), (log_x_bound - log_b) / kOrder);
    const double h_x = std::exp(log_h_x);
    const double log_v_bound =
        std::log(rel * (std::abs(X_[1]) + 2.0 * h_x * std::abs(X_[2])) + abs_v);
    return std::min(h_x,
                    std::exp(std::min((log_v_bound - log_a - kLogOrder[kOrder - 1]) / (kOrder - 2),
                                      (log_v_bound - log_b - kLogOrder[kOrder]) / (kOrder - 1))));
  }

  double x(double h) const { return horner(X_.data(), kOrder, h); }
  double v(double h) const { return horner(D_.data(), kOrder - 1, h); }
  // x' and x'' (Newton steps on x' = 0).
  std::pair<double, double> v_and_acceleration(double h) const {
    const auto [v, rate, unused] = with_derivatives(D_.data(), kOrder - 1, h);
    return {v, rate};
  }
  // dF/dt and d²F/dt² of F = A xⁿ + a x' from xⁿ's series, which is truncated two orders below
  // x's (W_p would need X_{p+2}) and ~p²/h² times less accurate: for locating the peak force
  // and the clamped law's F = 0, whose values are then taken from x and x' themselves.
  std::pair<double, double> force_rates(double h) const {
    const auto [unused, rate, second] = with_derivatives(F_.data(), kOrder - 2, h);
    return {rate, second};
  }
  std::pair<double, double> force_and_rate(double h) const {
    const auto [f, rate, unused] = with_derivatives(F_.data(), kOrder - 2, h);
    return {f, rate};
  }
  // The damping work done over [0, h].
  double work(double h) const { return horner(Work_.data(), kOrder, h); }

 private:
  // A polynomial and its first two derivatives at h (Horner, carried along).
  struct Derivatives {
    double value, first, second;
  };
  static Derivatives with_derivatives(const double* coefficients, int degree, double h) {
    double p = coefficients[degree], d1 = 0.0, d2 = 0.0;
    for (int k = degree - 1; k >= 0; --k) {
      d2 = d2 * h + 2.0 * d1;
      d1 = d1 * h + p;
      p = p * h + coefficients[k];
    }
    return {p, d1, d2};
  }
  static double horner(const double* coefficients, int degree, double h) {
    double s = coefficients[degree];
    for (int k = degree - 1; k >= 0; --k) s = s * h + coefficients[k];
    return s;
  }
  static constexpr std::array<double, kOrder + 1> kInverse = inverse_integers<kOrder + 1>();
  // log k for the two orders the step rule uses.
  static inline const std::array<double, kOrder + 1> kLogOrder = [] {
    std::array<double, kOrder + 1> log_k{};
    for (int k = 1; k <= kOrder; ++k) log_k[k] = std::log(static_cast<double>(k));
    return log_k;
  }();

  std::array<double, kOrder + 1> X_{};
  std::array<double, kOrder - 1> W_{};
  std::array<double, kOrder> D_{};
  std::array<double, kOrder + 1> Work_{};
  std::array<double, kOrder - 1> F_{};  // A W_k + a D_k: the force's series
};

}  // namespace calib::impact::detail
