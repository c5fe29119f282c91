// `calib fit-impact`: a contact law fitted to a measured restitution curve e(v).
#include <algorithm>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

struct FitImpactArgs {
  std::string data, law, out, fit, loss = "none", geometry = "sphere-sphere";
  std::optional<double> m, K, n, nu, density;
  std::optional<std::string> E, radius;
  double loss_scale = 1.0;
  Format format = Format::text;
};

// A quantity flag in SI units: one call of the quantity parser, then its base unit to SI
// (units::factor of the SI unit is the base unit's size, whatever the base unit is).
double si_quantity(const std::string& text, units::Kind kind, std::string_view flag) {
  const char* si_unit = kind == units::Kind::stress ? "Pa" : "m";
  return units::parse(text, kind, flag) / units::factor(si_unit, kind, flag);
}

// --fit LIST: K, n and the damping parameter (its name, or "damping").
void apply_fit_list(const std::string& list, const std::vector<fit::ImpactLaw>& laws,
                    fit::FitImpactRequest& q) {
  if (list.empty()) return;
  q.fit_K = q.fit_n = q.fit_damping = false;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    const auto is_damping = [&](fit::ImpactLaw l) { return fit::damping_parameter_name(l) == name; };
    if (name == "K") q.fit_K = true;
    else if (name == "n") q.fit_n = true;
    else if (name == "damping" || std::all_of(laws.begin(), laws.end(), is_damping))
      q.fit_damping = true;
    else
      throw InputError(fmt::format("--fit: unknown parameter '{}'; choose from K, n, damping{}",
                                   name, laws.size() == 1
                                             ? ", " + std::string(fit::damping_parameter_name(laws[0]))
                                             : std::string()));
  }
}

fit::FitImpactRequest request_of(const FitImpactArgs& a) {
  fit::FitImpactRequest q;
  if (a.law == "all") q.laws = fit::impact_laws();
  else q.laws = {fit::find_impact_law(a.law, "--law")};
  fit::HertzSpheres spheres;
  spheres.wall = a.geometry == "sphere-wall";
  spheres.density = a.density;
  const bool hertz = a.E || a.nu || a.radius;
  if (hertz && (a.K || a.n))
    throw InputError("--K/--n and --E/--nu/--radius: give the stiffness one way, not both");
  if (hertz) {
    if (!a.E || !a.nu || !a.radius)
      throw InputError("--E, --nu and --radius: all three are needed for the Hertz stiffness");
    spheres.E = si_quantity(*a.E, units::Kind::stress, "--E");
    spheres.nu = *a.nu;
    spheres.radius = si_quantity(*a.radius, units::Kind::length, "--radius");
    q.K = fit::hertz_stiffness(spheres);
    q.n = 1.5;
  } else {
    if (!a.K) throw InputError("--K: the stiffness is needed (or --E, --nu and --radius)");
    q.K = *a.K;
    q.n = a.n.value_or(1.5);
  }
  if (a.m && a.density) throw InputError("--m and --density: give the mass one way, not both");
  if (a.density && !hertz) throw InputError("--density: needs --radius (and --E, --nu)");
  q.m = a.m ? *a.m : fit::effective_mass(spheres);
  apply_fit_list(a.fit, q.laws, q);
  q.options.fit.loss = a.loss == "huber"    ? fit::Loss::huber
                       : a.loss == "cauchy" ? fit::Loss::cauchy
                                            : fit::Loss::none;
  q.options.fit.loss_scale = a.loss_scale;
  return q;
}

}  // namespace

void register_fit_impact(CLI::App& app) {
  auto args = std::make_shared<FitImpactArgs>();
  FitImpactArgs& a = *args;
  auto* cmd = app.add_subcommand(
      "fit-impact", "fit a contact law to a measured restitution curve e(v) (exact impact solve)");
  cmd->add_option("--data", a.data, "CSV with v_in[m/s], e[-] and optionally sigma_e[-]")
      ->required()
      ->check(not_empty_path());
  cmd->add_option("--law", a.law, "hunt-crossley-alpha, viscoelastic, linear-damper, tsuji or all")
      ->required();
  cmd->add_option("--m", a.m, "effective mass [kg]");
  cmd->add_option("--K", a.K, "stiffness K [N/m^n]");
  cmd->add_option("--n", a.n, "exponent n, in [1, 2] (default 1.5)");
  cmd->add_option("--E", a.E, "Young's modulus (e.g. 200GPa), for the Hertz K");
  cmd->add_option("--nu", a.nu, "Poisson's ratio");
  cmd->add_option("--radius", a.radius, "sphere radius (e.g. 5mm)");
  cmd->add_option("--density", a.density, "density [kg/m^3], for the effective mass");
  cmd->add_option("--geometry", a.geometry, "sphere-sphere (two equal spheres) or sphere-wall")
      ->check(CLI::IsMember({"sphere-sphere", "sphere-wall"}))
      ->capture_default_str();
  cmd->add_option("--fit", a.fit, "free parameters, comma separated: damping (or its name), n, K");
  cmd->add_option("--loss", a.loss, "robust loss: none, huber or cauchy")
      ->check(CLI::IsMember({"none", "huber", "cauchy"}))
      ->capture_default_str();
  cmd->add_option("--loss-scale", a.loss_scale, "robust loss scale, in residual units")
      ->capture_default_str();
  cmd->add_option("--out", a.out, "folder for fit_impact.json and the figure data")
      ->check(not_empty_path());
  add_format_flag(*cmd, a.format, {Format::text, Format::json});
  cmd->callback([args] {
    const FitImpactArgs& a = *args;
    const fit::FitImpactRequest q = request_of(a);
    if (!a.out.empty()) fit::prepare_fit_impact_output(a.out, a.data);
    const fit::RestitutionCurve data = fit::read_restitution_curve(a.data);
    const fit::FitImpactOutcome o = fit::run_fit_impact(q, data);
    if (a.format == Format::json) fmt::print("{}\n", o.record.dump(2));
    else fmt::print("{}", fit::fit_impact_text(o));
    if (!a.out.empty()) fit::write_fit_impact(a.out, o, q, data);
    if (q.laws.size() == 1 && !o.ok)
      throw ComputeError(fmt::format("fit-impact: the {} fit did not reach the data: {}", a.law,
                                     o.reports.front().message));
    if (std::none_of(o.reports.begin(), o.reports.end(), [](const auto& r) { return r.ok(); }))
      throw ComputeError("fit-impact: no law reached the data (see each fit's status)");
  });
}

}  // namespace calib::cli
