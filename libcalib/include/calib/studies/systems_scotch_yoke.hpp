#pragma once
// The systems study's Scotch-yoke part: PINSLOT §4's bench (a crank driving a slotted slider
// through a pin in a circular-arc slot, the only clearance; Table 10's data) run with the K–n
// models of PINSLOT Table 11, K and n fitted by libcalib's kn-fit. Over the second crank
// revolution against the relative crank angle: contact force (Figs. 11, 14), penetration (Figs.
// 12–13), hysteresis loops (Fig. 15), slider kinematics (Fig. 16), and the paper's four
// statements measured (holds or not, with the numbers). docs/systems.md gives the geometry
// reading and each statement's measure.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "calib/dynamics/systems.hpp"
#include "calib/io/config.hpp"

namespace calib::studies::systems {

struct ScotchYokeConfig {
  std::filesystem::path file = "configs/systems/scotch_yoke.toml";
  // kn_model names (calib kn-fit --model): each replaces the file's kn_model in every region.
  std::vector<std::string> models{"radzimovsky", "johnson", "goldsmith", "esdu-78035",
                                  "lankarani-nikravesh"};
  // The [scotch_yoke] table: file, models.
  static ScotchYokeConfig from(const io::ConfigNode& table);
};

// One output instant of the second revolution.
struct YokeSample {
  double angle;         // relative crank angle ω(t − T) [deg], T the crank's period
  double t;             // [s]
  double force, delta;  // the slot contact's normal force [N] and penetration [m]
  int region;           // the slot's region the pin faces (System::region)
  double x, v, a;       // the slider's position [m], velocity [m/s], acceleration [m/s²]
};

struct YokeRun {
  std::string model;
  dynamics::SystemSetup setup;  // the file with this model's K and n in every region
  dynamics::SimulationResult result;
  std::vector<YokeSample> revolution;  // output instants with T ≤ t ≤ 2T
};

// A number behind a statement: per model (or "" for all), a named quantity.
struct YokeValue {
  std::string model, quantity;
  double value;
};
struct YokeStatement {
  std::string name;     // zero_force_near_100_deg, ...
  std::string paper;    // the paper's words
  std::string measure;  // how it is measured here
  bool holds = false;
  std::string result;  // the numbers in one line
  std::vector<YokeValue> values;
};

struct ScotchYokeResult {
  double omega = 0, period = 0;  // the crank's drive [rad/s] and one revolution [s]
  int slider = -1;               // the slider's body index
  std::vector<YokeRun> runs;
  std::vector<YokeStatement> statements;
  // The relative crank angle [deg] at time t (0 at the second revolution's start).
  double angle(double t) const;
};

// The five runs as independent tasks (each loads the file with its model's fitter) writing
// into `r`; `measure_scotch_yoke` then extracts the second revolution and the statements.
std::vector<std::function<void()>> scotch_yoke_tasks(const ScotchYokeConfig& config,
                                                     ScotchYokeResult& r);
void measure_scotch_yoke(const ScotchYokeConfig& config, ScotchYokeResult& r);

// PINSLOT §4's four statements on the runs' second revolution (scotch_yoke_statements.cpp).
std::vector<YokeStatement> scotch_yoke_statements(const ScotchYokeResult& r);

}  // namespace calib::studies::systems
