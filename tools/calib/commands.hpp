#pragma once
// Every `calib` subcommand registers itself here; main.cpp calls register_all() once. Each
// subcommand parses its flags, calls one libcalib function and prints: no logic, no statics
// (option storage is owned by the callbacks).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "calib/core/units.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::cli {

// Output format shared by the subcommands that print results.
enum class Format { text, csv, json };

// Flags every study subcommand shares: --config, --out, --threads, --quiet, --progress.
// An empty config means configs/<stem>.toml in the data folders (io/resources.hpp); an empty
// out means results/<stem>.
struct StudyFlags {
  std::string config;
  std::string out;
  int threads = 0;  // 0 = all cores
  bool quiet = false;
  bool progress = false;
  sweep::Execution execution() const;  // progress when asked, or when stderr is a terminal
};
void add_study_flags(CLI::App& cmd, StudyFlags& flags, const std::string& stem);
// --format with the formats a command honours (default: all three), in the order listed.
void add_format_flag(CLI::App& cmd, Format& format,
                     const std::vector<Format>& offered = {Format::text, Format::csv, Format::json});
// Whole numbers in [lo, hi], with a short message ("must be a whole number in [1, 1000000000],
// got '1e400'") instead of CLI11's range text with 309 digits.
CLI::Validator whole_number(long long lo, long long hi);
// Rejects an empty value ("--nu ''"), which CLI11 would read as 0.
CLI::Validator not_empty();
// Rejects an empty path ("--out ''"), which would otherwise mean the option's default.
CLI::Validator not_empty_path();
// A physical flag (core/units): a bare number is SI, a unit suffix is accepted ("207GPa",
// "5mm"); a wrong unit or a value outside q's range is an InputError naming the flag (exit 2).
CLI::Option* add_quantity(CLI::App& cmd, const std::string& name, double& value,
                          const units::Quantity& q, const std::string& help);
CLI::Option* add_quantity(CLI::App& cmd, const std::string& name, std::optional<double>& value,
                          const units::Quantity& q, const std::string& help);
// An option whose value another part parses: checked as a quantity where it is given, with
// add_quantity's help and type name.
void check_quantity(CLI::Option& option, const units::Quantity& q);
// The stiffness K of F = K δⁿ: its unit N/m^n depends on `n`, a flag declared before this one
// (CLI11 runs option callbacks in declaration order).
CLI::Option* add_contact_stiffness(CLI::App& cmd, const std::string& name, std::optional<double>& k,
                                   const double& n, const std::string& help);
// The same for an optional K whose n is optional too (`n_default` when not given).
CLI::Option* add_contact_stiffness(CLI::App& cmd, const std::string& name,
                                   std::optional<double>& k, const std::optional<double>& n,
                                   double n_default, const std::string& help);
// --threads: 0 (all cores) .. 1024.
CLI::App* add_threads_flag(CLI::App& cmd, int& threads);
// One record as aligned text, a two-line CSV or JSON (keys in insertion order of `rec`): JSON
// with the plain vocabulary names and a "units" object, CSV and text with the columns
// name[unit] (core/vocabulary.hpp).
void print_record(const nlohmann::ordered_json& rec, Format format);

void register_models(CLI::App& app);
void register_impact(CLI::App& app);  // also `calibrate` (shared flags)
void register_copt(CLI::App& app);
void register_input_for(CLI::App& app);
void register_simulate(CLI::App& app);
void register_sweep(CLI::App& app);    // also `merge`
void register_studies(CLI::App& app);  // every registered study, and `run-all`
void register_plot(CLI::App& app);
void register_report(CLI::App& app);
void register_fit_impact(CLI::App& app);

// cli_voice.cpp: `calib --help` grouped by task; the message for an unknown command (nullopt
// when `given` is one), and a CLI11 parse error in calib's words.
void group_commands(CLI::App& app);
std::optional<std::string> unknown_command(const CLI::App& app, std::string_view given);
std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e);

inline void register_all(CLI::App& app) {
  register_models(app);
  register_impact(app);
  register_copt(app);
  register_input_for(app);
  register_simulate(app);
  register_sweep(app);
  register_studies(app);
  register_plot(app);
  register_report(app);
  register_fit_impact(app);
  group_commands(app);
}

}  // namespace calib::cli
