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

using State = std::array<double, 3>;  // penetration, rate, work done by the damping force

// Generic contact equation x'' = -(A xⁿ + a x^p x'); the third component integrates the
// power of the damping force for the energy balance. Kept tiny: it runs millions of times.
struct ContactSystem {
  GenericCoefficients c;
  std::size_t* evaluations;

  // xⁿ for x > 0 without pow for the exponents of the DEM and Hertz laws (n = 1, 3/2, 2);
  // pow otherwise (issue #15: pow was half of the RHS time).
  double power_n(double x) const {
    if (c.n == 1.5) return x * std::sqrt(x);
    if (c.n == 1.0) return x;
    if (c.n == 2.0) return x * x;
    return std::pow(x, c.n);
  }
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
    if (xd > 0) return spring(x);
    const double s = (x - c.x_perm) / (c.x_peak - c.x_perm);
    return s > 0 ? c.A * std::pow(c.x_peak, c.n) * std::pow(s, c.n) : 0.0;
  }
  double damper(double x, double xd) const {
    if (c.p == 0.0) return c.a * xd;
    return x > 0 ? c.a * power_p(x, power_n(x)) * xd : 0.0;
  }
  // spring(x) and damper(x, xd) with one xⁿ (and at most one more root) per evaluation.
  void terms(double x, double xd, double& fs, double& fd) const {
    if (!(x > 0)) {
      fs = 0.0;
      fd = c.p == 0.0 ? c.a * xd : 0.0;
      return;
    }
    const double xn = power_n(x);
    fs = c.A * xn;
    fd = c.a * power_p(x, xn) * xd;
  }
  // Force per unit mass; with clamp the law never pulls (force >= 0).
  double force(double x, double xd) const {
    if (c.indentation) return indentation_force(x, xd);
    double fs, fd;
    terms(x, xd, fs, fd);
    const double f = fs + fd;
    return c.clamp ? std::max(f, 0.0) : f;
  }
  void operator()(const State& s, State& ds, double) const {
    ++*evaluations;
    if (c.indentation) {  // s[2]: work of the non-elastic part F − Kxⁿ (the hysteresis loop)
      const double f = indentation_force(s[0], s[1]);
      ds[0] = s[1];
      ds[1] = -f;
      ds[2] = (f - spring(s[0])) * s[1];
      return;
    }
    double fs, fd;
    terms(s[0], s[1], fs, fd);
    double f = fs + fd;
    double fd_eff = fd;
    if (c.clamp && f < 0) {  // clamped: no force at all
      f = 0;
      fd_eff = 0;
    }
    ds[0] = s[1];
    ds[1] = -f;
    ds[2] = fd_eff * s[1];
  }
  // > 0 while in contact; its first zero crossing is the separation event.
  double contact_indicator(const State& s) const {
    if (c.indentation) return s[0] - c.x_perm;  // separation at the permanent set (eq. 91)
    if (!c.clamp) return s[0];
    double fs, fd;
    terms(s[0], s[1], fs, fd);
    return std::min(fs + fd, s[0]);
  }
  // F (as force()) and dF/dt along the solution (x'' = −F) with one xⁿ, for the peak-force
  // search: F = A xⁿ + a x^p x' gives F_x x' + F_v x'' with F_x = A n xⁿ/x + a p (x^p/x) x',
  // F_v = a x^p. Rate 0 where no smooth peak can be: clamped to 0, out of contact, and the
  // indentation law (its peak is at x' = 0).
  double force_and_rate(const State& s, double& rate) const {
    rate = 0.0;
    const double x = s[0], xd = s[1];
    if (c.indentation || !(x > 0)) return force(x, xd);
    const double xn = power_n(x), xp = power_p(x, xn);
    const double f = c.A * xn + c.a * xp * xd;
    if (c.clamp && f < 0) return 0.0;
    rate = (c.A * c.n * xn / x + c.a * c.p * (xp / x) * xd) * xd - c.a * xp * f;
    return f;
  }
  double potential(double x) const { return x > 0 ? c.A * power_n(x) * x / (c.n + 1.0) : 0.0; }
};

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
  const double fs = sys.spring(x), fd = sys.damper(x, xd);
  if (c.clamp && fs + fd < 0) return;  // clamped: no force, no dependence
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

// The contact loop shared by both steppers: step, watch for maximum penetration, peak force,
// capture and the separation event (located on the dense output with TOMS748). Returns true
// when the impact is finished (status set), false after `step_budget` steps.
template <class Stepper, class Rhs>
bool contact_loop(Stepper& stepper, Rhs rhs, const ContactSystem& sys, const ImpactOptions& opt,
                  double V, bool& rebounding, RawResult& r, std::size_t step_budget) {
  boost::math::tools::eps_tolerance<double> tol(opt.event_bits);
  typename std::decay_t<decltype(stepper.current_state())> tmp = stepper.current_state();
  auto as_state = [](const auto& v) { return State{v[0], v[1], v[2]}; };
  auto state_at = [&](double t) {
    stepper.calc_state(t, tmp);
    return as_state(tmp);
  };
  // The force and its rate at the previous step's end, carried over (one xⁿ fewer per step).
  double f_prev = std::numeric_limits<double>::quiet_NaN(), rate_prev = 0.0;
  for (std::size_t used = 0; used < step_budget && r.steps < opt.max_steps; ++used) {
    const auto [t0, t1] = stepper.do_step(rhs);
    ++r.steps;
    const State prev = as_state(stepper.previous_state());
    const State cur = as_state(stepper.current_state());
    // Maximum penetration: x' changes sign inside this step.
    if (!rebounding && cur[1] <= 0.0) {
      rebounding = true;
      if (opt.diagnostics) {
        std::uintmax_t it = 100;
        auto vel = [&](double t) { return state_at(t)[1]; };
        auto br = boost::math::tools::toms748_solve(vel, t0, t1, prev[1], cur[1], tol, it);
        r.x_max = state_at(0.5 * (br.first + br.second))[0];
      }
    } else if (rebounding && cur[1] > 0.0) {
      r.status = Status::captured;  // the bodies turned back into each other
      r.t_sep = t1;
      r.x_sep = cur[0];
      return true;
    }
    // Peak force: sample the step (start, midpoint, end); refine with Brent where it peaks inside.
    if (opt.diagnostics) {
      const double tm = 0.5 * (t0 + t1);
      const State sm = state_at(tm);
      const double fm = sys.force(sm[0], sm[1]);
      double rate1, rate0 = rate_prev;
      const double f1 = sys.force_and_rate(cur, rate1);
      const double f0 = std::isnan(f_prev) ? sys.force_and_rate(prev, rate0) : f_prev;
      f_prev = f1;
      rate_prev = rate1;
      // f0 too: at contact start a damper that acts at δ = 0 (linear damper: F(0⁺) = c v₀) can
      // make the first instant the peak, which the step's midpoint and end alone miss.
      double best = std::max({fm, f1, f0});
      // Refine with Brent when the peak can be inside this step: the midpoint is the largest
      // sample, or an end is and the force there slopes down away from the step's interior
      // (falling at t1, rising at t0). With the midpoint test alone a peak next to an end was
      // missed (f_max up to ~1e-4 low).
      if ((fm > f1 && fm > f0) || (f1 >= fm && f1 >= f0 && rate1 < 0) ||
          (f0 >= fm && f0 >= f1 && rate0 > 0)) {
        auto neg_force = [&](double t) {
          const State st = state_at(t);
          return -sys.force(st[0], st[1]);
        };
        auto mn = boost::math::tools::brent_find_minima(neg_force, t0, t1, 40);
        best = std::max(best, -mn.second);
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
      return true;
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
      const State se = state_at(t_event);
      r.status = Status::separated;
      r.t_sep = t_event;
      r.v_sep = se[1];
      r.x_sep = std::max(se[0], 0.0);
      r.work = se[2];
      return true;
    }
  }
  return false;
}

// Continues an unfinished solve from (state, t) with Rosenbrock 4 (impact_stiff.cpp).
void continue_stiff(const ContactSystem& sys, const ImpactOptions& opt, double V, double abs_tol,
                    const State& state, double t, double dt, bool& rebounding, RawResult& r);

}  // namespace calib::impact::detail
