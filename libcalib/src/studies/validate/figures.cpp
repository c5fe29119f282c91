// Figure data of the validate study: its result CSVs as gnuplot data for tools/plot/validate.gp.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/studies/validate.hpp"

namespace calib::studies::validate {

namespace fs = std::filesystem;

io::GnuplotVars figure_data(const fs::path& in, const fs::path& work) {
  io::GnuplotVars v;
  const auto t = io::read_result(in, "validation.csv", {"formula", "clamp", "e", "max_abs_err"});
  std::map<std::string, std::unique_ptr<io::DataBlocks>> files;
  for (const std::string g : {"linear_damper", "hysteresis", "dem"})
    files[g] = std::make_unique<io::DataBlocks>(work / ("val_" + g + ".dat"));
  std::vector<std::pair<std::string, std::vector<std::size_t>>> groups;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::string key = t.columns[0][r] + " (clamp " + t.columns[1][r] + ")";
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == key; });
    if (it == groups.end())
      groups.push_back({key, {r}});
    else
      it->second.push_back(r);
  }
  for (const auto& [key, rows] : groups) {
    const std::string formula = t.columns[0][rows.front()];
    std::string family = "linear_damper";  // user formulas too
    for (const auto& m : models::catalog())
      if (m.name == formula)
        family = (m.family == Family::hysteresis || m.family == Family::indentation) ? "hysteresis"
                 : m.family == Family::tsuji                                         ? "dem"
                                             : "linear_damper";
    io::DataBlocks& b = *files[family];
    b.block(key, 2);
    for (auto r : rows) b.row({t.columns[2][r], io::gnuplot_positive(t.columns[3][r])});
  }
  for (auto& [g, b] : files) v["n_" + g] = std::to_string(b->count());
  return v;
}

}  // namespace calib::studies::validate
