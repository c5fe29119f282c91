#pragma once
// Study: the NP effective-mass examples and Fig. 10 (issue #7) — every system file of the
// config analysed (eq. 28, 31, 39 side by side, against the paper's value when it has one),
// plus coordinate sweeps (effective and apparent mass vs crank angle).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/io/config.hpp"
#include "calib/planar_system.hpp"

namespace calib::effective_mass_study {

struct SystemEntry {
  std::filesystem::path file;
  std::optional<double> paper_m_eff, paper_m_app_i;  // published values (NP §5)
};
struct SweepEntry {
  std::filesystem::path file;
  std::string coordinate;  // <body>.x|y|angle (angles in degrees)
  double from = 0, to = 0;
  int count = 2;
  std::string stem;        // output file stem
};
struct Config {
  std::vector<SystemEntry> systems;
  std::vector<SweepEntry> sweeps;
  nlohmann::json as_json;
  static Config from(const io::ConfigNode& node);
};

struct SystemRow {
  std::string file, name;
  multibody::EffectiveMassReport report;
  std::optional<double> paper_m_eff, paper_m_app_i;
};
struct SweepRow { double value; multibody::EffectiveMassReport report; };
struct SweepResult { SweepEntry spec; std::vector<SweepRow> rows; };
struct Result {
  std::vector<SystemRow> systems;
  std::vector<SweepResult> sweeps;
};

// Sweeps one coordinate (held fixed during assembly), continuing from the previous point.
SweepResult sweep(multibody::PlanarSystem system, const SweepEntry& spec);
Result run(const Config& config);
void write(const Result& r, const Config& c, const std::filesystem::path& out, const std::string& started_utc,
           double wall_seconds);
std::string report(const Result& r);

}  // namespace calib::effective_mass_study
