#pragma once
// The study report: one HTML page and a Markdown twin with, for every registered study found in
// a results folder, its figures, its section (tables next to the published values, differences
// highlighted) and the provenance recorded in the .meta.json sidecars.
#include <filesystem>
#include <string>
#include <vector>

namespace calib::report {

struct ReportOptions {
  std::filesystem::path results = "results";
  std::filesystem::path out = "report";
  std::filesystem::path scripts;  // gnuplot scripts (empty: default_scripts())
  bool draw = true;               // run the plots into <out>/figures first
};

// Writes <out>/report.html and <out>/report.md (atomically); returns the study stems included
// (every registered study whose folder exists in `results`). InputError if there is none.
std::vector<std::string> write_report(const ReportOptions& options);

}  // namespace calib::report
