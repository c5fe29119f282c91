// Figure data of the kn_fit study: its result CSVs as gnuplot data for tools/plot/kn_fit.gp.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/studies/kn_fit.hpp"

namespace calib::studies::kn_fit {

namespace fs = std::filesystem;

io::GnuplotVars figure_data(const fs::path& in, const fs::path& work) {
  io::GnuplotVars v;
  const auto t =
      io::read_result(in, "kn_tables.csv", {"table", "model", "material", "region", "dR[mm]"});
  std::string tables;
  for (const auto& [table, rows] : io::group_rows(t, 0)) {
    tables += (tables.empty() ? "" : " ") + table;
    io::DataBlocks b(work / ("kn_table" + table + ".dat"));
    for (auto r : rows) {
      const std::string& region = t.columns[3][r];
      const std::string dR = t.columns[4][r];
      const std::string file = "curves/" + studies::kn_fit::curve_file_name(
                                               table, t.columns[1][r], t.columns[2][r], region, dR);
      const auto c = io::read_result(in, file, {"W[N/mm]", "delta[mm]", "W_fit[N/mm]", "rel_err_percent"});
      b.block(table == "11" ? fmt::format("{} {}", t.columns[1][r], region)
                            : fmt::format("dR = {} mm", dR),
              4);
      for (std::size_t k = 0; k < c.rows(); ++k)
        b.row({c.columns[0][k], c.columns[1][k], c.columns[2][k], c.columns[3][k]});
    }
    v["n_table" + table] = std::to_string(b.count());
    v["title_table" + table] = table == "11" ? "'scotch yoke, steel'"
                                             : fmt::format("'{}, {}'", t.columns[1][rows.front()],
                                                           t.columns[2][rows.front()]);
  }
  v["tables"] = "'" + tables + "'";
  return v;
}

}  // namespace calib::studies::kn_fit
