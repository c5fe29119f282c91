// The one list of studies (studies/study.hpp). Order = run-all and report order.
#include <map>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/output_target.hpp"
#include "calib/studies/damping_fit.hpp"
#include "calib/studies/effective_mass.hpp"
#include "calib/studies/exact_table.hpp"
#include "calib/studies/impact_fits.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/rms_table.hpp"
#include "calib/studies/simulator_inputs.hpp"
#include "calib/studies/systems.hpp"
#include "calib/studies/module.hpp"
#include "calib/studies/study.hpp"
#include "calib/studies/validate.hpp"

namespace calib::studies {

const std::vector<Study>& registry() {
  static const std::vector<Study> list = {
      make_study<rms_table::Module>(
          {"rms-table", "rms_table", "SF2020: RMS (a, b) table and the hysteresis damping models",
           "Safaeifar & Farshidianfar 2020, Table 2, Fig. 3-6",
           "SF2020 Table 2: RMS (a,b) table, optimum, per-formula COR errors",
           task::published}),
      make_study<damping_fit::Module>(
          {"damping-fit", "damping_fit",
           "PN2020: optimal linear damping, alpha(n)/beta(n) fits, scaling exponents",
           "Poursina & Nikravesh 2020, §4.2, eq. 36-57, Fig. 3-7",
           "PN2020 alpha(n)/beta(n) fits, scaling exponents, improved closed form",
           task::published}),
      make_study<validate::Module>(
          {"validate", "validate", "Validation of damping formulas over random parameters",
           "PN2020 §5.1, Fig. 8 (generalised to every catalog formula)",
           "PN2020 Fig. 8 generalised: |e_out - e| of damping formulas over random parameters",
           task::published}),
      make_study<kn_fit::Module>(
          {"kn-fit", "kn_fit", "PINSLOT: K-n power laws of the cylindrical contact models",
           "Pin-in-slot contact models review, Tables 2-9, 10-11",
           "PINSLOT K-n power-law fits: Tables 2-9 and 11, a new material, or measurements",
           task::fitting}),
      make_study<effective_mass::Module>(
          {"effective-mass", "effective_mass", "Effective mass in constrained multibody systems",
           "Nikravesh & Poursina, effective mass, Examples 1-4, Fig. 10",
           "NP effective mass: Examples 1-4 and the Fig. 10 sweep, or one system (--system)",
           task::code_inputs}),
      make_study<simulator_inputs::Module>(
          {"simulator-inputs", "simulator_inputs",
           "The input for other simulators: what they achieve with e and what to type instead",
           "each code's documentation and source (LAMMPS, LIGGGHTS, Chrono, Yade, MercuryDPM, "
           "MFiX, Kratos, multibody codes, MuJoCo)",
           "target e x code x clamp: the e each code achieves when typing e, and the corrected "
           "input",
           task::code_inputs}),
      make_study<systems::Module>(
          {"systems", "systems", "The papers' example systems: every law inside a dynamic system",
           "SF2020 §8 (bouncing ball, Table 3, Figs. 8-11), §9 (impact damper, Table 4, Figs. "
           "13-17), §10 (slider-crank, Tables 5-6, Figs. 19-20); PN2020 §6 (two pendulums, Fig. "
           "11); PINSLOT §4 (Scotch yoke with a pin-in-slot clearance, Tables 10-11, Figs. 11-16)",
           "the papers' example systems re-simulated: bouncing ball, impact damper, slider-crank, "
           "two pendulums, the clearance slider-crank and the PINSLOT Scotch yoke",
           task::systems}),
      make_study<impact_fits::Module>(
          {"impact-fits", "impact_fits",
           "Fitting contact laws to e(v) and to impact records: recovery of known parameters "
           "and the AIC ranking",
           "synthetic restitution curves and impact records from the exact impact solve (the "
           "fit-impact laws); measured e(v): D. Gugan, croquet ball on wood, Table I (2002)",
           "e(v) curves and F(t), delta(t) records of each law at known parameters plus noise: "
           "every law fitted, recovery and AIC ranking; and measured e(v) curves fitted",
           task::fitting}),
      make_study<exact_table::Module>(
          {.name = "exact-table",
           .stem = "exact_table",
           .title = "The exact damping table zeta*(e, n)",
           .source = "libcalib (PN2020 eq. 20-23 solved exactly at every node)",
           .description =
               "regenerate the compiled-in exact damping table zeta*(e, n) by ODE calibration",
           .task = task::published,
           .in_run_all = false}),
  };
  return list;
}

const Study& find(std::string_view name_or_stem) {
  std::string known;
  for (const Study& s : registry()) {
    if (s.name == name_or_stem || s.stem == name_or_stem) return s;
    known += fmt::format("{}{}", known.empty() ? "" : ", ", s.name);
  }
  throw InputError(fmt::format("unknown study '{}'; known: {}", name_or_stem, known));
}

std::vector<ConfiguredStudy> run_all_configs(const std::filesystem::path& folder) {
  if (!io::is_folder(folder))
    throw InputError(fmt::format("--configs: folder not found: {}", folder.string()));
  std::vector<ConfiguredStudy> list;
  for (const Study& s : registry()) {
    const std::filesystem::path config = folder / (std::string(s.stem) + ".toml");
    if (s.in_run_all && io::path_exists(config)) list.push_back({&s, config});
  }
  if (list.empty())
    throw InputError(fmt::format("--configs: {} holds no study config (<stem>.toml, e.g. "
                                 "rms_table.toml); nothing to run",
                                 folder.string()));
  return list;
}

namespace {
// Every regular file under `dir` with its modification time (none when `dir` does not exist).
std::map<std::filesystem::path, std::filesystem::file_time_type> files_under(
    const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::map<fs::path, fs::file_time_type> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec)) files[it->path()] = it->last_write_time(ec);
  return files;
}
}  // namespace

// The files of the run: new under the results folder, or rewritten (their time changed).
RunSummary Study::run_listing(const RunRequest& request) const {
  const auto before = files_under(request.out);
  RunSummary summary{run(request), {}};
  for (const auto& [path, time] : files_under(request.out))
    if (const auto it = before.find(path); it == before.end() || it->second != time)
      summary.files.push_back(path);
  return summary;
}

}  // namespace calib::studies
