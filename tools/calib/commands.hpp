#pragma once
// Every `calib` subcommand registers itself here; main.cpp calls register_all() once.
// Each subcommand is a thin layer over a libcalib function.
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace calib::cli {

// Output format shared by the subcommands that print results.
enum class Format { text, csv, json };

// Flags every study subcommand shares (issue #2): --config, --out, --threads, --quiet,
// --progress. Defaults: configs/<study>.toml and results/<study>/.
struct StudyFlags {
  std::string config;
  std::string out;
  int threads = 0;  // 0 = all cores
  bool quiet = false;
  bool progress = false;
};
void add_study_flags(CLI::App& cmd, StudyFlags& flags, const std::string& study);
void add_format_flag(CLI::App& cmd, Format& format);
// One record as aligned text, a two-line CSV or JSON (keys in insertion order of `rec`).
void print_record(const nlohmann::json& rec, Format format);

void register_models(CLI::App& app);
void register_impact(CLI::App& app);  // also `calibrate` (shared flags)
void register_sweep(CLI::App& app);
void register_studies(CLI::App& app);
void register_damping(CLI::App& app);  // copt, exact-table
void register_effective_mass(CLI::App& app);
void register_plot(CLI::App& app);
void register_report(CLI::App& app);
// kn-fit is a study with extra single-fit/data flags (cmd_knfit.cpp).
std::string run_kn_fit(const StudyFlags& flags);
void add_kn_fit_flags(CLI::App& cmd);

inline void register_all(CLI::App& app) {
  register_models(app);
  register_impact(app);
  register_sweep(app);
  register_studies(app);
  register_damping(app);
  register_effective_mass(app);
  register_plot(app);
  register_report(app);
}

}  // namespace calib::cli
