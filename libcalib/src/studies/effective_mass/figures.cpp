// Figure data of the effective_mass study: its result CSVs as gnuplot data for
// tools/plot/effective_mass.gp.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/studies/effective_mass.hpp"

namespace calib::studies::effective_mass {

namespace fs = std::filesystem;

io::GnuplotVars figure_data(const fs::path& in, const fs::path& work) {
  {
    const auto t =
        io::read_result(in, "fig10_slider_crank.csv", {"crank.angle[deg]", "m_eff[kg]", "m_app_i[kg]"});
    std::ofstream o(work / "fig10.dat");
    for (std::size_t r = 0; r < t.rows(); ++r)
      o << t.columns[0][r] << ' ' << io::gnuplot_cell(t.columns[1][r]) << ' '
        << io::gnuplot_cell(t.columns[2][r]) << '\n';
  }
  {
    const auto t = io::read_result(in, "example1_pendulum.csv", {"rod.angle[deg]", "m_eff[kg]"});
    std::ofstream o(work / "example1.dat");
    for (std::size_t r = 0; r < t.rows(); ++r)
      o << std::stod(t.columns[0][r]) + 90.0 << ' ' << io::gnuplot_cell(t.columns[1][r])
        << '\n';  // θ = angle + 90°
  }
  return {};
}

}  // namespace calib::studies::effective_mass
