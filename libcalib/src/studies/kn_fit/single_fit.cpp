// `calib kn-fit --model` (one material/geometry) and `--data` (measurements), moved out of the CLI.
#include <cmath>
#include <fstream>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/output_target.hpp"
#include "calib/io/resources.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/kn_fit_single.hpp"

namespace calib::studies::kn_fit {

namespace {

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
  if (!E.empty()) m.E = units::parse(E, units::Kind::stress, "--E" + which);
  if (nu)
    m.nu = *nu;
  else if (name.empty())
    throw InputError(fmt::format("--nu{} is required with --E{}", which, which));
  return m;
}

// "delta[um]" -> ("delta", "um"); "W" -> ("W", "").
std::pair<std::string, std::string> split_unit(const std::string& header) {
  const auto open = header.find('['), close = header.rfind(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return {header, ""};
  return {header.substr(0, open), header.substr(open + 1, close - open - 1)};
}

}  // namespace

Measurements read_measurements(const MeasurementInput& a) {
  // Header: an indentation column "delta[unit]" and a force column "W[unit]" (per length) or
  // "F[unit]" (needs --length). The units are required: a bare "delta" could be mm or µm.
  io::require_input_file(a.data, io::kMaxDataFileBytes, "--data");
  std::ifstream in(a.data);
  if (!in) throw InputError(fmt::format("--data: cannot open {}", a.data.string()));
  std::string line, header;
  while (std::getline(in, line)) {
    if (line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);  // UTF-8 byte-order mark
    if (!line.empty() && line[0] != '#') {
      header = line;
      break;
    }
  }
  std::string delta_col, force_col;
  for (std::size_t p = 0, q; p <= header.size(); p = q + 1) {
    q = header.find(',', p);
    if (q == std::string::npos) q = header.size();
    std::string name = header.substr(p, q - p);
    while (!name.empty() && (name.back() == '\r' || name.back() == ' ')) name.pop_back();
    const auto base = split_unit(name).first;
    if (base == "delta") delta_col = name;
    if (base == "W" || base == "F") force_col = name;
  }
  if (delta_col.empty() || force_col.empty())
    throw InputError(fmt::format(
        "{}: header needs a 'delta[unit]' column and a 'W[unit]' or 'F[unit]' column, got '{}'",
        a.data.string(), io::excerpt(header, 80)));
  for (const std::string& col : {delta_col, force_col})
    if (split_unit(col).second.empty())
      throw InputError(fmt::format("{}: column '{}' has no unit; write it as {}[unit], e.g. {}", a.data.string(),
                                   col, col, col == delta_col ? "delta[um] or delta[mm]" : "W[N/mm] or F[N]"));
  const auto table = io::read_numeric_csv(a.data, {delta_col, force_col});
  const double dscale = units::factor(split_unit(delta_col).second, units::Kind::length,
                                      a.data.string() + ": " + delta_col);
  const bool per_length = split_unit(force_col).first == "W";
  const double fscale = units::factor(
      split_unit(force_col).second, per_length ? units::Kind::force_per_length : units::Kind::force,
      a.data.string() + ": " + force_col);
  double L = 1.0;
  if (!per_length) {
    if (a.length.empty())
      throw InputError(fmt::format("{}: column {} is a force; give --length to convert to W = F/L",
                                   a.data.string(), force_col));
    L = units::parse(a.length, units::Kind::length, "--length");
  }
  Measurements m;
  std::vector<double>& delta = m.delta;
  std::vector<double>& W = m.W;
  for (std::size_t i = 0; i < table.rows(); ++i) {
    delta.push_back(table.columns[0][i] * dscale);
    W.push_back(table.columns[1][i] * fscale / L);
  }
  return m;
}

nlohmann::json fit_measurements(const MeasurementInput& a) {
  if (!a.curve.empty()) io::prepare_output_file(a.curve, {a.data});
  const auto [delta, W] = read_measurements(a);
  const fit::Loss loss = a.robust == "huber"    ? fit::Loss::huber
                         : a.robust == "cauchy" ? fit::Loss::cauchy
                                                : fit::Loss::none;
  const auto f = fit_data(
      delta, W, a.weighting == "relative" ? fit::Weighting::relative : fit::Weighting::none, loss,
      a.loss_scale, a.error_floor_um * 1e-3);
  nlohmann::json rec = {{"K", f.K},
                        {"n", f.n},
                        {"K_se", f.K_se},
                        {"n_se", f.n_se},
                        {"max_err_percent", f.max_err_percent},
                        {"samples", f.W.size()},
                        {"data", a.data.string()},
                        {"K_units", "N/mm^(n+1) (force per unit length)"},
                        {"robust", a.robust},
                        {"weighting", a.weighting}};
  if (!a.curve.empty()) {  // measured vs fitted, with residuals
    io::CsvWriter w(a.curve, {"delta[mm]", "W[N/mm]", "W_fit[N/mm]", "residual[N/mm]", "rel_err_percent"});
    for (std::size_t i = 0; i < f.W.size(); ++i) {
      const double wf = f.K * std::pow(f.delta[i], f.n);
      w.row({f.delta[i], f.W[i], wf, wf - f.W[i], 100.0 * (wf - f.W[i]) / f.W[i]});
    }
    w.commit();
    rec["curve"] = a.curve.string();
  }
  return rec;
}

nlohmann::json fit_single(const SingleFitInput& a) {
  models::cylindrical::Contact c;
  if (!a.curve.empty()) io::prepare_output_file(a.curve, {a.materials});
  c.body_i = material_of(a.material, a.E, a.nu, "", a.materials);
  c.body_j = (a.material2.empty() && a.E2.empty() && !a.nu2)
                 ? c.body_i
                 : material_of(a.material2, a.E2, a.nu2, "2", a.materials);
  if (a.dR.empty()) throw InputError("--dR is required (e.g. --dR 5mm)");
  c.dR = units::parse(a.dR, units::Kind::length, "--dR");
  c.R_i = units::parse(a.Ri, units::Kind::length, "--Ri");
  c.internal = !a.external;
  const bool has_length = !a.length.empty();
  if (has_length) c.length = units::parse(a.length, units::Kind::length, "--length");
  Protocol p;
  p.W_min = units::parse(a.W_min, units::Kind::force_per_length, "--W-min");
  p.W_max = units::parse(a.W_max, units::Kind::force_per_length, "--W-max");
  p.W_step = units::parse(a.W_step, units::Kind::force_per_length, "--W-step");
  p.weighting = a.weighting == "relative" ? fit::Weighting::relative : fit::Weighting::none;
  p.error_floor = a.error_floor_um * 1e-3;
  const auto model = models::cylindrical::parse_model(a.model);
  const auto f = fit_model(model, c, p);
  // K per unit length (N/mm^(n+1)); with a contact length, the force law F = (K L) δⁿ.
  nlohmann::json rec = {{"model", a.model},
                        {"K", has_length ? f.K * c.length : f.K},
                        {"K_units", has_length ? "N/mm^n (force, L given)" : "N/mm^n for L = 1 mm"},
                        {"n", f.n},
                        {"K_se", f.K_se},
                        {"n_se", f.n_se},
                        {"max_err_percent", f.max_err_percent},
                        {"E_star_MPa", c.E_star()},
                        {"dR_mm", c.dR},
                        {"internal", c.internal},
                        {"W_min", p.W_min},
                        {"W_max", p.W_max},
                        {"W_step", p.W_step},
                        {"samples", f.W.size()}};
  if (!a.curve.empty()) {
    io::CsvWriter w(a.curve, {"W[N/mm]", "delta[mm]", "W_fit[N/mm]", "rel_err_percent"});
    for (std::size_t i = 0; i < f.W.size(); ++i) {
      const double wf = f.K * std::pow(f.delta[i], f.n);
      w.row({f.W[i], f.delta[i], wf, 100.0 * (wf - f.W[i]) / f.W[i]});
    }
    w.commit();
    rec["curve"] = a.curve.string();
  }
  return rec;
}

}  // namespace calib::studies::kn_fit
