#pragma once
// Study: the papers' example systems re-simulated with every law: SF2020 §8 bouncing ball
// (F–δ loops for c_r ∈ {0.2, 0.4, 0.6, 0.8} and every hysteresis law of SF2020 Table 1 plus Hertz;
// five bounces with the achieved e against the single-impact e_out at the same speed), SF2020 §9
// impact damper (envelope of x_M and the impact / friction / no-impact zones for each gap) and
// SF2020 §10 slider–crank with a free block (both readings of its crank: free after ω₀, and driven
// at constant speed), and PN2020 §6 / NP Example 5 two pendulums with the paper's three methods
// (piecewise, eq. 50 with eq. 49, Hunt–Crossley with eq. 16) plus libcalib's exact linear damper.
// The pendulums and the crank are also run as planar multibody files (dependent coordinates, joints
// as constraints) and the two formulations' impacts are tabulated side by side. The PINSLOT §4
// Scotch yoke with Table 11's K–n models is its own part (systems_scotch_yoke.hpp).
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/dynamics/systems.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/study.hpp"
#include "calib/studies/systems_clearance_crank.hpp"
#include "calib/studies/systems_scotch_yoke.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::systems {

struct Config {
  std::filesystem::path ball_file = "configs/systems/bouncing_ball.toml";
  std::vector<double> ball_restitutions{0.2, 0.4, 0.6, 0.8};
  std::vector<std::string> ball_models{"hunt-crossley",   "lankarani-nikravesh", "flores",
                                       "gharib-hurmuzlu", "hu-guo",
                                       "safaeifar-farshidianfar", "gonthier", "linear-damper"};
  double ball_t_end = 3.0;
  std::filesystem::path damper_file = "configs/systems/impact_damper.toml";
  std::vector<double> damper_gaps{0.01, 0.02, 0.03, 0.04, 0.05};
  double damper_t_end = 60.0;
  std::filesystem::path crank_file = "configs/systems/slider_crank.toml";
  std::filesystem::path crank_planar_file = "configs/systems/slider_crank_planar.toml";
  std::filesystem::path pendulums_file = "configs/systems/two_pendulums.toml";
  std::filesystem::path pendulums_planar_file = "configs/systems/two_pendulums_planar.toml";
  // "piecewise" or a catalog model (continuous): PN2020 Fig. 11's curves + libcalib's exact law.
  std::vector<std::string> pendulum_methods{"piecewise", "poursina-nikravesh", "flores",
                                            "linear-damper"};
  ClearanceCrankConfig clearance_crank;
  ScotchYokeConfig scotch_yoke;  // PINSLOT §4 (systems_scotch_yoke.hpp)
  nlohmann::json as_json;
  // [bouncing_ball] file, restitutions, models, t_end; [impact_damper] file, gaps, t_end;
  // [slider_crank] file, planar_file; [two_pendulums] file, planar_file, methods;
  // [slider_crank_clearance] file, revolutions, output_dt; [scotch_yoke] file, models.
  static Config from(const io::ConfigNode& node);
};

struct BallRun {
  std::string model;  // "hertz" = no damping
  double cr;
  dynamics::SimulationResult result;
  std::vector<double> single_impact_e;  // e_out of the single impact at each bounce's v_in
};
struct DamperRun {
  double gap;
  dynamics::SimulationResult result;
  double t_last_impact, t_stick;  // zones: impact until t_last_impact, friction until t_stick
};
struct CrankRun {
  std::string reading;  // "free" | "constant-speed"
  std::unique_ptr<dynamics::SliderCrank> system;
  dynamics::SimulationResult result;
};
struct PendulumRun {
  std::string method;
  dynamics::SimulationResult result;
};
// One system and method in both formulations: generalized coordinates (systems.hpp) and the
// planar multibody file (planar_multibody.hpp).
struct FormulationRun {
  std::string system, method;
  dynamics::SimulationResult generalized, planar;
};
struct Result {
  double ball_radius, g;
  std::vector<FormulationRun> formulations;
  std::vector<PendulumRun> pendulums;
  std::vector<BallRun> ball;
  std::vector<DamperRun> damper;
  std::vector<CrankRun> crank;
  ClearanceCrankRun clearance_crank;
  ScotchYokeResult scotch_yoke;
};

// The largest differences between the two formulations' impacts (∞ if their counts differ):
// start time [s], relative approach speed, e.
struct FormulationGap {
  double t_start = 0, v_in = 0, e = 0;
};
FormulationGap formulation_gap(const FormulationRun& run);

Result run(const Config& config, const sweep::Execution& execution = {});
void write(const Result& r, const Config& config, const RunContext& context);
std::string report(const Result& r);

// ---- the study's module (studies/module.hpp; its row in src/studies/registry.cpp) ---------
io::GnuplotVars figure_data(const std::filesystem::path& results,
                            const std::filesystem::path& work);
void report_section(const std::filesystem::path& results, io::Section& section);
struct Module {
  using Config = systems::Config;
  using Result = systems::Result;
  static constexpr auto run = systems::run;
  static constexpr auto write = systems::write;
  static constexpr auto summary = systems::report;
  static constexpr auto figure_data = systems::figure_data;
  static constexpr auto report_section = systems::report_section;
};

}  // namespace calib::studies::systems
