#pragma once
// Private to libcalib/src: the contact right-hand side and the stepping loop shared by the
// explicit stepper (impact.cpp) and the Rosenbrock fallback (impact_stiff.cpp). C++17-clean on
// purpose: impact_stiff.cpp is compiled as C++17 because Boost 1.74 uBLAS (needed by odeint's
// rosenbrock4) calls std::allocator::construct, which C++20 removed.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <type_traits>

#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>

#include "calib/core/contact_law.hpp"
#include "core/generic_coefficients.hpp"
#include "calib/impact/impact.hpp"

namespace calib::impact::detail {

// Penetration, rate, work done by the damping force, and xⁿ while it is tracked (below).
using State = std::array<double, 4>;

// Generic contact equation x'' = -(A xⁿ + a x^p x'); the third component integrates the
// power of the damping force for the energy balance. Kept tiny: it runs millions of times.
struct ContactSystem {
  GenericCoefficients c;
  std::size_t* evaluations;
  // xⁿ carried as the fourth component, y' = n y x'/x (from y = xⁿ), instead of a pow per
  // evaluation: pow was 60 % of a generic-n solve (issue #15), a division is ~4× cheaper. Off
  // (y' = 0, y unused) from the contact's start, where y = 0 = x makes y' = n y x'/x
  // indeterminate and y ~ τⁿ would set the step size; impact.cpp switches it on once the
  // contact has developed, from y = xⁿ there. Never for the exponents power_n has without pow,
  // nor for the indentation law (its restitution curve is a power of x − x_p).
  bool tracked = false;
  // Indentation law: elastic whatever the sign of x' (impact.cpp steps the loading past the
  // turning point to locate it, then anchors the restitution curve there).
  bool loading = false;

  static bool power_is_cheap(double n) { return n == 1.0 || n == 1.5 || n == 2.0; }
  bool can_track() const { return !c.indentation && !power_is_cheap(c.n); }

  // xⁿ for x > 0 without pow for the exponents of the DEM and Hertz laws (n = 1, 3/2, 2);
  // pow otherwise (issue #15: pow was half of the RHS time).
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
    if (c.indentation) return indentation_force(s[0], s[1]);
    double fs, fd;
    terms(s, fs, fd);
    const double f = fs + fd;
    return c.clamp ? std::max(f, 0.0) : f;
  }
  void operator()(const State& s, State& ds, double) const {
    ++*evaluations;
    // (xⁿ)' = xⁿ · (n x'/x), associated so that the division waits for x and x' only, not for
    // xⁿ: x and x' of a stage are ready a step of the recurrence before xⁿ is, so the division
    // leaves xⁿ's dependency chain (8.6 → 6.5 ns per evaluation in a stepper probe).
    ds[3] = tracked && s[0] > 0 ? s[3] * (c.n * s[1] / s[0]) : 0.0;
    if (c.indentation) {  // s[2]: work of the non-elastic part F − Kxⁿ (the hysteresis loop)
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
    const double x = c.indentation ? s[0] - c.x_perm : s[0];
    double step = ds[0] < 0.0 ? -x / ds[0] : std::numeric_limits<double>::infinity();
    if (c.clamp && !c.indentation && s[0] > 0) {
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
    if (c.indentation) return s[0] - c.x_perm;  // separation at the permanent set (eq. 91)
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
    if (c.indentation || !(x > 0)) return force(s);
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
  static double dtau_dt(double) { return 1.0; }
};
struct SqrtTime {
  static double tau(double sigma) { return sigma * sigma; }
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

struct RawResult {
  Status status = Status::max_steps;
  double v_sep = 0, x_max = 0, t_sep = 0, f_max = 0, x_sep = 0, work = 0;
  std::size_t steps = 0, evaluations = 0, stiff_steps = 0;
};

// Jacobian of the RHS for the Rosenbrock fallback (analytic for the damper laws; central
// differences for the piecewise indentation law).
inline void rhs_jacobian(const ContactSystem& sys, const State& s, double J[3][3]) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) J[i][j] = 0.0;
  J[0][1] = 1.0;
  const auto& c = sys.c;
  const double x = s[0], xd = s[1];
  if (c.indentation) {
    State f0, f1, sp = s, sm = s;
    for (int k = 0; k < 2; ++k) {
      const double h = 1e-7 * std::max(std::abs(s[k]), k == 0 ? c.x_peak : c.V);
      sp = s, sm = s;
      sp[k] += h, sm[k] -= h;
      sys(sp, f1, 0.0);
      sys(sm, f0, 0.0);
      for (int i = 0; i < 3; ++i) J[i][k] = (f1[i] - f0[i]) / (2 * h);
    }
    return;
  }
  const double fd = sys.damper(x, xd);  // unclamped, as the RHS (see ContactSystem)
  const double dspring = x > 0 ? c.A * c.n * std::pow(x, c.n - 1.0) : 0.0;
  double ddamp_dx = 0.0, ddamp_dxd = c.a;
  if (c.p != 0.0) {
    ddamp_dx = x > 0 ? c.a * c.p * std::pow(x, c.p - 1.0) * xd : 0.0;
    ddamp_dxd = x > 0 ? c.a * std::pow(x, c.p) : 0.0;
  }
  J[1][0] = -(dspring + ddamp_dx);
  J[1][1] = -ddamp_dxd;
  J[2][0] = ddamp_dx * xd;
  J[2][1] = ddamp_dxd * xd + fd;
}

// Whether the stepper can re-step to an instant (fehlberg_dense.hpp) or only interpolate.
template <class Stepper, class = void>
struct has_exact_state : std::false_type {};
template <class Stepper>
struct has_exact_state<Stepper, std::void_t<decltype(std::declval<const Stepper&>().exact_state(
                                    0.0, std::declval<State&>()))>> : std::true_type {};

// How a stepping phase of the contact ends (impact.cpp runs up to three, see there).
enum class LoopEnd { finished, handed_over, out_of_steps };
// A phase's verdict after each step: go on, hand over from the step's end (its events are
// processed first), or hand over from the step's start (the step is discarded unprocessed).
enum class Handover { no, after_step, redo_step };
// Where the next phase starts.
struct Resume {
  State state{};
  double t = 0, dt = 0;
};
inline Handover never_hand_over(const State&, const State&, bool) { return Handover::no; }

// The contact loop shared by the steppers: step, watch for maximum penetration, peak force,
// capture and the separation event. Each event is located on the stepper's interpolant
// (TOMS748, Brent) and then reported from the state there to the stepper's full accuracy plus
// one Newton correction. `handover(prev, cur, rebounding)` may end the phase early; `resume`
// then says where the next one starts (in the phase's own stepped variable).
// `Time` (TauTime or SqrtTime) converts the rates of F the peak-force search uses into the
// stepped variable. A SqrtTime phase must hand over before x' ≤ 0 (its steps are then never
// searched for δ_max, capture or separation, whose Newton steps and times are written in τ).
template <class Stepper, class Rhs, class HandoverRule, class Time = TauTime>
LoopEnd contact_loop(Stepper& stepper, Rhs rhs, const ContactSystem& sys, const ImpactOptions& opt,
                     double V, bool& rebounding, RawResult& r, std::size_t step_budget,
                     HandoverRule&& handover, Resume& resume, Time time = {}) {
  boost::math::tools::eps_tolerance<double> tol(opt.event_bits);
  typename std::decay_t<decltype(stepper.current_state())> tmp = stepper.current_state();
  // The Rosenbrock fallback's state has three components (impact_stiff.cpp: xⁿ is not tracked).
  auto as_state = [](const auto& v) { return State{v[0], v[1], v[2], v.size() > 3 ? v[3] : 0.0}; };
  auto state_at = [&](double t) {
    stepper.calc_state(t, tmp);
    return as_state(tmp);
  };
  // The state at a located instant, and its time derivative: re-stepped where the stepper can
  // (its interpolant is for locating only), else its dense output.
  auto accurate_state = [&](double t, State& deriv) {
    if constexpr (has_exact_state<Stepper>::value) {
      return stepper.exact_state(t, deriv);
    } else {
      const State s = state_at(t);
      sys(s, deriv, t);
      return s;
    }
  };
  // The force and its rate at the previous step's end, carried over (one xⁿ fewer per step).
  double f_prev = std::numeric_limits<double>::quiet_NaN(), rate_prev = 0.0;
  for (std::size_t used = 0; used < step_budget && r.steps < opt.max_steps; ++used) {
    const auto [t0, t1] = stepper.do_step(rhs);
    ++r.steps;
    const State prev = as_state(stepper.previous_state());
    const State cur = as_state(stepper.current_state());
    const Handover verdict = handover(prev, cur, rebounding);
    if (verdict == Handover::redo_step) {
      resume = {prev, t0, t1 - t0};
      return LoopEnd::handed_over;
    }
    // Maximum penetration: x' changes sign inside this step.
    if (!rebounding && cur[1] <= 0.0) {
      rebounding = true;
      if (opt.diagnostics) {
        std::uintmax_t it = 100;
        auto vel = [&](double t) { return state_at(t)[1]; };
        auto br = boost::math::tools::toms748_solve(vel, t0, t1, prev[1], cur[1], tol, it);
        // x is stationary there: one Newton step on x' from the accurate state,
        // x_max = x − x'²/(2x''), leaves an error third order in the located time's error.
        State d;
        const State sx = accurate_state(0.5 * (br.first + br.second), d);
        r.x_max = d[1] < 0.0 ? sx[0] - sx[1] * sx[1] / (2.0 * d[1]) : sx[0];
      }
    } else if (rebounding && cur[1] > 0.0) {
      r.status = Status::captured;  // the bodies turned back into each other
      r.t_sep = t1;
      r.x_sep = cur[0];
      r.work = cur[2];
      return LoopEnd::finished;
    }
    // Peak force: sample the step (start, midpoint, end); refine with Brent where it peaks inside.
    if (opt.diagnostics) {
      const double tm = 0.5 * (t0 + t1);
      const State sm = state_at(tm);
      const double fm = sys.force(sm);
      double rate1, rate0 = rate_prev;  // dF/dt in the stepped variable
      const double f1 = sys.force_and_rate(cur, rate1);
      rate1 *= time.dtau_dt(t1);
      const double f0 = std::isnan(f_prev) ? sys.force_and_rate(prev, rate0) : f_prev;
      if (std::isnan(f_prev)) rate0 *= time.dtau_dt(t0);
      f_prev = f1;
      rate_prev = rate1;
      // f0 too: at contact start a damper that acts at δ = 0 (linear damper: F(0⁺) = c v₀) can
      // make the first instant the peak, which the step's midpoint and end alone miss.
      // The largest of the accurate end values; the interpolated midpoint only decides whether
      // to refine (when it is the largest, the peak is inside and refined below).
      double best = std::max(f1, f0);
      // Refine with Brent when the peak can be inside this step: the midpoint is the largest
      // sample, or an end is and the force there slopes down away from the step's interior
      // (falling at t1, rising at t0). With the midpoint test alone a peak next to an end was
      // missed (f_max up to ~1e-4 low).
      if ((fm > f1 && fm > f0) || (f1 >= fm && f1 >= f0 && rate1 < 0) ||
          (f0 >= fm && f0 >= f1 && rate0 > 0)) {
        auto interpolated_force = [&](double t) {
          return sys.force(state_at(t));
        };
        auto mn = boost::math::tools::brent_find_minima(
            [&](double t) { return -interpolated_force(t); }, t0, t1, 40);
        // F is stationary at the peak: its value from the accurate state there, plus one Newton
        // step on dF/dt, F_peak = F − Ḟ²/(2F̈), with F̈ a central difference of the interpolant
        // over 1 % of the step. The step is trusted only inside that stencil.
        State d;
        double rate;
        const double fp = sys.force_and_rate(accurate_state(mn.first, d), rate);
        rate *= time.dtau_dt(mn.first);
        const double eta = 1e-2 * (t1 - t0);
        const double tc = std::clamp(mn.first, t0 + eta, t1 - eta);
        const double fpp = (interpolated_force(tc + eta) - 2.0 * interpolated_force(tc) +
                            interpolated_force(tc - eta)) /
                           (eta * eta);
        const bool newton = fpp < 0.0 && std::abs(rate) < eta * -fpp;
        best = std::max(best, newton ? fp - rate * rate / (2.0 * fpp) : fp);
      }
      r.f_max = std::max(r.f_max, best);
    }
    // Capture: the energy left, √(x'² + 2U(x)), below capture_tol·V; U ≥ 0, so the cheap
    // |x'| test comes first and U (a power of x) is only evaluated when it can matter.
    if (rebounding && std::abs(cur[1]) < opt.capture_tol * V &&
        std::sqrt(cur[1] * cur[1] + 2.0 * sys.potential(cur[0])) < opt.capture_tol * V) {
      r.status = Status::captured;  // creeping to rest: e_out < capture_tol
      r.t_sep = t1;
      r.x_sep = cur[0];
      r.work = cur[2];  // for the energy balance (it was left at 0: residual 1)
      return LoopEnd::finished;
    }
    // Separation can only happen while x' < 0: the indicator (a power of x for clamped laws) is
    // evaluated only then.
    const double g1 = cur[1] < 0.0 ? sys.contact_indicator(cur) : 1.0;
    if (t1 > t0 && g1 <= 0.0 && cur[1] < 0.0) {
      const double g0 = sys.contact_indicator(prev);
      double t_event = t1;
      if (g0 > 0.0) {
        std::uintmax_t it = 200;
        auto g = [&](double t) { return sys.contact_indicator(state_at(t)); };
        auto br = boost::math::tools::toms748_solve(g, t0, t1, g0, g1, tol, it);
        // Take the bracket end still in contact or exactly on the event.
        t_event = g(br.second) >= 0.0 ? br.second : br.first;
      }
      // Reported from the accurate state at the located time, moved by one Newton step on the
      // indicator g: δ = −g/ġ (ġ = x' for g = x or x − x_p, dF/dt for the clamped law's F).
      State d;
      State se = accurate_state(t_event, d);
      double delta = 0.0;
      if (g0 > 0.0) {
        delta = std::clamp(sys.separation_step(se, d), t0 - t_event, t1 - t_event);
      }
      r.status = Status::separated;
      r.t_sep = t_event + delta;
      r.v_sep = se[1] + d[1] * delta;
      r.x_sep = std::max(se[0] + delta * (se[1] + 0.5 * d[1] * delta), 0.0);
      r.work = se[2] + d[2] * delta;
      return LoopEnd::finished;
    }
    if (verdict == Handover::after_step) {
      resume = {cur, t1, t1 - t0};
      return LoopEnd::handed_over;
    }
  }
  return LoopEnd::out_of_steps;
}

// Continues an unfinished solve from (state, t) with Rosenbrock 4 (impact_stiff.cpp).
void continue_stiff(const ContactSystem& sys, const ImpactOptions& opt, double V, double abs_tol,
                    const State& state, double t, double dt, bool& rebounding, RawResult& r);

}  // namespace calib::impact::detail
