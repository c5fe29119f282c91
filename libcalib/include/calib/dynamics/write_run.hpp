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

// A user's run (calib simulate, Python's simulate): simulate_until_stop under the setup's
// options, its files written into `out` when given (prepared by the caller, as for write_run).
// A run that stops before t_end (a budget, a stop request) writes what it computed into
// `<out>.partial` instead, leaving `out` as it was, and throws the stop's error
// (require_complete) naming that folder; `inputs` may not lie in it.
SimulationResult simulate_and_write(const SystemSetup& s, const std::filesystem::path& out,
                                    const std::vector<std::filesystem::path>& inputs = {});

}  // namespace calib::dynamics
