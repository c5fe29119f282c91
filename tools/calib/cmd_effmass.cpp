// `calib effective-mass`: NP effective and apparent masses of a planar system file, once or
// swept over one coordinate (NP Fig. 10).
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "calib/effective_mass_study.hpp"
#include "calib/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/planar_system.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

struct SweepSpec {
  std::string coordinate;
  double from = 0, to = 0;
  int count = 0;
};

// "crank.angle=0:90:91" (angles in degrees).
SweepSpec parse_sweep(const std::string& text) {
  SweepSpec s;
  const auto eq = text.find('=');
  if (eq == std::string::npos) throw InputError(fmt::format("--sweep '{}': expected coordinate=from:to:count", text));
  s.coordinate = text.substr(0, eq);
  if (std::sscanf(text.c_str() + eq + 1, "%lf:%lf:%d", &s.from, &s.to, &s.count) != 3 || s.count < 2 ||
      !std::isfinite(s.from) || !std::isfinite(s.to))
    throw InputError(fmt::format("--sweep '{}': expected coordinate=from:to:count with count >= 2", text));
  return s;
}

io::CsvCell cell(double x) {
  if (std::isfinite(x)) return x;
  return std::string("inf");
}

}  // namespace

void register_effective_mass(CLI::App& app) {
  static std::string system_file, sweep, out;
  static Format format = Format::text;
  auto* cmd = app.add_subcommand("effective-mass", "effective and apparent masses of an impact in a planar multibody system (NP eq. 28)");
  cmd->add_option("--system", system_file, "system TOML (see configs/effmass/)")->required();
  cmd->add_option("--sweep", sweep, "coordinate=from:to:count, e.g. crank.angle=0:90:91 (angles in degrees)");
  cmd->add_option("--out", out, "CSV file for --sweep (default: stdout)");
  add_format_flag(*cmd, format);
  cmd->callback([] {
    multibody::PlanarSystem sys = multibody::PlanarSystem::load(system_file);
    if (sweep.empty()) {
      auto rec = multibody::analyse(sys).to_json();
      rec["system"] = sys.name;
      print_record(rec, format);
      return;
    }
    const SweepSpec s = parse_sweep(sweep);
    io::WallClock clock;
    const auto result = effective_mass_study::sweep(sys, {system_file, s.coordinate, s.from, s.to, s.count, ""});
    const bool angle = sys.coordinate_index(s.coordinate) % 3 == 2;
    std::vector<std::vector<io::CsvCell>> rows;
    for (const auto& row : result.rows) {
      const auto& r = row.report;
      rows.push_back({row.value, cell(r.result.m_eff), cell(r.m_app_i), cell(r.m_app_j),
                      std::string(multibody::status_name(r.result.status)), cell(r.m_eff_eq31), cell(r.m_eff_eq39),
                      r.constraint_residual});
    }
    const std::vector<std::string> header = {s.coordinate + (angle ? "_deg" : ""), "m_eff", "m_app_i", "m_app_j",
                                             "status", "m_eff_eq31", "m_eff_eq39", "constraint_residual"};
    if (out.empty()) {
      std::string line;
      for (const auto& h : header) line += (line.empty() ? "" : ",") + h;
      fmt::print("{}\n", line);
      for (const auto& row : rows) {
        line.clear();
        for (const auto& c : row) line += (line.empty() ? "" : ",") + io::format_cell(c);
        fmt::print("{}\n", line);
      }
      return;
    }
    io::CsvWriter w(out, header);
    for (const auto& row : rows) w.row(row);
    w.commit();
    io::write_provenance_sidecar(out, {"calib effective-mass", {{"system", system_file}, {"sweep", sweep}},
                                       {{"assembly_tol", 1e-12}}, 1, clock.started_utc(), clock.seconds(),
                                       {{"source", "Nikravesh & Poursina, effective mass, eq. 28, Fig. 10"}}});
    fmt::print("effective-mass: {} points written to {}\n", rows.size(), out);
  });
}

}  // namespace calib::cli
