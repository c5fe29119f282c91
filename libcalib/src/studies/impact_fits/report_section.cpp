// Report section of the impact_fits study: recovery and ranking per generating law.
#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/studies/impact_fits.hpp"

namespace calib::studies::impact_fits {

void report_section(const std::filesystem::path& dir, io::Section& s) {
  const auto t = io::read_text_csv(
      dir / "coverage.csv", {"law", "true_value", "replicates", "mean_fitted", "sd_fitted",
                             "mean_std_error", "coverage_z2", "generator_first"});
  io::Table tab{{"generating law", "true damping", "curves", "mean fitted", "spread of fits",
                 "mean standard error", "fraction within 2 standard errors",
                 "fraction ranked first"},
                {},
                {}};
  for (std::size_t r = 0; r < t.rows(); ++r) {
    tab.rows.push_back({t.columns[0][r], io::number_text(t.columns[1][r], 4), t.columns[2][r],
                        io::number_text(t.columns[3][r], 6), io::number_text(t.columns[4][r], 3),
                        io::number_text(t.columns[5][r], 3), io::number_text(t.columns[6][r], 3),
                        io::number_text(t.columns[7][r], 3)});
    tab.row_class.push_back(io::number_or_nan(t.columns[7][r]) >= 1.0 ? "ok" : "");
  }
  s.text(
      "Synthetic restitution curves, made by the exact impact solve at known damping plus "
      "Gaussian noise, are fitted with each of the four laws (stiffness and exponent known). "
      "For each generating law the table below gives the mean and spread of the fitted damping "
      "over the noise draws, the mean reported standard error, the fraction of fits whose "
      "damping lies within two standard errors of the truth (about 0.95 if the errors are "
      "right), and the fraction of curves on which the lowest AIC picks the law that made "
      "them. " +
      io::colour_legend(tab, {{"ok", "green: the generating law ranked first on every curve"}}));
  s.table(tab);
}

}  // namespace calib::studies::impact_fits
