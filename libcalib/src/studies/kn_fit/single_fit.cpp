// `calib kn-fit --model` (one material/geometry) and `--data` (measurements), moved out of the CLI.
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/resources.hpp"
#include "calib/io/result_table.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/kn_fit_single.hpp"
#include "calib/studies/kn_fitter.hpp"

namespace calib::studies::kn_fit {

double line_load_K_to_si(double n) { return std::pow(10.0, 3.0 * (n + 1.0)); }

namespace {

// --curve: checked and locked before the fit (io/result_table.hpp ResultFile).
std::optional<io::ResultFile> curve_file(const std::filesystem::path& curve,
                                         const std::filesystem::path& input) {
  if (curve.empty()) return std::nullopt;
  return std::optional<io::ResultFile>(std::in_place, curve, std::vector{input});
}

// The curve's sidecar: the fit's record (its inputs and result) and the fit's tolerances.
io::Provenance curve_provenance(const nlohmann::ordered_json& record, const io::WallClock& clock) {
  const fit::FitOptions o;
  return {"calib kn-fit",
          nlohmann::json::parse(record.dump()),
          {{"function_tolerance", o.function_tolerance},
           {"gradient_tolerance", o.gradient_tolerance},
           {"parameter_tolerance", o.parameter_tolerance}},
          1,
          clock.started_utc(),
          clock.seconds()};
}

models::cylindrical::Material material_named(const std::string& name,
                                             const std::filesystem::path& given) {
  const std::filesystem::path file =
      given.empty() ? io::find_resource("datasets/materials.csv") : given;
  const auto t = io::read_text_csv(file, {"name", "E_GPa", "nu", "source"});
  std::string names;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    if (t.columns[0][r] == name)
      return {1e3 * io::parse_number(t.columns[1][r], file, t.lines[r], "E_GPa"),
              io::parse_number(t.columns[2][r], file, t.lines[r], "nu")};
    names += fmt::format("{}{}", names.empty() ? "" : ", ", t.columns[0][r]);
  }
  throw InputError(fmt::format("--material: unknown material '{}' in {}; known: {}", name,
                               file.string(), names));
}

models::cylindrical::Material material_of(const std::string& name, const std::string& E,
                                          std::optional<double> nu, const std::string& which,
                                          const std::filesystem::path& materials) {
  models::cylindrical::Material m;
  if (!name.empty())
    m = material_named(name, materials);
  else if (E.empty())
    throw InputError(fmt::format("give --material{0} NAME or --E{0} (and --nu{0})", which));
  if (!E.empty()) m.E = units::parse_in(E, units::youngs_modulus, "--E" + which, "MPa");
  if (nu)
    m.nu = units::check(*nu, units::poisson_ratio, "--nu" + which);
  else if (name.empty())
    throw InputError(fmt::format("--nu{} is required with --E{}", which, which));
  return m;
}

}  // namespace

nlohmann::ordered_json fit_measurements(const MeasurementInput& a) {
  const io::WallClock clock;
  const std::optional<io::ResultFile> curve = curve_file(a.curve, a.data);
  const auto [delta, W] = read_measurements(a);
  const fit::Loss loss = a.robust == "huber"    ? fit::Loss::huber
                         : a.robust == "cauchy" ? fit::Loss::cauchy
                                                : fit::Loss::none;
  const auto f = fit_data(
      delta, W, a.weighting == "relative" ? fit::Weighting::relative : fit::Weighting::none, loss,
      a.loss_scale, a.error_floor_um * 1e-3);
  // SI: K of the line load W = K δⁿ in N/m^(n+1) (the fit works in N/mm and mm).
  nlohmann::ordered_json rec = {{"K", f.K * line_load_K_to_si(f.n)},
                                {"n", f.n},
                                {"K_se", f.K_se * line_load_K_to_si(f.n)},
                                {"n_se", f.n_se},
                                {"max_err", f.max_err_percent},
                                {"samples", f.W.size()},
                                {"data", a.data.string()},
                                {"robust", a.robust},
                                {"weighting", a.weighting}};
  if (curve) {  // measured vs fitted, with residuals
    io::write_table(
        a.curve, {"delta[mm]", "W[N/mm]", "W_fit[N/mm]", "residual[N/mm]", "rel_err_percent"},
        [&](io::CsvWriter& w) {
          for (std::size_t i = 0; i < f.W.size(); ++i) {
            const double wf = f.K * std::pow(f.delta[i], f.n);
            w.row({f.delta[i], f.W[i], wf, wf - f.W[i], 100.0 * (wf - f.W[i]) / f.W[i]});
          }
        },
        curve_provenance(rec, clock));
    rec["curve"] = a.curve.string();
  }
  return rec;
}

nlohmann::ordered_json fit_single(const SingleFitInput& a) {
  models::cylindrical::Contact c;
  const io::WallClock clock;
  const std::optional<io::ResultFile> curve = curve_file(a.curve, a.materials);
  c.body_i = material_of(a.material, a.E, a.nu, "", a.materials);
  c.body_j = (a.material2.empty() && a.E2.empty() && !a.nu2)
                 ? c.body_i
                 : material_of(a.material2, a.E2, a.nu2, "2", a.materials);
  if (a.dR.empty()) throw InputError("--dR is required (e.g. --dR 5mm)");
  // The PINSLOT laws compute in N, mm and MPa: converted here, at the boundary.
  c.dR = units::parse_in(a.dR, units::length, "--dR", "mm");
  c.R_i = units::parse_in(a.Ri, units::length, "--Ri", "mm");
  c.internal = !a.external;
  const bool has_length = !a.length.empty();
  if (has_length) c.length = parse_contact_length(a.length);
  Protocol p;
  p.W_min = units::parse_in(a.W_min, units::line_load, "--W-min", "N/mm");
  p.W_max = units::parse_in(a.W_max, units::line_load, "--W-max", "N/mm");
  p.W_step = units::parse_in(a.W_step, units::line_load, "--W-step", "N/mm");
  p.weighting = a.weighting == "relative" ? fit::Weighting::relative : fit::Weighting::none;
  p.error_floor = a.error_floor_um * 1e-3;
  const auto model = models::cylindrical::parse_model(a.model);
  const auto f = fit_model(model, c, p);
  // SI (the fit works in N, mm and MPa): K of the line load W = K δⁿ [N/m^(n+1)]; with a contact
  // length L also the force law F = K_force δⁿ, K_force = K L [N/m^n].
  const double to_si = line_load_K_to_si(f.n);
  nlohmann::ordered_json rec = {{"model", a.model}, {"K", f.K * to_si}};
  if (has_length) rec["K_force"] = f.K * to_si * c.length * 1e-3;
  rec.update({{"n", f.n},
              {"K_se", f.K_se * to_si},
              {"n_se", f.n_se},
              {"max_err", f.max_err_percent},
              {"E_star", c.E_star() * 1e6},
              {"dR", c.dR * 1e-3},
              {"internal", c.internal},
              {"W_min", p.W_min * 1e3},
              {"W_max", p.W_max * 1e3},
              {"W_step", p.W_step * 1e3},
              {"samples", f.W.size()}});
  if (curve) {
    io::write_table(
        a.curve, {"W[N/mm]", "delta[mm]", "W_fit[N/mm]", "rel_err_percent"},
        [&](io::CsvWriter& w) {
          for (std::size_t i = 0; i < f.W.size(); ++i) {
            const double wf = f.K * std::pow(f.delta[i], f.n);
            w.row({f.W[i], f.delta[i], wf, 100.0 * (wf - f.W[i]) / f.W[i]});
          }
        },
        curve_provenance(rec, clock));
    rec["curve"] = a.curve.string();
  }
  return rec;
}

// The quantities go in as bare numbers in the CLI's units (MPa, mm), printed exactly (%.17g).
dynamics::KnFitter kn_fitter() {
  return [](const models::multibody::ClearanceLaw& law) {
    SingleFitInput in;
    in.model = law.kn_model;
    // Bare numbers are SI at every door, so the region's SI values pass through as written.
    in.E = fmt::format("{:.17g}", law.youngs);
    in.nu = law.poisson;
    in.dR = fmt::format("{:.17g}", law.delta_r);
    in.Ri = fmt::format("{:.17g}", law.radius_i);
    in.length = fmt::format("{:.17g}", law.length);
    in.external = law.external;
    const nlohmann::ordered_json rec = fit_single(in);
    // The force law over the contact length L, F = K_force δⁿ, already in SI (N/mⁿ).
    return std::pair{rec.at("K_force").get<double>(), rec.at("n").get<double>()};
  };
}

}  // namespace calib::studies::kn_fit
