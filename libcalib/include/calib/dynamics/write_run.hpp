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

}  // namespace calib::dynamics
