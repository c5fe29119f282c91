#pragma once
// The files of one simulation run (`calib simulate --out DIR`, Python's simulate(out=...)):
// series.csv (every body's state and the energy per output step) and impacts.csv.
#include <filesystem>
#include <string>
#include <vector>

#include "calib/dynamics/systems.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"

namespace calib::dynamics {

// The impact table, one header and row set for impacts.csv and `--format csv`.
const std::vector<std::string>& impact_header();
std::vector<io::CsvCell> impact_row(const SystemSetup& s, const Impact& i);

// The provenance of a run's files: `system` (the file, or the origin of TOML text), the law,
// method and end time as run, the ODE tolerances; `clock` started before the run.
io::Provenance run_provenance(const SystemSetup& s, const std::string& system,
                              const io::WallClock& clock);
// series.csv and impacts.csv, each with its sidecar, into `dir` (the stage of the caller's
// io::ResultFolder, taken before the run); returns the files written.
std::vector<std::filesystem::path> write_run(const SystemSetup& s, const SimulationResult& r,
                                             const std::filesystem::path& dir,
                                             const io::Provenance& provenance);

// Where a run comes from, for its files: the system file (or the origin of TOML text) recorded
// in the provenance, the input files that may not lie in the output, the clock started before
// the run.
struct RunSource {
  std::string system;
  std::vector<std::filesystem::path> inputs;
  io::WallClock clock;
};

// A user's run (calib simulate, Python's simulate): simulate_until_stop under the setup's
// options. With `out`, the folder is checked against the inputs and locked before the run, and
// the files are published into it as one result (io::ResultFolder). A run that stops before
// t_end (a budget, a stop request) publishes what it computed into `<out>.partial` instead,
// leaving `out` as it was, and throws the stop's error (require_complete) naming that folder.
SimulationResult simulate_and_write(const SystemSetup& s, const std::filesystem::path& out,
                                    const RunSource& source);

}  // namespace calib::dynamics
