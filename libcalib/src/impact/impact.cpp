#include "calib/impact/impact.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "impact/contact_system.hpp"
#include "impact/energy_time.hpp"
#include "impact/phases.hpp"
#include "impact/step_sampler.hpp"

namespace calib::impact {

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

// The clamp only where it acts (contact_system.hpp: not for the hysteresis family).
GenericCoefficients without_inert_clamp(GenericCoefficients c) {
  c.clamp = separates_at_force_zero(c);
  return c;
}

// The state where the contact ended (the last of a history of every step's end).
void record_end(const Contact& contact, StepSampler& sampler) {
  const RawResult& r = contact.r;
  sampler.finish(contact.sys, r.t_sep,
                 State{r.x_sep, r.v_sep, r.work, contact.sys.power_n(std::max(r.x_sep, 0.0))});
}

// The solve in τ: the plan of phases for the law (phases.hpp), then the stiff fallback where
// the explicit steppers ran out of budget; each accepted step is handed to `sampler`, if any.
RawResult integrate(const GenericCoefficients& law, double length_scale,
                    const ImpactOptions& opt, StepSampler* sampler = nullptr) {
  Contact contact(without_inert_clamp(law), length_scale, opt);
  contact.sampler = sampler;
  PhaseEnd end;
  if (law.indentation()) {
    end = indentation_contact(contact);
  } else {
    end = start_phase(contact);
    if (end == PhaseEnd::handed_over) end = bulk_phase(contact);
    if (end == PhaseEnd::handed_over) end = rebound_phase(contact);
  }
  if (end != PhaseEnd::finished && contact.r.steps < opt.max_steps) {
    const std::size_t before = contact.r.steps;
    continue_stiff(contact);
    contact.r.stiff_steps = contact.r.steps - before;
  }
  if (sampler && contact.r.status != Status::max_steps) record_end(contact, *sampler);
  return contact.r;
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

namespace {

ImpactResult solve_with(const ContactLaw& law, const ImpactOptions& options,
                        StepSampler* sampler) {
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
  HandOverCost handed_over;  // what energy time spent before handing over to τ, if it did
  if (options.strategy.energy_time && solvable_in_energy_time(c))
    in_energy_time = integrate_energy_time(c, options, handed_over);
  RawResult raw = in_energy_time ? *in_energy_time : integrate(c, 1.0, options, sampler);
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

}  // namespace

ImpactResult solve(const ContactLaw& law, const ImpactOptions& options) {
  return solve_with(law, options, nullptr);
}

ImpactResult detail::solve_sampled(const ContactLaw& law, const ImpactOptions& options,
                                   StepSampler& sampler) {
  ImpactOptions in_tau = options;
  in_tau.strategy = Strategy{false, false, false};
  return solve_with(law, in_tau, &sampler);
}

PhysicalResult solve_physical(const PhysicalImpact& p, const ImpactOptions& options) {
  const ImpactScales s = p.law.scales(p.m, p.v);
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
  const ImpactScales s = p.law.scales(p.m, p.v);
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
