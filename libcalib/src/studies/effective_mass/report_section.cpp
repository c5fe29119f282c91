// Report section of the effective_mass study: its tables next to the published values.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/io/csv.hpp"
#include "calib/studies/effective_mass.hpp"

namespace calib::studies::effective_mass {

namespace fs = std::filesystem;
using nlohmann::json;

void report_section(const fs::path& dir, io::Section& s) {
  const auto t = io::read_text_csv(
      dir / "examples.csv", {"name", "m_eff[kg]", "m_eff_eq31[kg]", "m_eff_eq39[kg]", "m_app_i[kg]", "m_app_j[kg]",
                             "status", "paper_m_eff[kg]", "paper_m_app_i[kg]"});
  io::Table e{{"system", "m_eff (eq. 28)", "eq. 31", "eq. 39", "m_app_i[kg]", "m_app_j[kg]", "status",
               "paper m_eff", "paper m_app_i"},
              {},
              {}};
  for (std::size_t r = 0; r < t.rows(); ++r) {
    e.rows.push_back({t.columns[0][r], io::number_text(t.columns[1][r], 6),
                      io::number_text(t.columns[2][r], 6), io::number_text(t.columns[3][r], 6),
                      io::number_text(t.columns[4][r], 5), io::number_text(t.columns[5][r], 5),
                      t.columns[6][r], t.columns[7][r].empty() ? "-" : t.columns[7][r],
                      t.columns[8][r].empty() ? "-" : t.columns[8][r]});
    const double paper = io::number_or_nan(t.columns[7][r]),
                 ours = io::number_or_nan(t.columns[1][r]);
    e.row_class.push_back(std::isnan(paper)                         ? ""
                          : std::abs(ours - paper) <= 0.006 * paper ? "ok"
                                                                    : "bad");
  }
  s.table(e);
}

}  // namespace calib::studies::effective_mass
