#pragma once
// The study as a library concept: one registry. A study turns its config into results (on the
// sweep engine), owns its outputs, the data of its figures and its report section. `calib
// <study>`, `calib run-all`, `calib plot` and `calib report` loop over registry().
//
// Adding a study = its folder (include/calib/studies/<stem>.hpp, src/studies/<stem>/), its
// config configs/<stem>.toml, its plot script tools/plot/<stem>.gp, its test
// tests/studies/<stem>_test.cpp, and one line in src/studies/registry.cpp. A test walks the
// registry and checks that those places exist and agree.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/io/document.hpp"
#include "calib/io/gnuplot_data.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies {

// What every study run takes.
struct RunRequest {
  std::filesystem::path config;  // the study's TOML
  std::filesystem::path out;     // results folder (created)
  sweep::Execution execution;    // threads, progress (Ctrl-C ends the run with exit 130)
  // Study-specific overrides from the command line (recorded in the provenance sidecars),
  // e.g. validate: {"formula": [...], "clamp": "on", "samples": 100}.
  nlohmann::json overrides = nlohmann::json::object();
};

struct Study {
  std::string_view name;         // CLI subcommand: "rms-table"
  std::string_view stem;         // configs/<stem>.toml, results/<stem>/, header, test, plot script
  std::string_view title;        // report heading
  std::string_view source;       // the paper and its sections
  std::string_view description;  // one line (CLI help)
  // Reads request.config, computes, writes request.out; returns a one-paragraph summary.
  std::string (*run)(const RunRequest& request);
  // Prepares gnuplot data from a results folder into `work`; the variables for the script.
  // nullptr: the study has no figures.
  io::GnuplotVars (*figure_data)(const std::filesystem::path& results,
                                 const std::filesystem::path& work);
  // The study's body in the report (tables next to the published values).
  void (*report_section)(const std::filesystem::path& results, io::Section& section);
  bool in_run_all = true;  // false: regenerates a compiled-in dataset (exact-table), run by hand
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
