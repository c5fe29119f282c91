// Figure data of the simulator-inputs study for tools/plot/simulator_inputs.gp: per code family,
// the e each mapping achieves when its user types the target e itself (one block per code,
// model, version and clamp), and the e the corrected input achieves.
#include <algorithm>
#include <map>
#include <memory>

#include "calib/studies/simulator_inputs.hpp"

namespace calib::studies::simulator_inputs {

namespace fs = std::filesystem;

namespace {
// Figure families: the two peers, Chrono, the other DEM codes, the multibody codes + MuJoCo.
std::string family_of(const std::string& code) {
  if (code == "lammps" || code == "liggghts" || code == "chrono") return code;
  if (code == "yade" || code == "mercurydpm" || code == "mfix" || code == "kratos") return "dem";
  return "multibody";
}
}  // namespace

io::GnuplotVars figure_data(const fs::path& in, const fs::path& work) {
  const auto t = io::read_result(in, "simulator_inputs.csv",
                                 {"code", "model", "version", "clamp", "target_e", "typed_units",
                                  "e_if_typed", "e_with_input"});
  std::map<std::string, std::unique_ptr<io::DataBlocks>> typed, corrected;
  for (const std::string f : {"lammps", "liggghts", "chrono", "dem", "multibody"}) {
    typed[f] = std::make_unique<io::DataBlocks>(work / ("typed_" + f + ".dat"));
    corrected[f] = std::make_unique<io::DataBlocks>(work / ("corrected_" + f + ".dat"));
  }
  io::RowGroups groups;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::string key = t.columns[0][r] + " " + t.columns[1][r] + " " + t.columns[2][r] +
                            ", clamp " + t.columns[3][r];
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
    if (it == groups.end())
      groups.push_back({key, {r}});
    else
      it->second.push_back(r);
  }
  for (const auto& [key, rows] : groups) {
    const std::size_t first = rows.front();
    if (t.columns[5][first] != "-") continue;  // typed value is not a restitution
    const std::string f = family_of(t.columns[0][first]);
    typed[f]->block(key, 2);
    corrected[f]->block(key, 2);
    for (auto r : rows) {
      typed[f]->row({t.columns[4][r], io::gnuplot_cell(t.columns[6][r])});
      corrected[f]->row({t.columns[4][r], io::gnuplot_cell(t.columns[7][r])});
    }
  }
  io::GnuplotVars v;
  for (auto& [f, b] : typed) v["n_" + f] = std::to_string(b->count());
  return v;
}

}  // namespace calib::studies::simulator_inputs
