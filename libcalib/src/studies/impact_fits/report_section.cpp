// Report section of the impact_fits study: recovery and ranking per generating law.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/studies/impact_fits.hpp"
#include "studies/impact_fits/shared.hpp"

namespace calib::studies::impact_fits {

// Per generating law (and, for records, per record kind: the key column `data`), from a
// ranking table: datasets, how often the generator ranked first, the smallest AIC margin of the
// runner-up (how close the ranking came to a wrong pick) and the most frequent runner-up.
void detail::margin_table(const std::filesystem::path& file, bool by_data, io::Section& s) {
  std::vector<std::string> columns{"generating_law", "law", "rank", "delta_aic", "generator_first"};
  if (by_data) columns.push_back("data");
  auto t = io::read_text_csv(file, columns);
  if (by_data)
    for (std::size_t r = 0; r < t.rows(); ++r) t.columns[0][r] += " (" + t.columns[5][r] + ")";
  const std::string what = by_data ? "records" : "curves";
  io::Table tab{{by_data ? "generating law (record holds)" : "generating law", what, "ranked first",
                 "smallest AIC margin of the runner-up", "most frequent runner-up"},
                {},
                {}};
  for (const auto& [law, rows] : io::group_rows(t, 0)) {
    int datasets = 0, first = 0;
    double margin = INFINITY;
    std::map<std::string, int> runner_up;
    for (const std::size_t r : rows) {
      if (t.columns[2][r] == "1") ++datasets, first += t.columns[4][r] == "yes";
      if (t.columns[2][r] != "2") continue;
      margin = std::min(margin, io::number_or_nan(t.columns[3][r]));
      ++runner_up[t.columns[1][r]];
    }
    const auto most =
        std::max_element(runner_up.begin(), runner_up.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    tab.rows.push_back({law, std::to_string(datasets), std::to_string(first),
                        fmt::format("{:.4g}", margin),
                        most == runner_up.end() ? "-" : most->first});
    tab.row_class.push_back(first == datasets ? "ok" : "bad");
  }
  s.text(fmt::format(
             "The AIC ranking of the four laws on each {}: how often the law that made it ranked "
             "first, "
             "and by how much the second-best law trailed the best at the closest call (an AIC "
             "difference above 10 is usually read as decisive). ",
             by_data ? "record" : "curve") +
         io::colour_legend(tab, {{"ok", "green: the generating law ranked first on every " +
                                            std::string(by_data ? "record" : "curve")},
                                 {"bad", "red: another law ranked first on some " +
                                             std::string(by_data ? "record" : "curve")}}));
  s.table(tab);
}

void report_section(const std::filesystem::path& dir, io::Section& s) {
  const auto t = io::read_text_csv(dir / "coverage.csv",
                                   {"law", "true_value", "replicates", "mean_fitted", "sd_fitted",
                                    "mean_std_error", "coverage_z2", "generator_first"});
  io::Table tab{{"generating law", "damping parameter", "true damping", "curves", "mean fitted",
                 "spread of fits", "mean standard error", "fraction within 2 standard errors",
                 "fraction ranked first"},
                {},
                {}};
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const fit::ImpactLaw law = fit::find_impact_law(t.columns[0][r], "coverage.csv law");
    tab.rows.push_back(
        {t.columns[0][r],
         fmt::format("{} [{}]", fit::damping_parameter_name(law), fit::damping_parameter_unit(law)),
         io::number_text(t.columns[1][r], 4), t.columns[2][r], io::number_text(t.columns[3][r], 6),
         io::number_text(t.columns[4][r], 3), io::number_text(t.columns[5][r], 3),
         io::number_text(t.columns[6][r], 3), io::number_text(t.columns[7][r], 3)});
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
  detail::margin_table(dir / "ranking.csv", false, s);
  if (std::filesystem::exists(dir / "record_recovery.csv")) record_report_section(dir, s);
  if (std::filesystem::exists(dir / "published_fits.csv")) published_report_section(dir, s);
}

}  // namespace calib::studies::impact_fits
