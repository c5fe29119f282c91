// Figure data of the rms_table study: its result CSVs as gnuplot data for tools/plot/rms_table.gp.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/studies/rms_table.hpp"

namespace calib::studies::rms_table {

namespace fs = std::filesystem;

io::GnuplotVars figure_data(const fs::path& in, const fs::path& work) {
  io::GnuplotVars v;
  {
    const auto t =
        io::read_result(in, "formula_cor.csv", {"model", "e_in", "h", "e_out", "cor_err"});
    io::DataBlocks b(work / "h_models.dat");
    for (const auto& [model, rows] : io::group_rows(t, 0)) {
      b.block(model, 4);
      for (auto r : rows)
        b.row({t.columns[1][r], t.columns[2][r], t.columns[3][r],
               io::gnuplot_magnitude(t.columns[4][r])});
    }
    v["n_models"] = std::to_string(b.count());
  }
  {
    const auto t = io::read_result(in, "h_numerical.csv", {"e", "h_ode", "h_optimal_fit"});
    std::ofstream o(work / "h_num.dat");
    for (std::size_t r = 0; r < t.rows(); ++r)
      o << t.columns[0][r] << ' ' << t.columns[1][r] << ' ' << t.columns[2][r] << '\n';
  }
  {
    const auto t = io::read_result(in, "rms_table.csv", {"a", "b", "rms_percent", "rms_paper"});
    std::ofstream o(work / "rms_grid.dat");
    std::string last;
    for (std::size_t r = 0; r < t.rows(); ++r) {
      if (!last.empty() && t.columns[0][r] != last) o << '\n';  // pm3d: one scan per a
      last = t.columns[0][r];
      o << t.columns[0][r] << ' ' << t.columns[1][r] << ' ' << t.columns[2][r] << ' '
        << io::gnuplot_cell(t.columns[3][r]) << '\n';
    }
  }
  {
    std::ifstream f(in / "optimum.json");
    if (!f) throw InputError(fmt::format("plot: {} not found", (in / "optimum.json").string()));
    const auto j = nlohmann::json::parse(f);
    std::ofstream o(work / "iso.dat");
    for (const auto& p : j.at("iso_integral_curve"))
      o << p.at("a").get<double>() << ' ' << p.at("b").get<double>() << '\n';
    v["I_opt"] = fmt::format("{}", j.at("optimal_integral").get<double>());
  }
  return v;
}

}  // namespace calib::studies::rms_table
