#pragma once
// The study as a library concept: one registry. A study turns its config into results (on the
// sweep engine), owns its outputs, the data of its figures and its report section. `calib
// <study>`, `calib run-all`, `calib plot`, `calib report` and Python's run_study loop over
// registry().
//
// Adding a study = its folder (include/calib/studies/<stem>.hpp with a `Module` that satisfies
// studies/module.hpp's StudyModule, src/studies/<stem>/), its config configs/<stem>.toml, its
// plot script tools/plot/<stem>.gp, its test tests/studies/<stem>_test.cpp, and one
// make_study<Module> row in src/studies/registry.cpp. A test walks the registry and checks that
// those places exist and agree.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/io/document.hpp"
#include "calib/io/gnuplot_data.hpp"
#include "calib/io/provenance.hpp"
#include "calib/studies/options.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies {

// What every study run takes.
struct RunRequest {
  std::filesystem::path config;  // the study's TOML
  std::filesystem::path out;     // results folder (created)
  sweep::Execution execution;    // threads, progress (Ctrl-C ends the run with exit 130)
  Overrides overrides = {};
};

// What a study's write() receives: the results folder and the provenance every one of its
// files shares (the command, threads, start and wall time of the run, the config as used).
struct RunContext {
  std::filesystem::path out;
  std::string command;  // "calib rms-table"
  int threads = 1;
  std::string started_utc;
  double wall_seconds = 0.0;
  nlohmann::json config;  // the config as parsed, after the overrides
  // One file's provenance: this base plus the study's tolerances and facts.
  io::Provenance provenance(nlohmann::json tolerances,
                            nlohmann::json extra = nlohmann::json::object()) const {
    return {command, config, std::move(tolerances), threads, started_utc, wall_seconds,
            std::move(extra)};
  }
};

// A run's summary and the files it wrote (Python's run_study returns both).
struct RunSummary {
  std::string text;                          // the one-paragraph summary
  std::vector<std::filesystem::path> files;  // new or rewritten under the results folder
};

// The tasks the commands serve: the groups of `calib --help`, in the order it lists them.
namespace task {
inline constexpr std::string_view contact_laws = "Contact laws and impacts";
inline constexpr std::string_view code_inputs = "Inputs for DEM and MBS codes";
inline constexpr std::string_view fitting = "Fitting to measurements";
inline constexpr std::string_view systems = "Systems";
inline constexpr std::string_view published = "Published tables";
inline constexpr std::string_view sweeps = "Sweeps and cluster";
inline constexpr std::string_view whole_runs = "Whole runs and report";
}  // namespace task

struct Study {
  std::string_view name;         // CLI subcommand: "rms-table"
  std::string_view stem;         // configs/<stem>.toml, results/<stem>/, header, test, plot script
  std::string_view title;        // report heading
  std::string_view source;       // the paper and its sections
  std::string_view description;  // one line (CLI help)
  std::string_view task;         // its group in the CLI help (task::...)
  // Reads request.config, computes, writes request.out; returns a one-paragraph summary
  // (studies/module.hpp: run_module<Module>, set by make_study).
  std::string (*run_with)(const Study& study, const RunRequest& request) = nullptr;
  // Prepares gnuplot data from a results folder into `work`; the variables for the script.
  // nullptr: the study has no figures.
  io::GnuplotVars (*figure_data)(const std::filesystem::path& results,
                                 const std::filesystem::path& work) = nullptr;
  // The study's body in the report (tables next to the published values).
  void (*report_section)(const std::filesystem::path& results, io::Section& section) = nullptr;
  bool in_run_all = true;  // false: regenerates a compiled-in dataset (exact-table), run by hand
  // Extra command-line options: settings of the study run (Overrides) and of its single-question
  // modes (studies/options.hpp). The CLI adds them generically; empty for most studies.
  StudyOptions options = {};

  std::string run(const RunRequest& request) const { return run_with(*this, request); }
  // The run, with every file it wrote (the results folder listed after the run).
  RunSummary run_listing(const RunRequest& request) const;
};

const std::vector<Study>& registry();
// By CLI name or stem; InputError listing the known studies otherwise.
const Study& find(std::string_view name_or_stem);

// What `calib run-all` runs from a folder of configs: each run-all study whose <stem>.toml is
// there, in registry order. InputError if the folder does not exist or holds none of them
// (a run that does nothing is refused, not reported as done).
struct ConfiguredStudy {
  const Study* study;
  std::filesystem::path config;
};
std::vector<ConfiguredStudy> run_all_configs(const std::filesystem::path& folder);

}  // namespace calib::studies
