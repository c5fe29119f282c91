#pragma once
// Figures of every study: the study prepares its result CSVs into gnuplot data
// (Study::figure_data), then tools/plot/<stem>.gp draws PNG and SVG files (Debian gnuplot-nox).
#include <filesystem>
#include <string>
#include <vector>

#include "calib/studies/study.hpp"

namespace calib::report {

struct PlotOptions {
  std::filesystem::path in;       // results/<stem>
  std::filesystem::path out;      // figure root: images go to <out>/<stem>/
  std::filesystem::path scripts;  // folder of the .gp scripts (empty: default_scripts())
  std::vector<std::string> formats{"png", "svg"};  // png and/or svg (InputError otherwise)
};

// Draws every figure of the study; returns the image files written. InputError if `in` lacks
// the study's CSVs or the study has no figures, ComputeError if gnuplot is missing or fails
// (its stderr is included).
std::vector<std::filesystem::path> plot_study(const studies::Study& study,
                                              const PlotOptions& options);

// $CALIB_PLOT_SCRIPTS, else tools/plot in the data folders (io/resources.hpp).
std::filesystem::path default_scripts();

}  // namespace calib::report
