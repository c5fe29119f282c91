// `calib impact` and `calib calibrate`: one event-terminated solve / one exact inverse.
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/calibrate/calibrate.hpp"
#include "calib/calibrate/records.hpp"
#include "calib/core/contact_law.hpp"
#include "calib/core/required.hpp"
#include "calib/impact/impact.hpp"
#include "calib/models/catalog.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

struct ImpactArgs {
  std::string model = "linear-damper";
  double e = 0.0, n = 1.5;
  std::optional<double> m, k, v;  // no physical default
  std::optional<std::string> clamp;                             // on|off
  double rel_tol = 1e-10, abs_tol = 1e-12;                      // impact
  double rel_tol_calibrate = 1e-12, abs_tol_calibrate = 1e-14;  // calibrate (CalibrateOptions)
  Format format = Format::text;
};

void add_impact_args(CLI::App& cmd, ImpactArgs& a, bool calibration) {
  cmd.add_option("--model", a.model, "model name (see `calib models`)")->capture_default_str();
  cmd.add_option("--e", a.e, "desired coefficient of restitution, in (0, 1]")->required();
  cmd.add_option("--n", a.n, "Hertz exponent, in [1, 2]")->capture_default_str();
  add_quantity(cmd, "--m", a.m, units::mass, "effective mass");
  add_contact_stiffness(cmd, "--k", a.k, a.n, "stiffness K");
  add_quantity(cmd, "--v", a.v, units::speed, "impact speed");
  cmd.add_option("--clamp", a.clamp,
                 "on: force >= 0, separate at F = 0; off: separate at delta = 0")
      ->check(CLI::IsMember({"on", "off"}));
  cmd.add_option("--rel-tol", calibration ? a.rel_tol_calibrate : a.rel_tol,
                 "ODE relative tolerance")
      ->capture_default_str();
  cmd.add_option("--abs-tol", calibration ? a.abs_tol_calibrate : a.abs_tol,
                 "ODE absolute tolerance (dimensionless)")
      ->capture_default_str();
  add_format_flag(cmd, a.format);
}

std::optional<bool> clamp_of(const ImpactArgs& a) {
  if (!a.clamp) return std::nullopt;
  return *a.clamp == "on";
}

std::vector<std::pair<std::string_view, bool>> scales_given(const ImpactArgs& a) {
  return {{"--m", a.m.has_value()}, {"--k", a.k.has_value()}, {"--v", a.v.has_value()}};
}

calibrate::ImpactQuery query_of(const ImpactArgs& a) {
  return {a.e, a.n, *a.m, *a.k, *a.v, clamp_of(a)};
}

}  // namespace

void register_impact(CLI::App& app) {
  auto args = std::make_shared<ImpactArgs>();
  auto* cmd =
      app.add_subcommand("impact", "simulate one impact with a catalog model's damping for e");
  add_impact_args(*cmd, *args, false);
  cmd->callback([args] {
    const ImpactArgs& a = *args;
    const models::Model& model = models::find(a.model);
    require_given("impact", scales_given(a), "delta_max, t_contact and peak_force are dimensional");
    impact::ImpactOptions opt;
    opt.rel_tol = a.rel_tol;
    opt.abs_tol = a.abs_tol;
    const auto o = calibrate::simulate(model, query_of(a), opt);
    print_record(calibrate::impact_record(model, o.law, o.impact, a.e, o.result, opt), a.format);
  });

  auto cargs = std::make_shared<ImpactArgs>();
  auto* cal =
      app.add_subcommand("calibrate", "exact damping for a desired e (root finding on e_out)");
  add_impact_args(*cal, *cargs, true);
  cal->callback([cargs] {
    const ImpactArgs& c = *cargs;
    const models::Model& model = models::find(c.model);
    calibrate::CalibrateOptions opt;
    // --rel-tol/--abs-tol are the ODE tolerances of every solve of the root finding; their
    // defaults here are the calibration's own (1e-12, 1e-14), tighter than `impact`'s.
    opt.impact.rel_tol = c.rel_tol_calibrate;
    opt.impact.abs_tol = c.abs_tol_calibrate;
    if (none_given(scales_given(c))) {  // the dimensionless damping alone: it needs no scale
      print_record(calibrate::dimensionless_calibration_record(model, c.e, c.n, clamp_of(c), opt),
                   c.format);
      return;
    }
    require_given("calibrate", scales_given(c),
                  "the damping in SI units needs all three; give none for the dimensionless damping alone");
    const auto o = calibrate::calibrate_query(model, query_of(c), opt);
    const auto rec = calibrate::calibration_record(model, o.impact, c.e, o.calibration, opt);
    print_record(rec, c.format);
  });
}

}  // namespace calib::cli
