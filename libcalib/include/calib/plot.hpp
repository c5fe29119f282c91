#pragma once
// Figures of every study (issue #8): the study's result CSVs are prepared into gnuplot data
// blocks, then tools/plot/<study>.gp draws PNG and SVG files (Debian gnuplot-nox).
#include <filesystem>
#include <string>
#include <vector>

namespace calib::plot {

struct Options {
  std::filesystem::path in;       // results/<study>
  std::filesystem::path out;      // figure root: images go to <out>/<stem>/
  std::filesystem::path scripts;  // folder of the .gp scripts
  std::vector<std::string> formats{"png", "svg"};
};

// Result-folder stems that have figures: rms_table, damping_fit, validate, kn_tables,
// effective_mass. `study` may also be the CLI name (rms-table, damping-fit, kn-fit, ...).
const std::vector<std::string>& study_stems();
std::string stem_of(const std::string& study);  // InputError for an unknown study

// Draws every figure of the study; returns the image files written. InputError if `in` lacks
// the study's CSVs, ComputeError if gnuplot is missing or fails (its stderr is included).
std::vector<std::filesystem::path> plot_study(const std::string& study, const Options& options);

// Default script folder: $CALIB_PLOT_SCRIPTS, ./tools/plot, or the source tree's tools/plot.
std::filesystem::path default_scripts();

}  // namespace calib::plot
