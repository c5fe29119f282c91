// The one list of studies (studies/study.hpp). Order = run-all and report order.
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/output_target.hpp"
#include "calib/studies/damping_fit.hpp"
#include "calib/studies/effective_mass.hpp"
#include "calib/studies/exact_table.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/rms_table.hpp"
#include "calib/studies/simulator_inputs.hpp"
#include "calib/studies/systems.hpp"
#include "calib/studies/study.hpp"
#include "calib/studies/validate.hpp"

namespace calib::studies {

const std::vector<Study>& registry() {
  static const std::vector<Study> list = {
      {"rms-table", "rms_table", "SF2020: RMS (a, b) table and the hysteresis damping models",
       "Safaeifar & Farshidianfar 2020, Table 2, Fig. 3-6",
       "SF2020 Table 2: RMS (a,b) table, optimum, per-formula COR errors", rms_table::run_study,
       rms_table::figure_data, rms_table::report_section},
      {"damping-fit", "damping_fit",
       "PN2020: optimal linear damping, alpha(n)/beta(n) fits, scaling exponents",
       "Poursina & Nikravesh 2020, §4.2, eq. 36-57, Fig. 3-7",
       "PN2020 alpha(n)/beta(n) fits, scaling exponents, improved closed form",
       damping_fit::run_study, damping_fit::figure_data, damping_fit::report_section},
      {"validate", "validate", "Validation of damping formulas over random parameters",
       "PN2020 §5.1, Fig. 8 (generalised to every catalog formula)",
       "PN2020 Fig. 8 generalised: |e_out - e| of damping formulas over random parameters",
       validate::run_study, validate::figure_data, validate::report_section},
      {"kn-fit", "kn_fit", "PINSLOT: K-n power laws of the cylindrical contact models",
       "Pin-in-slot contact models review, Tables 2-9, 10-11",
       "PINSLOT K-n power-law fits: Tables 2-9 and 11, a new material, or measurements",
       kn_fit::run_study, kn_fit::figure_data, kn_fit::report_section},
      {"effective-mass", "effective_mass", "Effective mass in constrained multibody systems",
       "Nikravesh & Poursina, effective mass, Examples 1-4, Fig. 10",
       "NP effective mass: Examples 1-4 and the Fig. 10 sweep, or one system (--system)",
       effective_mass::run_study, effective_mass::figure_data, effective_mass::report_section},
      {"simulator-inputs", "simulator_inputs",
       "The input for other simulators: what they achieve with e and what to type instead",
       "each code's documentation and source (LAMMPS, LIGGGHTS, Chrono, Yade, MercuryDPM, MFiX, "
       "Kratos, multibody codes, MuJoCo)",
       "target e x code x clamp: the e each code achieves when typing e, and the corrected input",
       simulator_inputs::run_study, simulator_inputs::figure_data,
       simulator_inputs::report_section},
      {"systems", "systems", "The papers' example systems: every law inside a dynamic system",
       "SF2020 §8 (bouncing ball, Table 3, Figs. 8-11), §9 (impact damper, Table 4, Figs. 13-17), "
       "§10 (slider-crank, Tables 5-6, Figs. 19-20); PN2020 §6 (two pendulums, Fig. 11)",
       "bouncing ball and impact damper re-simulated with every law (dynamics layer)",
       systems::run_study, systems::figure_data, systems::report_section},
      {"exact-table", "exact_table", "The exact damping table zeta*(e, n)",
       "libcalib (PN2020 eq. 20-23 solved exactly at every node)",
       "regenerate the compiled-in exact damping table zeta*(e, n) by ODE calibration",
       exact_table::run_study, nullptr, exact_table::report_section, false},
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

}  // namespace calib::studies
