// `calib effective-mass --system FILE [--sweep coordinate=from:to:count] [--out FILE]`: one
// system's effective mass, or a sweep of one coordinate (a table: to --out with its sidecar, or
// printed), as data for the CLI and Python.
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/result_table.hpp"
#include "calib/models/planar_system.hpp"
#include "calib/studies/effective_mass.hpp"

namespace calib::studies::effective_mass {

namespace {

ModeOutput one_system(const OptionValues& values) {
  const std::string system = values.text("--system"), sweep_text = values.text("--sweep");
  const std::string csv = values.text("--out");
  if (values.has("--format") && !sweep_text.empty())
    throw InputError("--format does not apply to --sweep: a sweep is a table, always CSV");
  if (!csv.empty() && sweep_text.empty())
    throw InputError(fmt::format("--out {}: only a --sweep writes a file", csv));
  std::optional<io::ResultFile> file;  // checked and locked before the sweep
  if (!csv.empty()) file.emplace(csv, std::vector<std::filesystem::path>{system});
  io::WallClock clock;
  auto sys = models::multibody::PlanarSystem::load(system);
  ModeOutput out;
  if (sweep_text.empty()) {
    out.record = models::multibody::analyse(sys).to_json();
    out.record["system"] = sys.name;
    return out;
  }
  const auto table = sweep_table(sweep(sys, parse_sweep_spec(sweep_text, system)));
  if (csv.empty()) {
    out.header = table.header;
    out.rows = table.rows;
    return out;
  }
  io::write_table(csv, table.header, table.rows,
                  {"calib effective-mass",
                   {{"system", system}, {"sweep", sweep_text}},
                   {{"assembly_tol", 1e-12}},
                   1,
                   clock.started_utc(),
                   clock.seconds(),
                   {{"source", "Nikravesh & Poursina, effective mass, eq. 28, Fig. 10"}}});
  out.files.push_back(csv);
  out.message = fmt::format("effective-mass: {} points written to {}\n", table.rows.size(), csv);
  return out;
}

}  // namespace

StudyOptions Module::options() {
  return {.run = {},
          .overrides = nullptr,
          .mode = {{.flag = "--system",
                    .help = "one system TOML (see configs/effmass/) instead of the study"},
                   {.flag = "--sweep",
                    .help = "with --system: coordinate=from:to:count, e.g. crank.angle=0:90:91 "
                            "(degrees) or slider.x=0.1:200mm:21 (m, or with a unit); --out FILE "
                            "writes it (default: stdout)"},
                   {.flag = "--csv", .help = "retired: use --out", .replaced_by = "--out"}},
          .modes = {{"--system", one_system, true}},
          .mode_hint = "one system: give --system FILE"};
}

}  // namespace calib::studies::effective_mass
