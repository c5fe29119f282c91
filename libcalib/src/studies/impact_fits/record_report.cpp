// Report section of the impact_fits study's records: recovery of every fitted parameter per
// generating law and record kind, how the reported standard errors compare with the spread over
// the noise draws, and the AIC ranking.
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/studies/impact_fits.hpp"
#include "studies/impact_fits/shared.hpp"

namespace calib::studies::impact_fits {

namespace {

// The spread of the fits over the reported standard error: "ok" within [2/3, 3/2] (the spread of
// N records is itself uncertain by about 1/√(2(N − 1)), a third for N = 5), "bad" above 3/2,
// "minor" below; none without a ratio (one record, a shipped file).
std::string ratio_class(double ratio) {
  if (!std::isfinite(ratio)) return "";
  return ratio > 1.5 ? "bad" : ratio < 2.0 / 3.0 ? "minor" : "ok";
}

}  // namespace

void record_report_section(const std::filesystem::path& dir, io::Section& s) {
  // Two reads of the one table (read_text_csv reads at most 10 columns at a time).
  const auto t = io::read_text_csv(
      dir / "record_recovery.csv",
      {"law", "data", "parameter", "unit", "true_value", "records", "mean_fitted"});
  const auto u = io::read_text_csv(
      dir / "record_recovery.csv",
      {"sd_error", "mean_std_error", "sd_over_std_error", "coverage_z2", "max_abs_z", "converged"});
  io::Table tab{{"generating law", "record holds", "parameter", "true value", "records",
                 "mean fitted", "spread of fits", "mean standard error",
                 "spread over standard error", "fraction within 2 standard errors",
                 "largest error in standard errors", "fraction converged"},
                {},
                {}};
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::string unit = t.columns[3][r] == "-" ? "" : " [" + t.columns[3][r] + "]";
    std::vector<std::string> row{t.columns[0][r],        t.columns[1][r],
                                 t.columns[2][r] + unit, io::number_text(t.columns[4][r], 4),
                                 t.columns[5][r],        io::number_text(t.columns[6][r], 6)};
    for (std::size_t c = 0; c < u.columns.size(); ++c)
      row.push_back(io::number_text(u.columns[c][r], 3));
    tab.rows.push_back(row);
    tab.row_class.push_back(ratio_class(io::number_or_nan(u.columns[2][r])));
  }
  s.heading("Impact records", 3);
  s.text(
      "Synthetic impact records, the contact force and the approach of the two bodies during one "
      "impact (or the force alone) made by the exact trajectory at known parameters plus "
      "Gaussian noise, are fitted with each of the four laws; the stiffness, the exponent (fixed "
      "at 3/2 for the viscoelastic law), the damping and the instant of first touch are all "
      "fitted. For each generating law, record kind and parameter the table below gives, over "
      "the records whose fit by their own law converged, the mean fitted value, the spread of "
      "the fitted values over the noise draws (of the error, for the instant of first touch, "
      "whose true value differs between records), the mean reported standard error, their ratio "
      "(about 1 when the standard errors are right), the fraction of fits within two standard "
      "errors of the truth (about 0.95) and the largest error of one fit in its standard "
      "errors (above 4 or so, one fit stopped away from the best fit, and that one fit can "
      "make the spread large while the others agree with their standard errors); and the "
      "fraction of records on which that fit converged (a fit that misses the data by much "
      "more than the noise reports a poor fit, not an estimate). " +
      io::colour_legend(tab,
                        {{"ok", "green: the spread is within a factor 1.5 of the standard error"},
                         {"minor", "yellow: the standard error is more than 1.5 times the spread"},
                         {"bad",
                          "red: the spread is more than 1.5 times the standard error, so the "
                          "reported standard errors are too small"}}));
  s.table(tab);
  detail::margin_table(dir / "record_ranking.csv", true, s);
}

}  // namespace calib::studies::impact_fits
