#include "calib/codes/input_for.hpp"

#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "calib/calibrate/solve_for_restitution.hpp"
#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "core/checks.hpp"

namespace calib::codes {

bool InputForOptions::IsValid(std::string* error) const {
  auto fail = [&](std::string why) {
    if (error) *error = std::move(why);
    return false;
  };
  if (!(target_e > 0 && target_e <= 1)) return fail(fmt::format("--e must be in (0, 1], got {}", target_e));
  if (typed && !std::isfinite(*typed)) return fail(fmt::format("{} must be finite, got {}", typed_field, *typed));
  if (!(cor_tol > 0 && cor_tol < 1e-2)) return fail(fmt::format("cor_tol must be in (0, 1e-2), got {}", cor_tol));
  if (time_step && !(*time_step > 0 && std::isfinite(*time_step)))
    return fail(fmt::format("--timestep must be a positive time, got {}", *time_step));
  if (speed_points < 2 || speed_points > 1000)
    return fail(fmt::format("speed_points must be in [2, 1000], got {}", speed_points));
  std::string why;
  if (!solver.IsValid(&why)) return fail("solver: " + why);
  return true;
}

double parse_typed(const CodeLaw& law, std::string_view text, std::string_view field) {
  constexpr double kAny = std::numeric_limits<double>::max();
  return units::parse(text, units::quantity_of_unit("the typed value", law.typed.units, -kAny, kAny,
                                                    "0.5"),
                      field);
}

Achieved achieved(const CodeLaw& law, double value, bool clamp, const Contact& c,
                  const impact::ImpactOptions& solver) {
  const PhysicalImpact p = law.impact(value, clamp, c);
  const impact::ImpactResult r = impact::solve(to_dimensionless(p), solver);
  const double time_scale = p.law.scales(p.m, p.v).time;
  switch (r.status) {
    case impact::Status::separated:
      return {r.e_out, r.t_contact * time_scale, r.delta_max * p.law.scales(p.m, p.v).delta_m};
    case impact::Status::captured:  // overdamped without clamp: the bodies never separate
      return {0.0, r.t_contact * time_scale, r.delta_max * p.law.scales(p.m, p.v).delta_m};
    case impact::Status::max_steps:
      break;
  }
  throw ComputeError(fmt::format("{} {}: the impact solve for the typed value {} did not finish ({})",
                                 law.code, law.model, value, r.BriefReport()));
}

namespace {

// The smallest value the code accepts: `lower`, or the next double above it when the code
// refuses `lower` itself (LIGGGHTS: 0.05 < e).
double lowest_accepted(const Typed& t) {
  return t.lower_open ? std::nextafter(t.lower, t.upper) : t.lower;
}

std::string accepted_range(const Typed& t) {
  return fmt::format("{}{}, {}]", t.lower_open ? "(" : "[", t.lower, t.upper);
}

// A typed restitution: the code's whole accepted range (achieved e rises with the typed e).
template <class F>
calibrate::Bracket bracket_restitution(const CodeLaw& law, bool clamp, double target, F f) {
  const double lo = lowest_accepted(law.typed), hi = law.typed.upper;
  const double flo = f(lo), fhi = f(hi);
  if (flo > 0 || fhi < 0)
    throw ComputeError(fmt::format(
        "{} {} ({}, clamp {}): no {} in {} achieves e = {}; the code's accepted inputs reach e "
        "in [{:.6g}, {:.6g}] only",
        law.code, law.model, law.version, clamp ? "on" : "off", law.typed.name,
        accepted_range(law.typed), target, flo + target, fhi + target));
  return {lo, hi, flo, fhi};
}

// A damping-like value (e falls as it grows): decades from 1 in its own units, inside the range
// the code accepts.
template <class F>
calibrate::Bracket bracket_damping(const CodeLaw& law, double target, F f) {
  const auto decade = [](double x, bool up, int) { return up ? x * 10.0 : x * 0.1; };
  const std::optional<calibrate::Bracket> b = calibrate::bracket_decreasing(
      f, 1.0, f(1.0), decade,
      {.lower = law.typed.lower, .upper = law.typed.upper, .max_steps = 80});
  if (!b)
    throw ComputeError(fmt::format("{} {}: could not bracket the {} achieving e = {} in [{}, {}]",
                                   law.code, law.model, law.typed.name, target, law.typed.lower,
                                   law.typed.upper));
  return *b;
}

// The value to type: a root of achieved(x) − target, refined by TOMS748 until
// |e − target| ≤ cor_tol·target (the stopping rule of calibrate_damping).
double invert(const CodeLaw& law, bool clamp, const Contact& c, const InputForOptions& o) {
  const double target = o.target_e;
  auto f = [&](double x) { return achieved(law, x, clamp, c, o.solver).e - target; };
  if (!law.typed.is_restitution && target == 1.0 && law.typed.lower == 0.0) return 0.0;
  // Typing 1 is elastic in every restitution-typed code; one whose range extends past 1 (Yade's
  // Thornton fit) would otherwise see f(upper) < 0 and no bracket for e = 1.
  if (law.typed.is_restitution && target == 1.0 && std::abs(f(1.0)) <= o.cor_tol) return 1.0;
  const calibrate::Bracket b = law.typed.is_restitution ? bracket_restitution(law, clamp, target, f)
                                                        : bracket_damping(law, target, f);
  // Stops on the tolerance, or where the bracket cannot shrink (a step or plateau of the map).
  const calibrate::RestitutionRoot root = calibrate::solve_for_restitution(
      f, b, {.f_abs = o.cor_tol * target, .width_rel = 4e-16, .max_iterations = 200});
  const double best = root.x, best_err = std::abs(root.f);
  if (best_err > o.cor_tol * target)
    throw ComputeError(fmt::format(
        "{} {}: the best {} ({}) gives |e - target| = {:.3g}, above the tolerance {:.3g}: the "
        "code's mapping has a step or plateau there",
        law.code, law.model, law.typed.name, best, best_err, o.cor_tol * target));
  return best;
}

}  // namespace

InputFor input_for(const CodeLaw& law, const Contact& contact, const InputForOptions& options) {
  if (std::string why; !options.IsValid(&why)) throw InputError(why);
  InputFor r;
  r.law = &law;
  r.target_e = options.target_e;
  if (!options.version_asked.empty() && options.version_asked != law.version)
    r.version_asked = options.version_asked;
  r.clamp = options.clamp.value_or(law.clamp.by_default);
  if (r.clamp != law.clamp.by_default && law.clamp.switch_name.empty())
    throw InputError(fmt::format("--clamp: {} {} ({}) always runs with the clamp {}; it has no "
                                 "switch for it",
                                 law.code, law.model, law.version,
                                 law.clamp.by_default ? "on" : "off"));
  auto accepted = [&](double x) { return x >= lowest_accepted(law.typed) && x <= law.typed.upper; };
  r.typed = options.typed;
  if (r.typed && !accepted(*r.typed))
    throw InputError(fmt::format("{}: {} {} ({}) accepts {} in {}, got {}", options.typed_field,
                                 law.code, law.model, law.version, law.typed.name,
                                 accepted_range(law.typed), *r.typed));
  if (!r.typed) {  // a target the code refuses as typed leaves "typed today" empty
    if (law.typed.is_restitution && accepted(options.target_e))
      r.typed = options.target_e;
    else if (!law.typed.is_restitution)
      r.typed = law.typed.code_default;
  }
  if (r.typed) {
    const Achieved typed = achieved(law, *r.typed, r.clamp, contact, options.solver);
    r.achieved_if_typed = typed.e;
    r.contact_time_typed = typed.contact_time;
    r.delta_max_typed = typed.delta_max;
    r.snippet_typed = law.snippet(*r.typed, r.clamp, contact);
  }
  r.input_value = invert(law, r.clamp, contact, options);
  const Achieved with_input = achieved(law, r.input_value, r.clamp, contact, options.solver);
  r.achieved_with_input = with_input.e;
  r.contact_time_input = with_input.contact_time;
  r.delta_max_input = with_input.delta_max;
  r.snippet = law.snippet(r.input_value, r.clamp, contact);
  r.time_step_max = r.contact_time_input / (law.steps_per_contact > 0 ? law.steps_per_contact
                                                                     : kStepsPerContactWarning);
  r.time_step = options.time_step;
  if (law.speed_dependent) {
    for (int i = 0; i < options.speed_points; ++i) {
      Contact at = contact;
      at.v = contact.v * std::pow(10.0, -1.0 + 2.0 * i / (options.speed_points - 1));
      SpeedPoint p{at.v, {}, achieved(law, r.input_value, r.clamp, at, options.solver).e};
      if (r.typed) p.e_typed = achieved(law, *r.typed, r.clamp, at, options.solver).e;
      r.speeds.push_back(p);
    }
  }
  r.warnings = plausibility_warnings(r, contact);
  return r;
}

std::string InputFor::BriefReport() const {
  return fmt::format("{} {} ({}): target e {}, type {} -> e {:.12g}{}", law->code, law->model,
                     law->version, target_e, input_value, achieved_with_input,
                     achieved_if_typed ? fmt::format(" (typed {} -> e {:.12g})", *typed,
                                                     *achieved_if_typed)
                                       : std::string());
}

}  // namespace calib::codes
