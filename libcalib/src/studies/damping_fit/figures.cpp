// Figure data of the damping_fit study: its result CSVs as gnuplot data for
// tools/plot/damping_fit.gp.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/studies/damping_fit.hpp"

namespace calib::studies::damping_fit {

namespace fs = std::filesystem;

io::GnuplotVars figure_data(const fs::path& in, const fs::path& work) {
  io::GnuplotVars v;
  const auto t = io::read_result(in, "scaling.csv", {"sweep", "n", "value[kg|m/s|N/m^n]", "c_opt[N*s/m]"});
  for (const std::string s : {"m", "v", "k"}) {
    io::TextTable sub;
    sub.columns.resize(4);
    for (std::size_t r = 0; r < t.rows(); ++r)
      if (t.columns[0][r] == s) {
        for (int c = 0; c < 4; ++c) sub.columns[c].push_back(t.columns[c][r]);
        sub.lines.push_back(t.lines[r]);
      }
    const auto groups = io::group_rows(sub, 1);
    io::DataBlocks b(work / ("scaling_" + s + ".dat"));
    for (auto gi : io::nearest_groups(groups, {1.0, 1.25, 1.5, 1.75, 2.0})) {
      b.block(fmt::format("n = {:.3f}", std::stod(groups[gi].first)), 2);
      for (auto r : groups[gi].second) b.row({sub.columns[2][r], sub.columns[3][r]});
    }
    v["n_scaling"] = std::to_string(b.count());
  }
  {
    const auto s = io::read_result(in, "scaling_slopes.csv", {"sweep", "n", "slope", "exact"});
    io::DataBlocks b(work / "slopes.dat");
    for (const auto& [sweep, rows] : io::group_rows(s, 0)) {
      b.block(sweep, 3);
      for (auto r : rows) b.row({s.columns[1][r], s.columns[2][r], s.columns[3][r]});
    }
  }
  {
    const auto f = io::read_result(in, "fig9_eq57.csv", {"e", "e_exact", "abs_err"});
    std::ofstream o(work / "fig9.dat");
    for (std::size_t r = 0; r < f.rows(); ++r)
      o << f.columns[0][r] << ' ' << f.columns[1][r] << ' ' << io::gnuplot_positive(f.columns[2][r])
        << '\n';
  }
  const auto ab =
      io::read_result(in, "alpha_beta.csv",
                      {"n", "alpha", "beta", "alpha_paper", "beta_paper", "alpha_fit", "beta_fit"});
  {
    std::ofstream o(work / "alpha_beta.dat");
    for (std::size_t r = 0; r < ab.rows(); ++r) {
      for (int c = 0; c < 7; ++c) o << (c ? " " : "") << ab.columns[c][r];
      o << '\n';
    }
  }
  {
    const auto g = io::read_result(in, "copt_grid.csv", {"n", "e", "c_opt[N*s/m]"});
    const auto groups = io::group_rows(g, 0);
    io::DataBlocks b(work / "copt.dat");
    for (auto gi : io::nearest_groups(groups, {1.0, 1.5, 2.0})) {
      const double n = std::stod(groups[gi].first);
      // Per-n eq. 45 fit (ours) and eq. 49 with the paper's α(n), β(n), at m = k = v = 1.
      std::size_t row = 0;
      for (std::size_t r = 0; r < ab.rows(); ++r)
        if (std::abs(std::stod(ab.columns[0][r]) - n) < 1e-12) row = r;
      const double a = std::stod(ab.columns[1][row]), be = std::stod(ab.columns[2][row]);
      b.block(fmt::format("n = {:.3f} (libcalib)", n), 4);
      for (auto r : groups[gi].second) {
        const double e = std::stod(g.columns[1][r]);
        b.row({g.columns[1][r], g.columns[2][r], fmt::format("{}", a * (std::pow(e, be) - 1)),
               fmt::format("{}",
                           models::pn2020_alpha(n) * (std::pow(e, models::pn2020_beta(n)) - 1))});
      }
    }
    v["n_copt"] = std::to_string(b.count());
  }
  return v;
}

}  // namespace calib::studies::damping_fit
