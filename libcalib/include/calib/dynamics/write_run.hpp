#pragma once
// The files of one simulation run (`calib simulate --out DIR`, Python's simulate(out=...)):
// series.csv (every body's state and the energy per output step) and impacts.csv.
#include <filesystem>
#include <string>
#include <vector>

#include "calib/dynamics/systems.hpp"
#include "calib/io/csv.hpp"

namespace calib::dynamics {

// The impact table, one header and row set for impacts.csv and `--format csv`.
const std::vector<std::string>& impact_header();
std::vector<io::CsvCell> impact_row(const SystemSetup& s, const Impact& i);

// series.csv and impacts.csv into `dir` (prepared by the caller before the run, see
// io::prepare_output_dir); returns the files written.
std::vector<std::filesystem::path> write_run(const SystemSetup& s, const SimulationResult& r,
                                             const std::filesystem::path& dir);

}  // namespace calib::dynamics
