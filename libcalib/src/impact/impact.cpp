#include "calib/impact/impact.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>

#include "calib/core/error.hpp"
#include "impact/energy_time.hpp"
#include "impact/hermite_dense.hpp"
#include "impact/impact_detail.hpp"
#include "impact/series_start.hpp"
#include "impact/taylor_bulk.hpp"

namespace calib::impact {

namespace odeint = boost::numeric::odeint;
using namespace detail;

bool ImpactOptions::IsValid(std::string* error) const {
  auto fail = [&](std::string msg) {
    if (error) *error = std::move(msg);
    return false;
  };
  if (!(rel_tol >= kMinRelTol && rel_tol < 1))
    return fail(fmt::format("rel_tol must be in [{:g}, 1) (below {:g} double precision cannot "
                            "honour it), got {}",
                            kMinRelTol, kMinRelTol, rel_tol));
  if (!(abs_tol > 0 && abs_tol < 1))
    return fail(fmt::format("abs_tol must be in (0,1), got {}", abs_tol));
  if (event_bits < 10 || event_bits > 53)
    return fail(fmt::format("event_bits must be in [10,53], got {}", event_bits));
  if (!(capture_tol > 0 && capture_tol < 1e-3))
    return fail(fmt::format("capture_tol must be in (0, 1e-3), got {}", capture_tol));
  if (stiff_after < 1) return fail(fmt::format("stiff_after must be >= 1, got {}", stiff_after));
  if (max_steps < 10) return fail(fmt::format("max_steps must be >= 10, got {}", max_steps));
  return true;
}

// The entry points (solve, solve_physical_direct) check the options once, before either
// integration (energy time may hand over to τ).
void require_valid(const ImpactOptions& options) {
  std::string why;
  if (!options.IsValid(&why)) throw InputError("impact options: " + why);
}

std::string_view status_name(Status s) {
  switch (s) {
    case Status::separated:
      return "separated";
    case Status::captured:
      return "captured";
    case Status::max_steps:
      return "max-steps";
  }
  return "?";
}

std::string ImpactResult::BriefReport() const {
  return fmt::format(
      "{}: e_out={:.12g} delta_max={:.6g} t_contact={:.6g} f_max={:.6g} "
      "delta_sep={:.6g} energy_residual={:.2e} steps={} rhs={}",
      status_name(status), e_out, delta_max, t_contact, f_max, delta_sep, energy_residual, steps,
      rhs_evaluations);
}

namespace {

// The contact is stepped in three phases (issue #15). Runge–Kutta–Fehlberg 7(8) takes 2.5–3×
// fewer RHS evaluations than Dormand–Prince 5(4) at rel_tol 1e-10, but its error estimate
// (41/840·h·(k1 + k11 − k12 − k13): stages at the step's two ends only) is blind to what x^n
// does at x → 0, where every derivative beyond the n-th is unbounded: started at x = 0 it
// stalled at ~1e-11 in x whatever the tolerance, and across a δ = 0 separation e_out came out
// 4e-9 off at rel_tol 1e-12. So
//   A. from contact start until the contact has developed, x ≥ kDeveloped·δ_scale or
//      x' ≤ (1 − kDeveloped)·v: for the linear damper its series in τ and τ^(n+1)
//      (series_start.hpp, up to kSeriesReach), then, where the series stopped short, Fehlberg
//      7(8) in σ = √τ (impact_detail.hpp SqrtTimeSystem, where x^n's singular terms are smooth
//      enough for its estimate); Dormand–Prince in τ for the other laws;
//   B. through the smooth bulk: the linear damper in Taylor-series steps (taylor_bulk.hpp: ~6
//      steps, no RHS evaluation, events on the series), the other laws by Fehlberg 7(8);
//   C. Dormand–Prince again once rebounding with x ≤ kDeveloped·x_peak (a clamped linear
//      damper's Taylor bulk: kTaylorClampedHandover), to separation. Fehlberg's step that
//      reaches that region is redone by C from its start; the Taylor bulk hands over at the end
//      of its step (the series is accurate up to there).
// Every event is handled by the same contact_loop in each phase; steps count across phases.
constexpr double kDeveloped = 0.2;
// Phase B steps at half the tolerance: its ~20 steps' local errors add up. Linear damper at
// rel_tol 1e-10, 600 random laws (n 1–2, e 0.02–1; test LinearDamperErrorOverRandomLaws), e_out
// against rel_tol 1e-14: at rel_tol itself worst 8.2e-10, median 2.1e-11; at half 3.6e-10 and
// 1.2e-11 (the code before the series start: 7.3e-10 and 1.6e-11). Cost ~5 % more evaluations.
constexpr double kBulkTolerance = 0.5;
// How far the linear damper's series start goes at most (series_start.hpp): to x = 0.5 δ_m or
// x' = 0.5 V, where the tolerance allows (at rel_tol 1e-12 it stops near x = 0.36 δ_m). Phase B
// crawls where x is small (its tracked xⁿ), so the further the series goes the better: PN2020
// laws at rel_tol 1e-10, 340 RHS evaluations per solve handing over at 0.2, 308 at 0.5.
constexpr double kSeriesReach = 0.5;

// Where the Taylor bulk of a clamped linear damper hands over to Dormand–Prince: its F = 0
// separation comes at x > 0, before xⁿ's branch point at x = 0 that shortens the Taylor steps, so
// most contacts separate inside the bulk. PN2020 sweep laws: 0.2 → 0.05, 201k → 214k solves/s
// (0.02: no further gain). Unclamped laws hand over at kDeveloped: at 0.05 their time per solve
// moved by 3 % and the worst of e_out, δ_max, F_max, t_contact went 4.4e-11 → 1.1e-10 (12 laws,
// n 1.2–1.8, ζ 0.01–0.886, against rel_tol 1e-14).
constexpr double kTaylorClampedHandover = 0.05;

// The hysteresis family's force xⁿ(A + a x') stays > 0 until δ = 0 (x'' ∝ −(A + a x') vanishes
// as x' → −A/a, which x' only approaches: energy_time.hpp), so its clamp never acts. Tested
// anyway, F = 0 fired by rounding once 1 + (a/A)x' ~ 1e-16 (h ≳ 30) and cut a creeping rebound
// short: e_out was right, but t_contact (0.78 instead of 607 at h = 1e4) and δ_sep were not.
GenericCoefficients without_inert_clamp(GenericCoefficients c) {
  if (has_hysteresis_form(c)) c.clamp = false;
  return c;
}

RawResult integrate(const GenericCoefficients& law, double length_scale,
                    const ImpactOptions& opt) {
  const GenericCoefficients coeff = without_inert_clamp(law);
  RawResult r;
  ContactSystem sys{coeff, &r.evaluations};
  const double abs_tol = opt.abs_tol * std::min(length_scale, coeff.V);
  using Rhs = std::reference_wrapper<const ContactSystem>;
  using Dopri5 = odeint::runge_kutta_dopri5<State>;
  using Fehlberg = odeint::runge_kutta_fehlberg78<State>;
  // Dormand–Prince keeps odeint's controller: the indentation law, Dormand–Prince throughout,
  // moved under the predictive one (IndentationRestitutionIsExactDownToSmallE, e = 1e-4:
  // 1.18e-11 against its 1.0e-11 bound); the RKF78 phases are where the rejections were.
  HermiteDense<Dopri5, Rhs> dopri5(abs_tol, opt.rel_tol, sys);
  HermiteDense<Fehlberg, Rhs, PredictiveStepAdjuster> fehlberg(
      kBulkTolerance * abs_tol, kBulkTolerance * opt.rel_tol, sys);
  const SqrtTimeSystem sqrt_system{&sys};
  HermiteDense<Fehlberg, std::reference_wrapper<const SqrtTimeSystem>, PredictiveStepAdjuster>
      sqrt_start(abs_tol, opt.rel_tol, std::cref(sqrt_system));
  auto budget = [&] { return opt.stiff_after > r.steps ? opt.stiff_after - r.steps : 0; };
  bool rebounding = false;
  Resume at{State{0.0, coeff.V, 0.0, 0.0}, 0.0, 1e-3 * length_scale / coeff.V};  // first step:
  // a small fraction of the undamped contact time scale

  // Where a phase stopped for want of steps: the stiff fallback continues from there (from
  // where the phase started when the budget was gone before its first step: a zero step
  // handed to Rosenbrock made it throw after 500 failed step-size adjustments).
  auto stopped_at = [&at](const auto& stepper) {
    if (!(stepper.current_time() > stepper.previous_time())) return at;
    return Resume{stepper.current_state(), stepper.current_time(),
                  stepper.current_time() - stepper.previous_time()};
  };
  // The permanent-indentation law (PINSLOT eq. 91), Dormand–Prince throughout (its force has a
  // kink at x' = 0 that the 7(8) estimate cannot see), in two smooth pieces: the elastic
  // loading to the turning point x' = 0, located, then the restitution curve anchored at the
  // δ_m actually reached: x_peak := x_turn, x_perm := (δ_p/δ_m)·x_turn, F_m = A x_turnⁿ, the
  // law's ratio kept. Anchored at the a-priori δ_m instead, the curve began with a force jump
  // F_m·n·ε/(x_m − x_p), ε being the solve's error in x_m, over an unloading that spans only
  // x_m − x_p = e²·x_m: e_out came out ~5e-11/e² relative off at rel_tol 1e-10 (0.5 % at
  // e = 1e-4, 5e-9 at e = 0.1; test IndentationRestitutionIsExactDownToSmallE).
  auto indentation_contact = [&]() -> LoopEnd {
    sys.loading = true;
    dopri5.initialize(at.state, at.t, at.dt);
    auto turning = [](const State&, const State& cur, bool) {
      return cur[1] <= 0.0 ? Handover::redo_step : Handover::no;
    };
    LoopEnd end = contact_loop(dopri5, std::ref(sys), sys, opt, coeff.V, rebounding, r, budget(),
                               turning, at);
    if (end != LoopEnd::handed_over) {
      sys.loading = false;  // the stiff fallback continues with the a-priori curve
      if (end == LoopEnd::out_of_steps) at = stopped_at(dopri5);
      return end;
    }
    // The turning point: the step from `at` that crosses x' = 0 (the elastic force extends
    // smoothly past it), x' = 0 located on its interpolant, the state re-stepped there and
    // moved by one Newton step on x'.
    dopri5.initialize(at.state, at.t, at.dt);
    do {
      dopri5.do_step(std::ref(sys));
      ++r.steps;
    } while (dopri5.current_state()[1] > 0.0 && r.steps < opt.max_steps);
    if (dopri5.current_state()[1] > 0.0) {  // max_steps spent: nothing to locate
      sys.loading = false;
      at = stopped_at(dopri5);
      return LoopEnd::out_of_steps;
    }
    const double t0 = dopri5.previous_time(), t1 = dopri5.current_time();
    State tmp;
    auto velocity = [&](double t) {
      dopri5.calc_state(t, tmp);
      return tmp[1];
    };
    std::uintmax_t iterations = 100;
    const auto bracket = boost::math::tools::toms748_solve(
        velocity, t0, t1, dopri5.previous_state()[1], dopri5.current_state()[1],
        boost::math::tools::eps_tolerance<double>(opt.event_bits), iterations);
    const double t_located = 0.5 * (bracket.first + bracket.second);
    State d;
    const State s = dopri5.exact_state(t_located, d);
    const double dt = d[1] < 0.0 ? -s[1] / d[1] : 0.0;  // x'' = −A xⁿ < 0
    const double x_turn = s[0] + dt * (s[1] + 0.5 * d[1] * dt);
    const double ratio = coeff.x_perm / coeff.x_peak;
    sys.c.x_peak = x_turn;
    sys.c.x_perm = ratio * x_turn;
    sys.loading = false;
    rebounding = true;
    r.x_max = x_turn;
    r.f_max = std::max(r.f_max, sys.spring(x_turn));
    dopri5.initialize(State{x_turn, 0.0, s[2] + d[2] * dt, 0.0}, t_located + dt, t1 - t0);
    end = contact_loop(dopri5, std::ref(sys), sys, opt, coeff.V, rebounding, r, budget(),
                       never_hand_over, at);
    if (end == LoopEnd::out_of_steps) at = stopped_at(dopri5);
    return end;
  };
  auto run_phases = [&]() -> LoopEnd {
    // The largest penetration seen, over every phase (a heavily damped contact can already be
    // rebounding when A hands over).
    double x_peak = 0.0;
    auto is_developed = [&](const State& cur) {
      return cur[0] >= kDeveloped * length_scale || cur[1] <= (1.0 - kDeveloped) * coeff.V;
    };
    // A, from the series where it applies (linear damper; not taken where the peak force is
    // wanted and might lie inside its stretch: series_start.hpp), then in σ from where it
    // stopped if that is short of developed.
    // A, in σ = √τ: Fehlberg 7(8) on SqrtTimeSystem until developed, ~5 steps instead of
    // Dormand–Prince's ~15 in τ. Only for a damper that acts at δ = 0 (p = 0: the linear damper):
    // σ smooths xⁿ's singular terms, not a damping power x^p (its term in x' is σ^(2p+2), which
    // at p = (n−1)/2 or 1/2 cost the Tsuji and viscoelastic laws up to 2e-9 in F_max at
    // rel_tol 1e-13). It hands over before any event but the peak force: a step that ends with
    // x' ≤ 0 (a heavily damped contact rebounding within its first steps) is redone in τ by
    // Dormand–Prince, from that step's start.
    if (coeff.indentation) return indentation_contact();
    bool start_in_tau = coeff.p != 0.0;
    bool developed = false;
    double sigma0 = 0.0;  // where the σ phase starts
    if (!start_in_tau && opt.series_start) {
      if (const auto start = series_start(coeff, opt.rel_tol, kSeriesReach * length_scale,
                                          (1.0 - kSeriesReach) * coeff.V, opt.diagnostics)) {
        at.state = State{start->x, start->v, start->work, 0.0};
        at.t = start->tau;
        // The first step: a fifth of the stretch at rel_tol 1e-10, scaled as the 7(8) pair's
        // steps scale with the tolerance (measured: from 0.1 to 1 of the stretch moves a solve
        // by ≤ 3 % in evaluations).
        at.dt = 0.2 * start->tau * std::pow(opt.rel_tol / 1e-10, 0.125);
        x_peak = start->x;
        if (opt.diagnostics) r.f_max = std::max(r.f_max, start->f_max);
        developed = is_developed(at.state);
        sigma0 = std::sqrt(start->tau);
      }
    }
    if (!start_in_tau && !developed) {
      const double sigma_developed = std::sqrt(kDeveloped * length_scale / coeff.V);
      sqrt_start.initialize(at.state, sigma0, 0.1 * sigma_developed);
      auto developed_in_sigma = [&](const State&, const State& cur, bool) {
        x_peak = std::max(x_peak, cur[0]);
        if (!(cur[1] > 0.0)) {
          start_in_tau = true;
          return Handover::redo_step;
        }
        return is_developed(cur) ? Handover::after_step : Handover::no;
      };
      const LoopEnd end = contact_loop(sqrt_start, std::cref(sqrt_system), sys, opt, coeff.V,
                                       rebounding, r, budget(), developed_in_sigma, at, SqrtTime{});
      if (end == LoopEnd::out_of_steps) at = stopped_at(sqrt_start);
      // Back to τ; the next step guess is the last σ step, continued.
      const double sigma = at.t, step = at.dt;
      at.t = SqrtTime::tau(sigma);
      at.dt = SqrtTime::tau(sigma + step) - SqrtTime::tau(sigma);
      if (end != LoopEnd::handed_over) return end;
    }
    // A, in τ: Dormand–Prince (dense output) until developed, where the σ start handed back a
    // rebounding step.
    if (start_in_tau) {
      dopri5.initialize(at.state, at.t, at.dt);
      auto developed = [&](const State&, const State& cur, bool) {
        x_peak = std::max(x_peak, cur[0]);
        return is_developed(cur) ? Handover::after_step : Handover::no;
      };
      const LoopEnd end = contact_loop(dopri5, std::ref(sys), sys, opt, coeff.V, rebounding, r,
                                       budget(), developed, at);
      if (end == LoopEnd::out_of_steps) at = stopped_at(dopri5);
      if (end != LoopEnd::handed_over) return end;
    }
    // B: the bulk, until the rebound nears δ = 0. The linear damper in Taylor-series steps
    // (taylor_bulk.hpp); the other laws by Fehlberg 7(8), with xⁿ tracked from here on where it
    // would cost a pow (ContactSystem::tracked).
    LoopEnd end;
    if (opt.taylor_bulk && taylor_bulk_applies(coeff)) {
      const double handover = coeff.clamp ? kTaylorClampedHandover : kDeveloped;
      end = taylor_bulk(sys, opt, length_scale, handover, rebounding, x_peak, r, budget(), at);
      // Dormand–Prince's steps are ~30× shorter than a Taylor step: its first, a tenth of the last
      // Taylor step, is cut by its own controller from there.
      at.dt *= 0.1;
    } else {
      if (sys.can_track()) {
        sys.tracked = true;
        at.state[3] = sys.power_n(at.state[0]);
      }
      fehlberg.initialize(at.state, at.t, at.dt);
      auto near_separation = [&](const State& prev, const State& cur, bool was_rebounding) {
        x_peak = std::max({x_peak, prev[0], cur[0]});
        return was_rebounding && cur[1] < 0.0 && cur[0] <= kDeveloped * x_peak
                   ? Handover::redo_step
                   : Handover::no;
      };
      end = contact_loop(fehlberg, std::ref(sys), sys, opt, coeff.V, rebounding, r, budget(),
                         near_separation, at);
      if (end == LoopEnd::out_of_steps) at = stopped_at(fehlberg);
    }
    if (end != LoopEnd::handed_over) return end;
    // C: to separation, with xⁿ a power again: near δ = 0 the high derivatives of a tracked xⁿ
    // cost steps (phase C of a clamped light damper took 72 steps instead of 6) and, without the
    // clamp, y' = n y x'/x is ill-conditioned as x → 0 (a creeping Tsuji rebound at rel_tol
    // 1e-14 found no step size).
    sys.tracked = false;
    dopri5.initialize(at.state, at.t, at.dt);
    end = contact_loop(dopri5, std::ref(sys), sys, opt, coeff.V, rebounding, r, budget(),
                       never_hand_over, at);
    if (end == LoopEnd::out_of_steps) at = stopped_at(dopri5);
    return end;
  };
  if (run_phases() == LoopEnd::finished || r.steps >= opt.max_steps) return r;
  // Stiff fallback: the explicit steppers are stability-limited (very large damping, slow creep
  // towards δ = 0); continue from where they stopped with Rosenbrock 4 (impact_stiff.cpp).
  const std::size_t before = r.steps;
  continue_stiff(sys, opt, coeff.V, abs_tol, at.state, at.t, at.dt, rebounding, r);
  r.stiff_steps = r.steps - before;
  return r;
}

PhysicalResult to_physical_result(const RawResult& r, const GenericCoefficients& c, double mass) {
  // Energy balance (SF2020 eq. 36 generalised): ½mv² = ½m v_sep² + U(δ_sep) + W_damping.
  ContactSystem sys{c, nullptr};
  const double ke0 = 0.5 * c.V * c.V;
  const double balance = ke0 - 0.5 * r.v_sep * r.v_sep - sys.potential(r.x_sep) - r.work;
  // e_out ≥ 0 by definition; where the rebound speed is below rounding (a clamped linear damper
  // at ζ = 1e5, n = 2: v_sep ~ −A xⁿ/a ~ −1e-20) −v_sep/V came out −4e-16. Only such rounding
  // is set to 0: a larger negative value would be an error and is left to show.
  double e_out = r.status == Status::separated ? -r.v_sep / c.V : 0.0;
  if (e_out < 0.0 && e_out > -1e-12) e_out = 0.0;
  return {r.status,
          e_out,
          r.x_max,
          r.t_sep,
          r.f_max * mass,
          r.x_sep,
          std::abs(balance) / ke0};
}

}  // namespace

ImpactResult solve(const ContactLaw& law, const ImpactOptions& options) {
  if (!(law.n >= 1.0 && law.n <= 2.0))
    throw InputError(fmt::format("n (Hertz exponent) must be in [1, 2], got {}", law.n));
  if (!std::isfinite(law.damping) || law.damping < 0)
    throw InputError(fmt::format("damping must be a finite number >= 0, got {}", law.damping));
  if (law.family == Family::indentation && !(law.damping < 1.0))
    throw InputError(
        fmt::format("permanent set ratio delta_p/delta_m must be in [0, 1), got {}", law.damping));
  require_valid(options);
  const GenericCoefficients c = generic_coefficients(law);
  // The hysteresis and Tsuji families in energy time (energy_time.hpp: no pow, no non-smooth
  // end); the τ solve below for the other families, and for a law too stiff for the explicit
  // budget.
  std::optional<RawResult> in_energy_time;
  Spent handed_over;  // what energy time spent before handing over to τ, if it did
  if (options.energy_time && solvable_in_energy_time(c))
    in_energy_time = integrate_energy_time(c, options, handed_over);
  RawResult raw = in_energy_time ? *in_energy_time : integrate(c, 1.0, options);
  raw.steps += handed_over.steps;
  raw.evaluations += handed_over.evaluations;
  const PhysicalResult p = to_physical_result(raw, c, 1.0);
  ImpactResult r;
  r.status = p.status;
  r.e_out = p.e_out;
  r.delta_max = p.delta_max;
  r.t_contact = p.t_contact;
  r.f_max = p.f_max;
  r.delta_sep = p.delta_sep;
  r.energy_residual = p.energy_residual;
  r.steps = raw.steps;
  r.rhs_evaluations = raw.evaluations;
  r.stiff_steps = raw.stiff_steps;
  return r;
}

PhysicalResult solve_physical(const PhysicalImpact& p, const ImpactOptions& options) {
  const ImpactScales s = impact_scales(p.m, p.k, p.v, p.n);
  const ImpactResult r = solve(to_dimensionless(p), options);
  return {r.status,
          r.e_out,
          r.delta_max * s.delta_m,
          r.t_contact * s.time,
          r.f_max * s.force,
          r.delta_sep * s.delta_m,
          r.energy_residual};
}

PhysicalResult solve_physical_direct(const PhysicalImpact& p, const ImpactOptions& options) {
  const ImpactScales s = impact_scales(p.m, p.k, p.v, p.n);
  to_dimensionless(p);  // parameter validation
  require_valid(options);
  const GenericCoefficients c = generic_coefficients(p);
  return to_physical_result(integrate(c, s.delta_m, options), c, p.m);
}

void require_finished(const PhysicalResult& r, std::string_view what) {
  if (r.status == Status::max_steps)
    throw ComputeError(fmt::format("{}: the impact did not end within max_steps (status max_steps)", what));
  for (const auto& [name, x] :
       {std::pair<const char*, double>{"e_out", r.e_out}, {"delta_max", r.delta_max}, {"t_contact", r.t_contact},
        {"f_max", r.f_max}, {"delta_sep", r.delta_sep}, {"energy_residual", r.energy_residual}})
    if (!std::isfinite(x)) throw ComputeError(fmt::format("{}: {} is not a number ({})", what, name, x));
}

}  // namespace calib::impact
