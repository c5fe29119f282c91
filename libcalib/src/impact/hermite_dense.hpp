#pragma once
// Private to libcalib/src: the explicit steppers of the impact solve, odeint's
// Runge–Kutta–Fehlberg 7(8) and Dormand–Prince 5(4) under odeint's step-size controller,
// driven step by step like odeint's dense-output steppers (initialize / do_step / calc_state),
// plus exact_state(t).
//
// Why 7(8) at all: at rel_tol 1e-10 its steps through a contact's smooth bulk are several times
// longer than dopri5's, for fewer RHS evaluations in all (generic law, n = 1, 1.5, 2).
// Where its error estimate is blind (x → 0, impact.cpp) Dormand–Prince runs, in this same
// driver. Between two accepted steps:
//  * calc_state: x by quintic Hermite interpolation from (x, x', x'') at both ends (x'' is the
//    RHS already evaluated there), x' as its derivative, the carried quantities (work, tracked
//    xⁿ) by cubic Hermite. Used to *locate* events (separation, x' = 0, peak force);
//  * exact_state: a fresh step of length t − t0 from the step's start, exact to the stepper's
//    local accuracy. Used to *report* the state at a located event. It matters most at
//    separation: the step that crosses δ = 0 integrates a force that switches off there, and
//    any interpolant through its end state (odeint's dopri5 dense output included) carries
//    that kink: e_out of an undamped Hertz contact came out 3e-9 off at rel_tol 1e-10.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <fmt/format.h>
#include <boost/numeric/odeint.hpp>

#include "calib/core/error.hpp"

namespace calib::impact::detail {

// How the stepped variable t relates to the state (x, x', …): by default t is the state's own
// time, so x's rate is the RHS's first component (= x') and its second rate the RHS's second
// (= x''). A system stepped in another variable (contact_system.hpp: σ = √τ at contact start)
// overloads these two for its type.
template <class System, class State>
double x_second_rate(const System&, const State&, const State& rate, double) {
  return rate[1];
}
template <class System>
double velocity_of_x_rate(const System&, double x_rate, double) {
  return x_rate;
}

// A step-size controller (odeint's StepAdjuster interface) for the τ solve of impact.cpp:
// odeint's default rules with three changes.
//  * After an accepted step the step is rescaled whatever the error (odeint keeps it for an
//    error between 0.5 and 1, where the rescaling shrinks it slightly).
//  * The step never grows right after a rejected attempt (Hairer, Nørsett & Wanner I, II.4).
//  * After an accepted step, the new step is at most Gustafsson's predictive choice (Hairer &
//    Wanner II, IV.8, eq. 8.25), from this and the previous accepted step,
//      h_new = 0.9 h err^(−1/k) · (h/h_prev) (err_prev/err)^(1/k),
//    which follows an error that grows from step to step at a constant step size. On the
//    rebound towards δ = 0 the tracked xⁿ's error estimate grows ~4× per step (contact_system.hpp),
//    and odeint's rule, which assumes it constant, has every other attempt rejected there.
//    RADAU5 predicts only after two accepted steps in a row; here the prediction also follows a
//    rejection, which removes the accept-then-reject alternation at one step size: fewer RHS
//    evaluations per contact at an unchanged |e_out − e|.
class PredictiveStepAdjuster {
 public:
  using time_type = double;
  using value_type = double;

  double decrease_step(double dt, double error, int error_order) const {
    rejected_ = true;
    return dt * std::max(0.9 * std::pow(error, -1.0 / (error_order - 1)), 0.2);  // as odeint
  }
  double increase_step(double dt, double error, int stepper_order) const {
    error = std::max(error, std::pow(5.0, -stepper_order));  // growth ≤ 5× (as odeint)
    const double standard = 0.9 / root(error, stepper_order);
    double factor = standard;
    if (accepted_before_) {
      const double trend = (dt / dt_previous_) * root(error_previous_ / error, stepper_order);
      factor = std::min(factor, standard * trend);
    }
    if (rejected_) factor = std::min(factor, 1.0);
    accepted_before_ = true;
    rejected_ = false;
    error_previous_ = error;
    dt_previous_ = dt;
    return dt * std::min(factor, 5.0);
  }
  bool check_step_size_limit(double) const { return true; }
  double get_max_dt() const { return 0.0; }

 private:
  // x^(1/order): three square roots for the 7(8) pair's order 8 (two pows per step cost more
  // than the evaluations the prediction saves), pow otherwise.
  static double root(double x, int order) {
    return order == 8 ? std::sqrt(std::sqrt(std::sqrt(x))) : std::pow(x, 1.0 / order);
  }
  // odeint keeps one adjuster per controlled stepper and calls it through const members.
  mutable bool rejected_ = false, accepted_before_ = false;
  mutable double error_previous_ = 1.0, dt_previous_ = 1.0;
};

// StepAdjuster: odeint's default, or PredictiveStepAdjuster above.
template <class ErrorStepper, class Rhs,
          class StepAdjuster = boost::numeric::odeint::default_step_adjuster<double, double>>
class HermiteDense {
 public:
  // x, x', then quantities carried along (the damping work, a tracked xⁿ; contact_system.hpp).
  using State = typename ErrorStepper::state_type;
  using state_type = State;

// GCC 12 warns that copying odeint's freshly constructed stepper (its scratch arrays are
// uninitialised until the first step writes them) reads uninitialised memory; nothing reads them.
// Depending on inlining it says "maybe" or "is used" uninitialised (the same copy).
// (clang has no such warning and would warn about the pragma instead).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
  HermiteDense(double abs_tol, double rel_tol, Rhs rhs)
      : controlled_(ErrorChecker(abs_tol, rel_tol)),
        rhs_(rhs) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

  void initialize(const State& x0, double t0, double dt0) {
    x_ = x0;
    t_ = t0;
    dt_ = dt0;
    rhs_(x_, dx_, t_);
    xp_ = x_, dxp_ = dx_, tp_ = t_;
  }

  // One accepted step; returns (t0, t1). The RHS at the new state is evaluated once, for the
  // next step and for the interpolant.
  template <class Unused>
  std::pair<double, double> do_step(Unused&&) {
    constexpr std::size_t kMaxRejections = 500;  // as odeint's integrate functions
    double t = t_;
    std::size_t rejected = 0;
    while (try_step(t) == boost::numeric::odeint::fail) {
      if (++rejected > kMaxRejections)
        throw ComputeError(fmt::format(
            "impact solve: {} step rejections in a row at t = {} (step size {})", rejected, t_, dt_));
    }
    xp_ = x_, dxp_ = dx_, tp_ = t_;
    x_ = next_, dx_ = dnext_, t_ = t;
    return {tp_, t_};
  }

  // Interpolated state at t in [t0, t1] (see the header comment; for locating, not reporting).
  void calc_state(double t, State& out) const {
    const double h = t_ - tp_, s = (t - tp_) / h, s2 = s * s, s3 = s2 * s;
    // Quintic Hermite basis on [0, 1] (value, first and second derivative at each end).
    const double h0 = 1 + s3 * (-10 + s * (15 - 6 * s)), h5 = 1 - h0;
    const double h1 = s + s3 * (-6 + s * (8 - 3 * s));
    const double h2 = 0.5 * s2 + s3 * (-1.5 + s * (1.5 - 0.5 * s));
    const double h4 = s3 * (-4 + s * (7 - 3 * s));
    const double h3 = s3 * (0.5 + s * (-1 + 0.5 * s));
    // Their derivatives in s.
    const double d0 = s2 * (-30 + s * (60 - 30 * s)), d5 = -d0;
    const double d1 = 1 + s2 * (-18 + s * (32 - 15 * s));
    const double d2 = s + s2 * (-4.5 + s * (6 - 2.5 * s));
    const double d4 = s2 * (-12 + s * (28 - 15 * s));
    const double d3 = s2 * (1.5 + s * (-4 + 2.5 * s));
    // x's rate and second rate in t at both ends (x' and x'' when t is the state's own time).
    const auto& system = rhs_.get();
    const double r0 = dxp_[0], r1 = dx_[0];
    const double a0 = x_second_rate(system, xp_, dxp_, tp_), a1 = x_second_rate(system, x_, dx_, t_);
    out[0] = h0 * xp_[0] + h5 * x_[0] + h * (h1 * r0 + h4 * r1) + h * h * (h2 * a0 + h3 * a1);
    out[1] = velocity_of_x_rate(
        system, (d0 * xp_[0] + d5 * x_[0]) / h + d1 * r0 + d4 * r1 + h * (d2 * a0 + d3 * a1), t);
    // Cubic Hermite for the carried quantities (value and rate at both ends).
    const double c0 = 1 - s2 * (3 - 2 * s), c1 = s * (1 - s) * (1 - s), c3 = s2 * (s - 1);
    for (std::size_t i = 2; i < x_.size(); ++i)
      out[i] = c0 * xp_[i] + (1 - c0) * x_[i] + h * (c1 * dxp_[i] + c3 * dx_[i]);
  }

  // The state at t in [t0, t1] by one step from the step's start, and its RHS.
  State exact_state(double t, State& deriv) const {
    State out;
    if constexpr (kFsal) {
      controlled_.stepper().do_step(rhs_, xp_, dxp_, tp_, out, deriv, t - tp_);
    } else {
      controlled_.stepper().do_step(rhs_, xp_, dxp_, tp_, out, t - tp_);
      rhs_(out, deriv, t);
    }
    return out;
  }

  const State& current_state() const { return x_; }
  const State& previous_state() const { return xp_; }
  double current_time() const { return t_; }
  double previous_time() const { return tp_; }

 private:
  using ErrorChecker = boost::numeric::odeint::default_error_checker<
      double, typename ErrorStepper::algebra_type, typename ErrorStepper::operations_type>;
  using Controlled =
      boost::numeric::odeint::controlled_runge_kutta<ErrorStepper, ErrorChecker, StepAdjuster>;
  static constexpr bool kFsal =
      std::is_same_v<typename ErrorStepper::stepper_category,
                     boost::numeric::odeint::explicit_error_stepper_fsal_tag>;

  // One attempt from (x_, dx_, t); on success next_/dnext_ hold the new state and its RHS (the
  // FSAL stepper returns it, the other costs one evaluation).
  boost::numeric::odeint::controlled_step_result try_step(double& t) {
    if constexpr (kFsal) {
      return controlled_.try_step(rhs_, x_, dx_, t, next_, dnext_, dt_);
    } else {
      const auto result = controlled_.try_step(rhs_, x_, dx_, t, next_, dt_);
      if (result == boost::numeric::odeint::success) rhs_(next_, dnext_, t);
      return result;
    }
  }

  mutable Controlled controlled_;  // odeint's steppers keep scratch state
  Rhs rhs_;
  State x_{}, dx_{}, xp_{}, dxp_{}, next_{}, dnext_{};
  double t_ = 0, tp_ = 0, dt_ = 0;
};

}  // namespace calib::impact::detail
