#pragma once
// Private to the impact layer: the contact's right-hand side, x'' = −(A xⁿ + a x^p x'), and the
// stepped-time variants (τ, or σ = √τ at the contact's start). C++17-clean on purpose:
// impact_stiff.cpp is compiled as C++17 because Boost 1.74 uBLAS (needed by odeint's rosenbrock4)
// calls std::allocator::construct, which C++20 removed.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

#include "core/generic_coefficients.hpp"

namespace calib::impact::detail {

// The clamped law's no-pull rule (PN2020 eq. 20): its contact ends at the first zero of F, before
// δ = 0. Not for the hysteresis family, whose F = xⁿ(A + a x') stays > 0 until δ = 0 (x'' ∝
// −(A + a x') vanishes as x' → −A/a, which x' only approaches: energy_time.hpp), so its clamp
// never acts. Tested anyway, F = 0 fires by rounding once 1 + (a/A)x' ~ 1e-16 (h ≳ 30) and cuts
// a creeping rebound short: e_out stays right, but t_contact and δ_sep do not.
inline bool separates_at_force_zero(const GenericCoefficients& c) {
  return c.clamp && !has_hysteresis_form(c);
}

// Penetration, rate, work done by the damping force, and xⁿ while it is tracked (below).
using State = std::array<double, 4>;

// Generic contact equation x'' = -(A xⁿ + a x^p x'); the third component integrates the
// power of the damping force for the energy balance. Kept tiny: it runs millions of times.
struct ContactSystem {
  GenericCoefficients c;
  std::size_t* evaluations;
  // xⁿ carried as the fourth component, y' = n y x'/x (from y = xⁿ), instead of a pow per
  // evaluation: a division costs a fraction of a pow, the largest cost of a generic-n RHS. Off
  // (y' = 0, y unused) from the contact's start, where y = 0 = x makes y' = n y x'/x
  // indeterminate and y ~ τⁿ would set the step size; impact.cpp switches it on once the
  // contact has developed, from y = xⁿ there. Never for the exponents power_n has without pow,
  // nor for the indentation law (its restitution curve is a power of x − x_p).
  bool tracked = false;
  // Indentation law: elastic whatever the sign of x' (impact.cpp steps the loading past the
  // turning point to locate it, then anchors the restitution curve there).
  bool loading = false;

  static bool power_is_cheap(double n) { return n == 1.0 || n == 1.5 || n == 2.0; }
  bool can_track() const { return !c.indentation() && !power_is_cheap(c.n); }

  // xⁿ for x > 0 without pow for the exponents of the DEM and Hertz laws (n = 1, 3/2, 2);
  // pow otherwise (the dearest operation of the RHS).
  double power_n(double x) const {
    if (c.n == 1.5) return x * std::sqrt(x);
    if (c.n == 1.0) return x;
    if (c.n == 2.0) return x * x;
    return std::pow(x, c.n);
  }
  // xⁿ at a state with x > 0: the tracked value, or a power of x.
  double power_n(const State& s) const { return tracked ? s[3] : power_n(s[0]); }
  // x^p given xⁿ, with no second pow for the damping exponents of the families: 0 (linear
  // damper), n (hysteresis), (n − 1)/2 (Tsuji: x^p = √(xⁿ/x)) and 1/2 (viscoelastic).
  double power_p(double x, double xn) const {
    if (c.p == 0.0) return 1.0;
    if (c.p == c.n) return xn;
    if (c.p == 0.5) return std::sqrt(x);
    if (c.p == 0.5 * (c.n - 1.0)) return std::sqrt(xn / x);
    return std::pow(x, c.p);
  }
  double spring(double x) const { return x > 0 ? c.A * power_n(x) : 0.0; }
  // Permanent indentation (PINSLOT eq. 91): elastic while x' > 0, then the restitution curve
  // F_m((x − x_p)/(x_m − x_p))ⁿ; both equal F_m at x = x_m, x' = 0.
  double indentation_force(double x, double xd) const {
    if (xd > 0 || loading) return spring(x);
    const double s = (x - c.x_perm) / (c.x_peak - c.x_perm);
    return s > 0 ? c.A * std::pow(c.x_peak, c.n) * std::pow(s, c.n) : 0.0;
  }
  double damper(double x, double xd) const {
    if (c.p == 0.0) return c.a * xd;
    return x > 0 ? c.a * power_p(x, power_n(x)) * xd : 0.0;
  }
  // spring and damper force at s with one xⁿ (and at most one more root) per evaluation.
  void terms(const State& s, double& fs, double& fd) const {
    const double x = s[0], xd = s[1];
    if (!(x > 0)) {
      fs = 0.0;
      fd = c.p == 0.0 ? c.a * xd : 0.0;
      return;
    }
    const double xn = power_n(s);
    fs = c.A * xn;
    fd = c.a * power_p(x, xn) * xd;
  }
  // Force per unit mass; with clamp the law never pulls (force >= 0).
  double force(const State& s) const {
    if (c.indentation()) return indentation_force(s[0], s[1]);
    double fs, fd;
    terms(s, fs, fd);
    const double f = fs + fd;
    return c.clamp ? std::max(f, 0.0) : f;
  }
  void operator()(const State& s, State& ds, double) const {
    ++*evaluations;
    // (xⁿ)' = xⁿ · (n x'/x), associated so that the division waits for x and x' only, not for
    // xⁿ: x and x' of a stage are ready a step of the recurrence before xⁿ is, so the division
    // leaves xⁿ's dependency chain.
    ds[3] = tracked && s[0] > 0 ? s[3] * (c.n * s[1] / s[0]) : 0.0;
    if (c.indentation()) {  // s[2]: work of the non-elastic part F − Kxⁿ (the hysteresis loop)
      const double f = indentation_force(s[0], s[1]);
      ds[0] = s[1];
      ds[1] = -f;
      ds[2] = (f - spring(s[0])) * s[1];
      return;
    }
    // The clamp (F ≥ 0) is not applied here: F > 0 while compressing (x' > 0), and in the
    // rebound the first F = 0 is the clamped law's separation event, where the solve stops. So
    // the clamp never acts inside a contact, and without it the RHS stays smooth across the
    // event: a step that crosses it is still accurate, and so are its interpolant and the
    // located event (with the clamp applied, the kink cost the 7(8) stepper up to 1e-6 in t).
    double fs, fd;
    terms(s, fs, fd);
    ds[0] = s[1];
    ds[1] = -(fs + fd);
    ds[2] = fd * s[1];
  }
  // The Newton step δ from s (ds its RHS) onto the separation event: −g/ġ for g = x (ġ = x')
  // or x − x_p; for the clamped law, whose event is the first zero of either F or x, the
  // smaller of the two steps of the falling branches. Taking the branch that min(F, x) picks
  // at s instead went wrong in SI units, where F [m/s²] and x [m] differ by 10 orders: F just
  // past its zero could still exceed x and the step went to the x branch.
  double separation_step(const State& s, const State& ds) const {
    const double x = c.indentation() ? s[0] - c.x_perm : s[0];
    double step = ds[0] < 0.0 ? -x / ds[0] : std::numeric_limits<double>::infinity();
    if (c.clamp && !c.indentation() && s[0] > 0) {
      const double xn = power_n(s), xp = power_p(s[0], xn);
      const double f = c.A * xn + c.a * xp * s[1];
      const double rate =
          (c.A * c.n * xn / s[0] + c.a * c.p * (xp / s[0]) * s[1]) * s[1] + c.a * xp * ds[1];
      if (rate < 0.0) step = std::min(step, -f / rate);
    }
    return std::isfinite(step) ? step : 0.0;
  }
  // > 0 while in contact; its first zero crossing is the separation event.
  double contact_indicator(const State& s) const {
    if (c.indentation()) return s[0] - c.x_perm;  // separation at the permanent set (eq. 91)
    if (!c.clamp) return s[0];
    double fs, fd;
    terms(s, fs, fd);
    return std::min(fs + fd, s[0]);
  }
  // F (as force()) and dF/dt along the solution (x'' = −F) with one xⁿ, for the peak-force
  // search: F = A xⁿ + a x^p x' gives F_x x' + F_v x'' with F_x = A n xⁿ/x + a p (x^p/x) x',
  // F_v = a x^p. Rate 0 where no smooth peak can be: clamped to 0, out of contact, and the
  // indentation law (its peak is at x' = 0).
  double force_and_rate(const State& s, double& rate) const {
    rate = 0.0;
    const double x = s[0], xd = s[1];
    if (c.indentation() || !(x > 0)) return force(s);
    const double xn = power_n(s), xp = power_p(x, xn);
    const double f = c.A * xn + c.a * xp * xd;
    if (c.clamp && f < 0) return 0.0;
    rate = (c.A * c.n * xn / x + c.a * c.p * (xp / x) * xd) * xd - c.a * xp * f;
    return f;
  }
  double potential(double x) const { return x > 0 ? c.A * power_n(x) * x / (c.n + 1.0) : 0.0; }
};

// The contact's start stepped in σ = √τ (impact.cpp, phase A). Near δ = 0, x(τ) = Vτ + … +
// c τ^(n+2) + …, and for non-integer n every derivative of x beyond the (n+2)-th is unbounded at
// τ = 0: an explicit stepper's error controller crawls there (Dormand–Prince took ~15 steps to
// x = 0.2). In σ the same term is c σ^(2n+4), at least six times differentiable, and the 7(8)
// stepper reaches x = 0.2 in ~5 steps at rel_tol 1e-10 (measured: 1e-12 – 1e-11 from a rel_tol
// 1e-15 reference, n ∈ [1.05, 1.95], damping 0.01–3). The state is unchanged (x, x' = dx/dτ,
// work, xⁿ); every rate is multiplied by dτ/dσ = 2σ.
// The stepped variable t of a phase and dτ/dt: τ itself, or σ = √τ (SqrtTimeSystem).
struct TauTime {
  static double tau(double t) { return t; }
  static double from_tau(double tau) { return tau; }
  static double dtau_dt(double) { return 1.0; }
};
struct SqrtTime {
  static double tau(double sigma) { return sigma * sigma; }
  static double from_tau(double tau) { return std::sqrt(tau); }
  static double dtau_dt(double sigma) { return 2.0 * sigma; }
};

struct SqrtTimeSystem {
  const ContactSystem* system;
  void operator()(const State& s, State& ds, double sigma) const {
    (*system)(s, ds, SqrtTime::tau(sigma));
    const double dtau_dsigma = SqrtTime::dtau_dt(sigma);
    for (double& d : ds) d *= dtau_dsigma;
  }
};
// For the interpolant (hermite_dense.hpp): dx/dσ = 2σ x', so d²x/dσ² = 2x' + 2σ dx'/dσ, and x' =
// (dx/dσ)/(2σ) (σ > 0 inside every step: the interpolant is only asked there).
inline double x_second_rate(const SqrtTimeSystem&, const State& s, const State& rate, double sigma) {
  return 2.0 * s[1] + SqrtTime::dtau_dt(sigma) * rate[1];
}
inline double velocity_of_x_rate(const SqrtTimeSystem&, double x_rate, double sigma) {
  return x_rate / SqrtTime::dtau_dt(sigma);
}

}  // namespace calib::impact::detail
