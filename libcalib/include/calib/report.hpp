#pragma once
// The study report (issue #8): one HTML page and a Markdown twin with, for every study found
// in a results folder, its figures, its tables next to the published values (differences
// highlighted) and the provenance recorded in the .meta.json sidecars.
#include <filesystem>
#include <string>
#include <vector>

namespace calib::report {

struct Options {
  std::filesystem::path results = "results";
  std::filesystem::path out = "report";
  std::filesystem::path scripts;  // gnuplot scripts (empty: plot::default_scripts())
  bool draw = true;               // run the plots into <out>/figures first
};

// Writes <out>/report.html and <out>/report.md (atomically); returns the study stems included
// (every known study whose folder exists in `results`). InputError if there is none.
std::vector<std::string> write_report(const Options& options);

}  // namespace calib::report
