// `calib fit-impact`: a contact law fitted to a measured restitution curve e(v) or to the force
// and/or penetration record of one impact.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "calib/codes/input_for.hpp"
#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/fit/fit_monitor.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/fit/impact_record_run.hpp"
#include "calib/io/resources.hpp"
#include "calib/io/result_folder.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

struct FitImpactArgs {
  std::string data, law, out, fit, loss = "none", geometry = "sphere-sphere";
  std::optional<double> m, K, n, nu, density, v, t0;
  std::optional<std::string> E, radius;
  std::optional<double> loss_scale;
  Format format = Format::text;
  bool progress = false;
};

// Progress lines on a terminal's stderr (or with --progress) once a fit runs a second.
bool show_progress(const FitImpactArgs& a) { return a.progress || ::isatty(STDERR_FILENO); }

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

// A sphere radius of metres is a size in millimetres written without its unit far more often
// than a boulder: flagged beside the result (as input-for flags it), never refused.
std::vector<std::string> radius_warnings(const FitImpactArgs& a, double mass) {
  if (!a.radius) return {};
  const double radius = units::parse(*a.radius, units::length, "--radius");
  if (!(radius > codes::kRadiusWarning)) return {};
  return {fmt::format("--radius = {:g} m: a sphere of metres (m = {:.4g} kg); a size in "
                      "millimetres is written with its unit, e.g. {:g}mm",
                      radius, mass, radius)};
}

// The record as printed: the fit's, with the warnings on its inputs.
void print_result(const nlohmann::ordered_json& record, const std::string& text,
                  const std::vector<std::string>& warnings, Format format) {
  if (format == Format::json) {
    nlohmann::ordered_json out = record;
    if (!warnings.empty()) out["warnings"] = warnings;
    fmt::print("{}\n", out.dump(2));
    return;
  }
  fmt::print("{}", text);
  for (const std::string& w : warnings) fmt::print("warning: {}\n", w);
}

fit::FitImpactRequest request_of(const FitImpactArgs& a, bool record) {
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
    spheres.E = units::parse(*a.E, units::youngs_modulus, "--E");
    spheres.nu = *a.nu;
    spheres.radius = units::parse(*a.radius, units::length, "--radius");
    q.K = fit::hertz_stiffness(spheres);
    q.n = 1.5;
  } else {
    if (!a.K && !record)
      throw InputError("--K: the stiffness is needed (or --E, --nu and --radius)");
    q.K = a.K.value_or(0.0);  // an impact record's start: from its peak when not given
    q.n = a.n.value_or(1.5);
  }
  if (a.m && a.density) throw InputError("--m and --density: give the mass one way, not both");
  if (a.density && !hertz) throw InputError("--density: needs --radius (and --E, --nu)");
  q.m = a.m ? *a.m : fit::effective_mass(spheres);
  if (record) q.fit_K = q.fit_n = q.fit_damping = true;  // K, n and the damping by default
  apply_fit_list(a.fit, q.laws, q);
  q.options.fit.loss = a.loss == "huber"    ? fit::Loss::huber
                       : a.loss == "cauchy" ? fit::Loss::cauchy
                                            : fit::Loss::none;
  if (a.loss_scale && !(*a.loss_scale > 0 && std::isfinite(*a.loss_scale)))
    throw InputError(fmt::format("--loss-scale: must be a finite number > 0, got {}", *a.loss_scale));
  // Without --loss-scale: from the data (1.4826 MAD of a plain fit's residuals).
  q.options.loss_scale_from_data = !a.loss_scale;
  if (a.loss_scale) q.options.fit.loss_scale = *a.loss_scale;
  return q;
}

// --out: the folder, checked and locked before the data is read (io/result_folder.hpp).
std::optional<io::ResultFolder> result_folder(const FitImpactArgs& a) {
  if (a.out.empty()) return std::nullopt;
  return std::optional<io::ResultFolder>(std::in_place, a.out,
                                         std::vector{io::resolve_input_path(a.data)});
}

// The provenance of the --out files: the data, the flags as given, the fit's tolerances.
io::Provenance provenance_of(const FitImpactArgs& a, const fit::ImpactFitOptions& o,
                             const io::WallClock& clock) {
  nlohmann::json config = {{"data", a.data}, {"law", a.law},   {"geometry", a.geometry},
                           {"fit", a.fit},   {"loss", a.loss}};
  for (const auto& [name, value] : {std::pair{"m", a.m},
                                    {"loss_scale", a.loss_scale},
                                    {"K", a.K},
                                    {"n", a.n},
                                    {"nu", a.nu},
                                    {"density", a.density},
                                    {"v", a.v},
                                    {"t0", a.t0}})
    if (value) config[name] = *value;
  for (const auto& [name, value] : {std::pair{"E", a.E}, {"radius", a.radius}})
    if (value) config[name] = *value;
  return {"calib fit-impact",
          config,
          {{"function_tolerance", o.fit.function_tolerance},
           {"gradient_tolerance", o.fit.gradient_tolerance},
           {"parameter_tolerance", o.fit.parameter_tolerance},
           {"impact_rel_tol", o.impact.rel_tol},
           {"impact_abs_tol", o.impact.abs_tol}},
          1,
          clock.started_utc(),
          clock.seconds()};
}

// Exit 1 (after the output is written) when the one law asked for did not converge, or when
// none of the laws did; the message names what the fit could not reach ("data" or "record").
template <class Outcome, class MessageOf>
void require_reached(const Outcome& o, std::size_t laws, const std::string& law,
                     std::string_view what, MessageOf message_of) {
  if (laws == 1 && !o.ok)
    throw ComputeError(fmt::format("fit-impact: the {} fit did not reach the {}: {}", law, what,
                                   message_of(o.reports.front())));
  if (std::none_of(o.reports.begin(), o.reports.end(), [](const auto& r) { return r.ok(); }))
    throw ComputeError(
        fmt::format("fit-impact: no law reached the {} (see each fit's status)", what));
}

// An impact record (t[s] with F[N] and/or delta[m]): the contact start t0 is fitted too.
void run_record(const FitImpactArgs& a, const io::WallClock& clock) {
  if (!a.v) throw InputError("--v: an impact record needs the impact speed [m/s]");
  if (!a.m && !a.density) throw InputError("--m: an impact record needs the effective mass [kg]");
  const fit::FitImpactRequest c = request_of(a, true);
  fit::require_fit_impact_material(c.m, c.K, c.n, *a.v);
  fit::FitRecordRequest q;
  q.laws = c.laws, q.m = c.m, q.v = *a.v, q.K = c.K, q.n = c.n, q.t0 = a.t0.value_or(NAN);
  q.fit_K = c.fit_K, q.fit_n = c.fit_n, q.fit_damping = c.fit_damping, q.options = c.options;
  std::optional<io::ResultFolder> folder = result_folder(a);
  const fit::ImpactRecord data = fit::read_impact_record(a.data);
  fit::FitMonitor monitor(show_progress(a));
  monitor.begin(fmt::format("record ({} samples)", data.t.size()));
  q.options.fit.monitor = &monitor;
  const fit::FitRecordOutcome o = fit::run_fit_impact_record(q, data);
  monitor.throw_if_stopped();
  print_result(o.record, a.format == Format::json ? std::string() : fit::fit_record_text(o),
               radius_warnings(a, q.m), a.format);
  if (folder) {
    fit::write_fit_impact_record(folder->stage(), o, q, data);
    folder->publish(provenance_of(a, q.options, clock));
  }
  require_reached(o, q.laws.size(), a.law, "record",
                  [](const fit::RecordFitReport& r) { return r.fit.message; });
}

}  // namespace

void register_fit_impact(CLI::App& app) {
  auto args = std::make_shared<FitImpactArgs>();
  FitImpactArgs& a = *args;
  auto* cmd = app.add_subcommand(
      "fit-impact",
      "fit a contact law to a restitution curve e(v) or an impact record F(t), delta(t)");
  cmd->add_option("--data", a.data,
                  "CSV: v_in[m/s], e[-] (restitution curve) or t[s] with F[N] and/or delta[m] "
                  "(impact record); any unit of each quantity, e.g. v_in[cm/s], t[us]")
      ->required()
      ->check(not_empty_path());
  cmd->add_option("--law", a.law, "hunt-crossley-alpha, viscoelastic, linear-damper, tsuji or all")
      ->required();
  add_quantity(*cmd, "--m", a.m, units::mass, "effective mass");
  add_quantity(*cmd, "--v", a.v, units::speed, "impact speed (impact record)");
  add_quantity(*cmd, "--t0", a.t0, units::instant,
               "start of the fitted contact start (impact record)");
  // --n before --K: K's unit N/m^n is read with the n given (CLI11 parses in declaration order).
  cmd->add_option("--n", a.n, "exponent n, in [1, 2] (default 1.5)");
  add_contact_stiffness(*cmd, "--K", a.K, a.n, 1.5, "stiffness K");
  check_quantity(*cmd->add_option("--E", a.E, "Young's modulus, for the Hertz K"),
                 units::youngs_modulus);
  add_quantity(*cmd, "--nu", a.nu, units::poisson_ratio, "Poisson's ratio");
  check_quantity(*cmd->add_option("--radius", a.radius, "sphere radius"), units::length);
  add_quantity(*cmd, "--density", a.density, units::density, "density, for the effective mass");
  cmd->add_option("--geometry", a.geometry, "sphere-sphere (two equal spheres) or sphere-wall")
      ->check(CLI::IsMember({"sphere-sphere", "sphere-wall"}))
      ->capture_default_str();
  cmd->add_option("--fit", a.fit, "free parameters, comma separated: damping (or its name), n, K");
  cmd->add_option("--loss", a.loss, "robust loss: none, huber or cauchy")
      ->check(CLI::IsMember({"none", "huber", "cauchy"}))
      ->capture_default_str();
  cmd->add_option("--loss-scale", a.loss_scale,
                  "robust loss scale, in residual units (sigma_e, sigma_F, sigma_delta when "
                  "given); default: 1.4826 MAD of a plain fit's residuals");
  cmd->add_option("--out", a.out, "folder for fit_impact.json and the figure data")
      ->check(not_empty_path());
  add_format_flag(*cmd, a.format, {Format::text, Format::json});
  cmd->add_flag("--progress", a.progress,
                "show progress lines (after a second) even when stderr is not a terminal");
  cmd->callback([args] {
    const FitImpactArgs& a = *args;
    const io::WallClock clock;
    if (fit::impact_data_kind(a.data) == fit::ImpactDataKind::impact_record)
      return run_record(a, clock);
    if (a.v || a.t0)
      throw InputError(std::string(a.v ? "--v" : "--t0") +
                       ": only for an impact record (t[s] column); this file is a restitution "
                       "curve");
    fit::FitImpactRequest q = request_of(a, false);
    std::optional<io::ResultFolder> folder = result_folder(a);
    const fit::RestitutionCurve data = fit::read_restitution_curve(a.data);
    fit::FitMonitor monitor(show_progress(a));
    q.options.fit.monitor = &monitor;
    const fit::FitImpactOutcome o = fit::run_fit_impact(q, data);
    print_result(o.record, a.format == Format::json ? std::string() : fit::fit_impact_text(o),
                 radius_warnings(a, q.m), a.format);
    if (folder) {
      fit::write_fit_impact(folder->stage(), o, q, data);
      folder->publish(provenance_of(a, q.options, clock));
    }
    require_reached(o, q.laws.size(), a.law, "data",
                    [](const fit::ImpactFitReport& r) { return r.message; });
  });
}

}  // namespace calib::cli
