#pragma once
// The systems study's clearance slider–crank: the bench configs/systems/slider_crank_clearance.toml
// (a revolute-clearance joint between the connecting rod and the slider, the crank driven at
// constant speed) over a number of crank revolutions, beside the same mechanism with that joint
// ideal (a revolute joint at the same points). Outputs: the contact records, exactly those of
// `calib simulate` for the same file, and the series of the crank angle, the journal's
// eccentricity in the bearing, the contact force and the slider's motion, with the ideal
// mechanism's slider acceleration at the same instants.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "calib/dynamics/systems.hpp"
#include "calib/io/config.hpp"
#include "calib/io/document.hpp"
#include "calib/io/gnuplot_data.hpp"
#include "calib/studies/study.hpp"

namespace calib::studies::systems {

// [slider_crank_clearance] of configs/systems.toml.
struct ClearanceCrankConfig {
  std::filesystem::path file = "configs/systems/slider_crank_clearance.toml";
  double revolutions = 2.0;         // simulated time = revolutions · 2π / |drive velocity|
  std::optional<double> output_dt;  // series spacing [s]; default: the file's [simulate]
  // Keys file, revolutions, output_dt; InputError names the key and the value.
  static ClearanceCrankConfig from(const io::ConfigNode& section);
};

// One output instant of both runs (SI units, the crank angle in degrees).
struct ClearanceCrankSample {
  double t, crank_angle_deg;
  double eccentricity_x, eccentricity_y, eccentricity;  // journal centre − bearing centre [m]
  double contact_force;                                 // [N], 0 out of contact
  double x_slider, v_slider, a_slider;                  // the clearance mechanism
  double x_slider_ideal, a_slider_ideal;                // the ideal-joint mechanism
};

struct ClearanceCrankRun {
  ClearanceCrankConfig config;
  dynamics::SystemSetup setup;        // the file, its options set to the revolutions and output_dt
  std::string contact;                // the clearance joint's name
  int crank_angle = -1, slider = -1;  // the drive's coordinate, the bearing's body
  double crank_speed = 0;             // the drive's velocity [rad/s]
  double clearance = 0;               // radial clearance R_b − R_j [m]
  dynamics::SimulationResult result;  // the clearance mechanism's run
  std::vector<ClearanceCrankSample> series;
};

// Loads and checks the file (one revolute-clearance joint, a drive to count revolutions);
// InputError names the file and what is missing. simulate_clearance_crank then runs both
// mechanisms (ComputeError when a run fails).
ClearanceCrankRun load_clearance_crank(const ClearanceCrankConfig& config);
void simulate_clearance_crank(ClearanceCrankRun& run);

// slider_crank_clearance_contacts.csv and slider_crank_clearance_series.csv with provenance.
void write_clearance_crank(const ClearanceCrankRun& run, const RunContext& context);
// The summary's lines.
std::string clearance_crank_summary(const ClearanceCrankRun& run);
// Figure data (orbit, force and accelerations against the crank angle) into `work`.
void clearance_crank_figure_data(const std::filesystem::path& results,
                                 const std::filesystem::path& work, io::GnuplotVars& vars);
// The report's paragraph and its table of the first five contacts.
void clearance_crank_section(const std::filesystem::path& results, io::Section& section);

}  // namespace calib::studies::systems
