#include "calib/studies/effective_mass.hpp"
#include "calib/io/output_target.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"
#include "core/checks.hpp"

namespace calib::studies::effective_mass {

Config Config::from(const io::ConfigNode& node) {
  Config c;
  if (node.has("system"))
    for (const auto& t : node.tables("system")) {
      SystemEntry e{t.string("file"), t.path("file"), std::nullopt, std::nullopt};
      if (t.has("paper_m_eff")) e.paper_m_eff = t.quantity("paper_m_eff", units::mass);
      if (t.has("paper_m_app_i")) e.paper_m_app_i = t.quantity("paper_m_app_i", units::mass);
      if (!io::path_exists(e.resolved))
        throw InputError(fmt::format("{}: file not found: {}", t.where("file"), e.file.string()));
      c.systems.push_back(e);
    }
  if (node.has("sweep"))
    for (const auto& t : node.tables("sweep")) {
      SweepEntry s;
      s.file = t.string("file");
      s.resolved = t.path("file");
      s.coordinate = t.string("coordinate");
      // A translation's range is a quantity (m, "20mm"); a rotation's a number in degrees.
      const bool angle = s.coordinate.ends_with(".angle");
      s.from = angle ? t.number("from") : t.quantity("from", units::position);
      s.to = angle ? t.number("to") : t.quantity("to", units::position);
      const auto count = t.integer("count");
      if (count < 2 || count > 100000)
        throw InputError(
            fmt::format("{}: must be in [2, 100000], got {}", t.where("count"), count));
      s.count = static_cast<int>(count);
      s.stem = require_file_stem(t.where("stem"), t.string("stem"));
      if (!io::path_exists(s.resolved))
        throw InputError(fmt::format("{}: file not found: {}", t.where("file"), s.file.string()));
      c.sweeps.push_back(s);
    }
  node.reject_unknown();
  c.as_json = node.to_json();
  return c;
}

SweepResult sweep(models::multibody::PlanarSystem sys, const SweepEntry& spec) {
  const int index = sys.coordinate_index(spec.coordinate);
  const bool angle = index % 3 == 2;
  if (std::find(sys.fixed.begin(), sys.fixed.end(), index) == sys.fixed.end())
    sys.fixed.push_back(index);
  SweepResult out{spec, {}};
  for (int i = 0; i < spec.count; ++i) {
    const double value = spec.from + (spec.to - spec.from) * i / (spec.count - 1.0);
    Eigen::VectorXd q = sys.coordinates();
    q(index) = angle ? value * std::numbers::pi / 180.0 : value;
    sys.set_coordinates(q);
    sys.assemble();
    out.rows.push_back({value, models::multibody::analyse(sys)});
  }
  return out;
}

Result run(const Config& c, const sweep::Execution&) {
  Result r;
  for (const auto& s : c.systems) {
    const auto sys = models::multibody::PlanarSystem::load(s.resolved);
    r.systems.push_back({s.file.string(), sys.name, models::multibody::analyse(sys), s.paper_m_eff,
                         s.paper_m_app_i});
  }
  for (const auto& s : c.sweeps)
    r.sweeps.push_back(sweep(models::multibody::PlanarSystem::load(s.resolved), s));
  return r;
}

namespace {
io::CsvCell num(double x) {
  if (std::isfinite(x)) return x;
  return std::string("inf");
}
io::CsvCell opt(const std::optional<double>& x) {
  return x ? io::CsvCell(*x) : io::CsvCell(std::string());
}
}  // namespace

void write(const Result& r, const Config&, const RunContext& context) {
  const std::filesystem::path& out = context.out;
  io::Provenance prov = context.provenance(
      {{"assembly_tol", 1e-12}, {"infinite_ratio", 1e-12}},
      {{"source",
        "Nikravesh & Poursina, effective mass: eq. 28, 31, 38-39, Examples 1-4, Fig. 10"}});
  prov.tool = "calib effective-mass-study";  // `calib effective-mass --system` is the other tool
  prov.threads = 1;                          // the run is serial (see run())
  io::write_table(out / "examples.csv",
                  {"file", "name", "m_eff[kg]", "m_eff_eq31[kg]", "m_eff_eq39[kg]", "m_app_i[kg]",
                   "m_app_j[kg]", "status", "paper_m_eff[kg]", "paper_m_app_i[kg]",
                   "constraint_residual"},
                  [&](io::CsvWriter& w) {
                    for (const auto& s : r.systems)
                      w.row({s.file, s.name, num(s.report.result.m_eff), num(s.report.m_eff_eq31),
                             num(s.report.m_eff_eq39), num(s.report.m_app_i),
                             num(s.report.m_app_j),
                             std::string(models::multibody::status_name(s.report.result.status)),
                             opt(s.paper_m_eff), opt(s.paper_m_app_i),
                             s.report.constraint_residual});
                  },
                  prov);
  for (const auto& s : r.sweeps) {
    const bool angle = s.spec.coordinate.size() > 6 && s.spec.coordinate.ends_with(".angle");
    io::write_table(out / (s.spec.stem + ".csv"),
                    {s.spec.coordinate + (angle ? "[deg]" : "[m]"), "m_eff[kg]", "m_app_i[kg]",
                     "m_app_j[kg]", "status"},
                    [&](io::CsvWriter& w) {
                      for (const auto& row : s.rows)
                        w.row({row.value, num(row.report.result.m_eff), num(row.report.m_app_i),
                               num(row.report.m_app_j),
                               std::string(models::multibody::status_name(row.report.result.status))});
                    },
                    prov);
  }
}

std::string report(const Result& r) {
  std::string s = fmt::format("{:<52} {:>10} {:>10} {:>10} {:>10} {:>8}\n", "system", "m_eff",
                              "paper", "m_app_i", "paper", "status");
  auto f = [](double x) {
    return std::isfinite(x) ? fmt::format("{:.5g}", x) : std::string("inf");
  };
  for (const auto& x : r.systems)
    s += fmt::format("{:<52} {:>10} {:>10} {:>10} {:>10} {:>8}\n", x.name.substr(0, 52),
                     f(x.report.result.m_eff), x.paper_m_eff ? f(*x.paper_m_eff) : "-",
                     f(x.report.m_app_i), x.paper_m_app_i ? f(*x.paper_m_app_i) : "-",
                     models::multibody::status_name(x.report.result.status));
  for (const auto& sw : r.sweeps)
    s += fmt::format("sweep {} over {} = {}..{} ({} points) -> {}.csv\n", sw.spec.file.string(),
                     sw.spec.coordinate, sw.spec.from, sw.spec.to, sw.rows.size(), sw.spec.stem);
  return s;
}

}  // namespace calib::studies::effective_mass
