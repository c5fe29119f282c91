// Figure data of the impact_fits study: recovery.csv as gnuplot data for
// tools/plot/impact_fits.gp (z of each curve, one block per generating law).
#include <string>

#include <fmt/format.h>

#include "calib/studies/impact_fits.hpp"

namespace calib::studies::impact_fits {

io::GnuplotVars figure_data(const std::filesystem::path& in, const std::filesystem::path& work) {
  const auto t = io::read_result(in, "recovery.csv", {"law", "replicate", "z"});
  io::DataBlocks blocks(work / "z_scores.dat");
  int law = 0;
  std::string names;
  for (const auto& [name, rows] : io::group_rows(t, 0)) {
    ++law;
    names += (names.empty() ? "" : " ") + name;  // law names hold no spaces
    blocks.block(name, 2);
    // x: the law's position 1..4, the replicates spread over ±0.3 around it.
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const double spread = rows.size() > 1 ? 0.6 * k / (rows.size() - 1.0) - 0.3 : 0.0;
      blocks.row({fmt::format("{}", law + spread), io::gnuplot_cell(t.columns[2][rows[k]])});
    }
  }
  return {{"n_laws", std::to_string(blocks.count())}, {"law_names", "'" + names + "'"}};
}

}  // namespace calib::studies::impact_fits
