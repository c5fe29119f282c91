// `calib kn-fit`: the PINSLOT K–n tables (--config), one material/geometry (--model ...), or
// measurements (--data). Quantities accept unit suffixes (units.hpp).
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>

#include <fmt/format.h>

#include "calib/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/kn_fit.hpp"
#include "calib/units.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

struct KnArgs {
  std::string model, data;
  std::string E, E2, dR, Ri = "100mm", length, W_min = "0.1", W_max = "1000", W_step = "0.1";
  std::optional<double> nu, nu2;
  std::string material, material2, materials_file = "datasets/materials.csv";
  bool external = false;
  std::string weighting = "none", robust = "none", curve;
  double loss_scale = 1.0, error_floor_um = 1.0;
  Format format = Format::text;
};
KnArgs& args() {
  static KnArgs a;
  return a;
}

cylindrical::Material material_named(const std::string& name, std::string file) {
#ifdef CALIB_SOURCE_DATASETS
  // Outside the source tree, fall back to the datasets of the tree this binary was built from.
  if (file == "datasets/materials.csv" && !std::filesystem::exists(file))
    file = std::string(CALIB_SOURCE_DATASETS) + "/materials.csv";
#endif
  const auto t = io::read_text_csv(file, {"name", "E_GPa", "nu", "source"});
  std::string names;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    if (t.columns[0][r] == name)
      return {1e3 * io::parse_number(t.columns[1][r], file, t.lines[r], "E_GPa"),
              io::parse_number(t.columns[2][r], file, t.lines[r], "nu")};
    names += fmt::format("{}{}", names.empty() ? "" : ", ", t.columns[0][r]);
  }
  throw InputError(fmt::format("--material: unknown material '{}' in {}; known: {}", name, file, names));
}

cylindrical::Material material_of(const std::string& name, const std::string& E, std::optional<double> nu,
                                  const std::string& which) {
  const KnArgs& a = args();
  cylindrical::Material m;
  if (!name.empty()) m = material_named(name, a.materials_file);
  else if (E.empty()) throw InputError(fmt::format("give --material{0} NAME or --E{0} (and --nu{0})", which));
  if (!E.empty()) m.E = units::parse(E, units::Kind::stress, "--E" + which);
  if (nu) m.nu = *nu;
  else if (name.empty()) throw InputError(fmt::format("--nu{} is required with --E{}", which, which));
  return m;
}

// "delta[um]" -> ("delta", "um"); "W" -> ("W", "").
std::pair<std::string, std::string> split_unit(const std::string& header) {
  const auto open = header.find('['), close = header.rfind(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return {header, ""};
  return {header.substr(0, open), header.substr(open + 1, close - open - 1)};
}

std::string run_data(const KnArgs& a) {
  // Header: an indentation column "delta[unit]" and a force column "W[unit]" (per length) or
  // "F[unit]" (needs --length). Units default to mm and N/mm (N).
  std::ifstream in(a.data);
  if (!in) throw InputError(fmt::format("--data: cannot open {}", a.data));
  std::string line, header;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') {
      header = line;
      break;
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
    throw InputError(fmt::format("{}: header needs a 'delta[unit]' column and a 'W[unit]' or 'F[unit]' column, got '{}'",
                                 a.data, header));
  const auto table = io::read_numeric_csv(a.data, {delta_col, force_col});
  const double dscale = units::factor(split_unit(delta_col).second, units::Kind::length, a.data + ": " + delta_col);
  const bool per_length = split_unit(force_col).first == "W";
  const double fscale = units::factor(split_unit(force_col).second,
                                      per_length ? units::Kind::force_per_length : units::Kind::force,
                                      a.data + ": " + force_col);
  double L = 1.0;
  if (!per_length) {
    if (a.length.empty()) throw InputError(fmt::format("{}: column {} is a force; give --length to convert to W = F/L", a.data, force_col));
    L = units::parse(a.length, units::Kind::length, "--length");
  }
  std::vector<double> delta, W;
  for (std::size_t i = 0; i < table.rows(); ++i) {
    delta.push_back(table.columns[0][i] * dscale);
    W.push_back(table.columns[1][i] * fscale / L);
  }
  const fit::Loss loss = a.robust == "huber" ? fit::Loss::huber : a.robust == "cauchy" ? fit::Loss::cauchy : fit::Loss::none;
  const auto f = kn_fit::fit_data(delta, W, a.weighting == "relative" ? fit::Weighting::relative : fit::Weighting::none,
                                  loss, a.loss_scale, a.error_floor_um * 1e-3);
  nlohmann::json rec = {{"K", f.K}, {"n", f.n}, {"K_se", f.K_se}, {"n_se", f.n_se},
                        {"max_err_percent", f.max_err_percent}, {"samples", f.W.size()}, {"data", a.data},
                        {"K_units", "N/mm^(n+1) (force per unit length)"}, {"robust", a.robust},
                        {"weighting", a.weighting}};
  if (!a.curve.empty()) {  // measured vs fitted, with residuals
    io::CsvWriter w(a.curve, {"delta_mm", "W", "W_fit", "residual", "rel_err_percent"});
    for (std::size_t i = 0; i < f.W.size(); ++i) {
      const double wf = f.K * std::pow(f.delta[i], f.n);
      w.row({f.delta[i], f.W[i], wf, wf - f.W[i], 100.0 * (wf - f.W[i]) / f.W[i]});
    }
    w.commit();
    rec["curve"] = a.curve;
  }
  print_record(rec, a.format);
  return "";
}

std::string run_single(const KnArgs& a) {
  cylindrical::Contact c;
  c.body_i = material_of(a.material, a.E, a.nu, "");
  c.body_j = (a.material2.empty() && a.E2.empty() && !a.nu2) ? c.body_i : material_of(a.material2, a.E2, a.nu2, "2");
  if (a.dR.empty()) throw InputError("--dR is required (e.g. --dR 5mm)");
  c.dR = units::parse(a.dR, units::Kind::length, "--dR");
  c.R_i = units::parse(a.Ri, units::Kind::length, "--Ri");
  c.internal = !a.external;
  const bool has_length = !a.length.empty();
  if (has_length) c.length = units::parse(a.length, units::Kind::length, "--length");
  kn_fit::Protocol p;
  p.W_min = units::parse(a.W_min, units::Kind::force_per_length, "--W-min");
  p.W_max = units::parse(a.W_max, units::Kind::force_per_length, "--W-max");
  p.W_step = units::parse(a.W_step, units::Kind::force_per_length, "--W-step");
  p.weighting = a.weighting == "relative" ? fit::Weighting::relative : fit::Weighting::none;
  p.error_floor = a.error_floor_um * 1e-3;
  const auto model = cylindrical::parse_model(a.model);
  const auto f = kn_fit::fit_model(model, c, p);
  // K per unit length (N/mm^(n+1)); with a contact length, the force law F = (K L) δⁿ.
  nlohmann::json rec = {{"model", a.model}, {"K", has_length ? f.K * c.length : f.K},
                        {"K_units", has_length ? "N/mm^n (force, L given)" : "N/mm^n for L = 1 mm"},
                        {"n", f.n}, {"K_se", f.K_se}, {"n_se", f.n_se}, {"max_err_percent", f.max_err_percent},
                        {"E_star_MPa", c.E_star()}, {"dR_mm", c.dR}, {"internal", c.internal},
                        {"W_min", p.W_min}, {"W_max", p.W_max}, {"W_step", p.W_step}, {"samples", f.W.size()}};
  if (!a.curve.empty()) {
    io::CsvWriter w(a.curve, {"W", "delta", "W_fit", "rel_err_percent"});
    for (std::size_t i = 0; i < f.W.size(); ++i) {
      const double wf = f.K * std::pow(f.delta[i], f.n);
      w.row({f.W[i], f.delta[i], wf, 100.0 * (wf - f.W[i]) / f.W[i]});
    }
    w.commit();
    rec["curve"] = a.curve;
  }
  print_record(rec, a.format);
  return "";
}

}  // namespace

std::string run_kn_fit(const StudyFlags& flags) {
  const KnArgs& a = args();
  if (!a.data.empty()) return run_data(a);
  if (!a.model.empty()) return run_single(a);
  io::WallClock clock;
  const auto cfg = kn_fit::Config::from(io::ConfigNode::load_file(flags.config));
  const auto result = kn_fit::run(cfg, flags.threads);
  kn_fit::write(result, cfg, flags.out, flags.threads, clock.started_utc(), clock.seconds());
  return kn_fit::report(result);
}

void add_kn_fit_flags(CLI::App& cmd) {
  KnArgs& a = args();
  cmd.add_option("--model", a.model, "single fit: radzimovsky, johnson, goldsmith, dubowsky-freudenstein, esdu-78035, "
                                     "lankarani-nikravesh, pereira2011, pereira2012");
  cmd.add_option("--material", a.material, "material name from --materials (body i; also body j unless given)");
  cmd.add_option("--material2", a.material2, "material of body j");
  cmd.add_option("--materials", a.materials_file, "materials CSV")->capture_default_str();
  cmd.add_option("--E", a.E, "Young's modulus of body i (e.g. 207GPa; bare = MPa)");
  cmd.add_option("--nu", a.nu, "Poisson's ratio of body i");
  cmd.add_option("--E2", a.E2, "Young's modulus of body j (default: body i)");
  cmd.add_option("--nu2", a.nu2, "Poisson's ratio of body j");
  cmd.add_option("--dR", a.dR, "radial clearance/sum dR (e.g. 5mm; bare = mm)");
  cmd.add_option("--Ri", a.Ri, "radius of body i (Goldsmith, DF, LN, Pereira)")->capture_default_str();
  cmd.add_flag("--external", a.external, "external contact (dR = Ri + Rj); default internal (dR = Ri - Rj)");
  cmd.add_option("--length", a.length, "contact length L: K reported for the force F = K L delta^n; "
                                       "with --data, converts an F column to W = F/L");
  cmd.add_option("--W-min", a.W_min, "smallest W sample (e.g. 0.1N/mm)")->capture_default_str();
  cmd.add_option("--W-max", a.W_max, "largest W sample (e.g. 1kN/mm)")->capture_default_str();
  cmd.add_option("--W-step", a.W_step, "W sample step")->capture_default_str();
  cmd.add_option("--weighting", a.weighting, "none (least squares on W) or relative")
      ->check(CLI::IsMember({"none", "relative"}))->capture_default_str();
  cmd.add_option("--error-floor-um", a.error_floor_um, "Max Error % only where delta >= this (um)")->capture_default_str();
  cmd.add_option("--curve", a.curve, "write the fitted curve CSV here (vs the implicit law, or vs the data with residuals)");
  cmd.add_option("--data", a.data, "fit measurements: CSV with delta[unit] and W[unit] or F[unit] columns");
  cmd.add_option("--robust", a.robust, "robust loss for --data: none, huber, cauchy")
      ->check(CLI::IsMember({"none", "huber", "cauchy"}))->capture_default_str();
  cmd.add_option("--loss-scale", a.loss_scale, "robust loss scale (in residual units)")->capture_default_str();
  add_format_flag(cmd, a.format);
}

}  // namespace calib::cli
