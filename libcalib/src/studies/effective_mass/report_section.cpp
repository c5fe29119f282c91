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

namespace {

// Whether `ours` rounds to the value the paper prints (0.4527 to "0.45"): within half a unit of
// the printed value's last digit.
bool rounds_to_printed(double ours, const std::string& printed) {
  const auto dot = printed.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(printed.size() - dot - 1);
  const double half_unit = 0.5 * std::pow(10.0, -decimals);
  return std::abs(ours - io::number_or_nan(printed)) <= half_unit * (1 + 1e-9);
}

}  // namespace

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
    const std::string& paper = t.columns[7][r];
    e.row_class.push_back(paper.empty()                                                  ? ""
                          : rounds_to_printed(io::number_or_nan(t.columns[1][r]), paper) ? "ok"
                                                                                         : "bad");
  }
  s.text(
      "The effective mass of each example by the paper's three expressions (eq. 28, eq. 31, "
      "eq. 39), next to the values NP prints. " +
      io::colour_legend(e, {{"ok",
                             "green: libcalib's \"m_eff (eq. 28)\" rounds to the "
                             "printed \"paper m_eff\""},
                            {"bad", "red: it does not"},
                            {"", "no colour: the paper prints none"}}));
  s.table(e);
}

}  // namespace calib::studies::effective_mass
