#pragma once
// Study: the NP effective-mass examples and Fig. 10 — every system file of the
// config analysed (eq. 28, 31, 39 side by side, against the paper's value when it has one),
// plus coordinate sweeps (effective and apparent mass vs crank angle).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/io/config.hpp"
#include "calib/io/csv.hpp"
#include "calib/models/planar_system.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::effective_mass {

struct SystemEntry {
  std::filesystem::path file;                        // as written in the config (reported)
  std::filesystem::path resolved;                    // where it was found (io::resolve_config_path)
  std::optional<double> paper_m_eff, paper_m_app_i;  // published values (NP §5)
};
struct SweepEntry {
  std::filesystem::path file, resolved;  // as written / where found
  std::string coordinate;                // <body>.x|y|angle (angles in degrees)
  double from = 0, to = 0;
  int count = 2;
  std::string stem;  // output file stem
};
struct Config {
  std::vector<SystemEntry> systems;
  std::vector<SweepEntry> sweeps;
  nlohmann::json as_json;
  static Config from(const io::ConfigNode& node);
};

struct SystemRow {
  std::string file, name;
  models::multibody::EffectiveMassReport report;
  std::optional<double> paper_m_eff, paper_m_app_i;
};
struct SweepRow {
  double value;
  models::multibody::EffectiveMassReport report;
};
struct SweepResult {
  SweepEntry spec;
  std::vector<SweepRow> rows;
};
struct Result {
  std::vector<SystemRow> systems;
  std::vector<SweepResult> sweeps;
};

// Sweeps one coordinate (held fixed during assembly), continuing from the previous point.
SweepResult sweep(models::multibody::PlanarSystem system, const SweepEntry& spec);
// Serial on purpose: each sweep point starts its assembly (Newton) from the previous one.
Result run(const Config& config, const sweep::Execution& execution = {});
void write(const Result& r, const Config& config, const RunContext& context);
std::string report(const Result& r);

// ---- one system (`calib effective-mass --system FILE [--sweep ...]`) -------------------------
// "crank.angle=0:90:91" (angles in degrees, count in [2, 100000]); InputError names the text.
SweepEntry parse_sweep_spec(const std::string& text, const std::filesystem::path& system_file);
// A sweep with every cross-check column (eq. 31, eq. 39, constraint residual).
struct SweepTable {
  std::vector<std::string> header;
  std::vector<std::vector<io::CsvCell>> rows;
};
SweepTable sweep_table(const SweepResult& result);

// ---- the study's module (studies/module.hpp; its row in src/studies/registry.cpp) ---------
io::GnuplotVars figure_data(const std::filesystem::path& results,
                            const std::filesystem::path& work);
void report_section(const std::filesystem::path& results, io::Section& section);
struct Module {
  using Config = effective_mass::Config;
  using Result = effective_mass::Result;
  static constexpr auto run = effective_mass::run;
  static constexpr auto write = effective_mass::write;
  static constexpr auto summary = effective_mass::report;
  static constexpr auto figure_data = effective_mass::figure_data;
  static constexpr auto report_section = effective_mass::report_section;
  static StudyOptions options();
};

}  // namespace calib::studies::effective_mass
