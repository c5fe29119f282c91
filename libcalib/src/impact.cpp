#include "calib/impact.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>
#include <fmt/format.h>

#include "calib/error.hpp"

namespace calib::impact {

namespace odeint = boost::numeric::odeint;

bool ImpactOptions::IsValid(std::string* error) const {
  auto fail = [&](std::string msg) {
    if (error) *error = std::move(msg);
    return false;
  };
  if (!(rel_tol > 0 && rel_tol < 1)) return fail(fmt::format("rel_tol must be in (0,1), got {}", rel_tol));
  if (!(abs_tol > 0 && abs_tol < 1)) return fail(fmt::format("abs_tol must be in (0,1), got {}", abs_tol));
  if (event_bits < 10 || event_bits > 53) return fail(fmt::format("event_bits must be in [10,53], got {}", event_bits));
  if (!(capture_tol > 0 && capture_tol < 1e-3)) return fail(fmt::format("capture_tol must be in (0, 1e-3), got {}", capture_tol));
  if (max_steps < 10) return fail(fmt::format("max_steps must be >= 10, got {}", max_steps));
  return true;
}

std::string_view status_name(Status s) {
  switch (s) {
    case Status::separated: return "separated";
    case Status::captured: return "captured";
    case Status::max_steps: return "max-steps";
  }
  return "?";
}

std::string ImpactResult::BriefReport() const {
  return fmt::format("{}: e_out={:.12g} delta_max={:.6g} t_contact={:.6g} f_max={:.6g} "
                     "delta_sep={:.6g} energy_residual={:.2e} steps={} rhs={}",
                     status_name(status), e_out, delta_max, t_contact, f_max, delta_sep,
                     energy_residual, steps, rhs_evaluations);
}

namespace {

using State = std::array<double, 3>;  // penetration, rate, work done by the damping force

// Generic contact equation x'' = -(A xⁿ + a x^p x'); the third component integrates the
// power of the damping force for the energy balance. Kept tiny: it runs millions of times.
struct ContactSystem {
  GenericCoefficients c;
  std::size_t* evaluations;

  double spring(double x) const { return x > 0 ? c.A * std::pow(x, c.n) : 0.0; }
  // Permanent indentation (PINSLOT eq. 91): elastic while x' > 0, then the restitution curve
  // F_m((x − x_p)/(x_m − x_p))ⁿ; both equal F_m at x = x_m, x' = 0.
  double indentation_force(double x, double xd) const {
    if (xd > 0) return spring(x);
    const double s = (x - c.x_perm) / (c.x_peak - c.x_perm);
    return s > 0 ? c.A * std::pow(c.x_peak, c.n) * std::pow(s, c.n) : 0.0;
  }
  double damper(double x, double xd) const {
    if (c.p == 0.0) return c.a * xd;
    return x > 0 ? c.a * std::pow(x, c.p) * xd : 0.0;
  }
  // Force per unit mass; with clamp the law never pulls (force >= 0).
  double force(double x, double xd) const {
    if (c.indentation) return indentation_force(x, xd);
    const double f = spring(x) + damper(x, xd);
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
    const double fd = damper(s[0], s[1]);
    double f = spring(s[0]) + fd;
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
    return std::min(spring(s[0]) + damper(s[0], s[1]), s[0]);
  }
  double potential(double x) const {
    return x > 0 ? c.A * std::pow(x, c.n + 1.0) / (c.n + 1.0) : 0.0;
  }
};

struct RawResult {
  Status status = Status::max_steps;
  double v_sep = 0, x_max = 0, t_sep = 0, f_max = 0, x_sep = 0, work = 0;
  std::size_t steps = 0, evaluations = 0;
};

RawResult integrate(const GenericCoefficients& coeff, double length_scale,
                    const ImpactOptions& opt) {
  std::string why;
  if (!opt.IsValid(&why)) throw InputError("impact options: " + why);
  RawResult r;
  ContactSystem sys{coeff, &r.evaluations};
  const double abs_tol = opt.abs_tol * std::min(length_scale, coeff.V);
  auto stepper = odeint::make_dense_output(abs_tol, opt.rel_tol,
                                           odeint::runge_kutta_dopri5<State>());
  State s0{0.0, coeff.V, 0.0};
  // First step: a small fraction of the undamped contact time scale.
  stepper.initialize(s0, 0.0, 1e-3 * length_scale / coeff.V);
  boost::math::tools::eps_tolerance<double> tol(opt.event_bits);
  State tmp;
  auto state_at = [&](double t) -> const State& {
    stepper.calc_state(t, tmp);
    return tmp;
  };
  bool rebounding = false;
  while (r.steps < opt.max_steps) {
    const auto [t0, t1] = stepper.do_step(std::ref(sys));
    ++r.steps;
    const State& prev = stepper.previous_state();
    const State& cur = stepper.current_state();
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
      return r;
    }
    // Peak force: sample the step; refine with Brent where the midpoint is the largest.
    if (opt.diagnostics) {
      const double tm = 0.5 * (t0 + t1);
      const State& sm = state_at(tm);
      const double fm = sys.force(sm[0], sm[1]);
      const double f1 = sys.force(cur[0], cur[1]);
      double best = std::max(fm, f1);
      if (fm > f1 && fm > sys.force(prev[0], prev[1])) {
        auto neg_force = [&](double t) {
          const State& s = state_at(t);
          return -sys.force(s[0], s[1]);
        };
        auto mn = boost::math::tools::brent_find_minima(neg_force, t0, t1, 40);
        best = std::max(best, -mn.second);
      }
      r.f_max = std::max(r.f_max, best);
    }
    if (rebounding && std::sqrt(cur[1] * cur[1] + 2.0 * sys.potential(cur[0])) < opt.capture_tol * coeff.V) {
      r.status = Status::captured;  // creeping to rest: e_out < capture_tol
      r.t_sep = t1;
      r.x_sep = cur[0];
      return r;
    }
    const double g1 = sys.contact_indicator(cur);
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
      const State& se = state_at(t_event);
      r.status = Status::separated;
      r.t_sep = t_event;
      r.v_sep = se[1];
      r.x_sep = std::max(se[0], 0.0);
      r.work = se[2];
      return r;
    }
  }
  r.status = Status::max_steps;
  return r;
}

PhysicalResult to_physical_result(const RawResult& r, const GenericCoefficients& c,
                                  double mass) {
  // Energy balance (SF2020 eq. 36 generalised): ½mv² = ½m v_sep² + U(δ_sep) + W_damping.
  ContactSystem sys{c, nullptr};
  const double ke0 = 0.5 * c.V * c.V;
  const double balance = ke0 - 0.5 * r.v_sep * r.v_sep - sys.potential(r.x_sep) - r.work;
  return {r.status,
          r.status == Status::separated ? -r.v_sep / c.V : 0.0,
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
    throw InputError(fmt::format("permanent set ratio delta_p/delta_m must be in [0, 1), got {}", law.damping));
  const GenericCoefficients c = generic_coefficients(law);
  const RawResult raw = integrate(c, 1.0, options);
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
  return r;
}

PhysicalResult solve_physical(const PhysicalImpact& p, const ImpactOptions& options) {
  const ImpactScales s = impact_scales(p.m, p.k, p.v, p.n);
  const ImpactResult r = solve(to_dimensionless(p), options);
  return {r.status,      r.e_out,       r.delta_max * s.delta_m, r.t_contact * s.time,
          r.f_max * s.force, r.delta_sep * s.delta_m, r.energy_residual};
}

PhysicalResult solve_physical_direct(const PhysicalImpact& p, const ImpactOptions& options) {
  const ImpactScales s = impact_scales(p.m, p.k, p.v, p.n);
  to_dimensionless(p);  // parameter validation
  const GenericCoefficients c = generic_coefficients(p);
  return to_physical_result(integrate(c, s.delta_m, options), c, p.m);
}

}  // namespace calib::impact
