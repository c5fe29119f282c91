// Report section of the impact_fits study's measured curves: per dataset its source, the four
// fits ranked by AIC and what the best law's residuals show at the ends of the measured range,
// every number read from published_datasets.csv, published_fits.csv and published_points.csv.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/studies/impact_fits.hpp"

namespace calib::studies::impact_fits {

namespace {

// The rows of `t` whose first column is `dataset`.
std::vector<std::size_t> rows_of(const io::TextTable& t, const std::string& dataset) {
  std::vector<std::size_t> out;
  for (std::size_t r = 0; r < t.rows(); ++r)
    if (t.columns[0][r] == dataset) out.push_back(r);
  return out;
}

// The best law's residual e_model − e at the slowest and the fastest measured impact.
std::string end_residuals(const io::TextTable& points, const std::string& dataset,
                          const std::string& best) {
  std::size_t slow = points.rows(), fast = points.rows();
  const auto v = [&](std::size_t r) { return io::number_or_nan(points.columns[2][r]); };
  for (const std::size_t r : rows_of(points, dataset)) {
    if (points.columns[1][r] != best) continue;
    if (slow == points.rows() || v(r) < v(slow)) slow = r;
    if (fast == points.rows() || v(r) > v(fast)) fast = r;
  }
  if (slow == points.rows()) return "";
  return fmt::format(
      " The residuals of the {} law (fitted e minus measured) are {} at the slowest impact "
      "({} m/s) and {} at the fastest ({} m/s).",
      best, io::number_text(points.columns[4][slow], 2), io::number_text(points.columns[2][slow]),
      io::number_text(points.columns[4][fast], 2), io::number_text(points.columns[2][fast]));
}

}  // namespace

void published_report_section(const std::filesystem::path& dir, io::Section& s) {
  const auto sets =
      io::read_text_csv(dir / "published_datasets.csv",
                        {"dataset", "file", "source", "m[kg]", "K[N/m^n]", "n", "points"});
  const auto fits = io::read_text_csv(
      dir / "published_fits.csv",
      {"dataset", "rank", "law", "parameter", "unit", "value", "std_error", "rms_residual"});
  const auto ranks = io::read_text_csv(dir / "published_fits.csv",
                                       {"aic", "delta_aic", "akaike_weight", "status"});
  const auto points = io::read_text_csv(dir / "published_points.csv",
                                        {"dataset", "law", "v_in[m/s]", "e", "residual"});
  s.heading("Measured restitution curves", 3);
  for (std::size_t d = 0; d < sets.rows(); ++d) {
    const std::string& name = sets.columns[0][d];
    io::Table tab{{"rank", "law", "fitted damping (± standard error)", "rms residual", "AIC",
                   "AIC above the best", "Akaike weight", "status"},
                  {},
                  {}};
    std::string ranking;
    for (const std::size_t r : rows_of(fits, name)) {
      const auto& c = fits.columns;
      const std::string unit = c[4][r] == "-" ? "" : " " + c[4][r];
      tab.rows.push_back({c[1][r], c[2][r],
                          fmt::format("{} = {} ± {}{}", c[3][r], io::number_text(c[5][r], 4),
                                      io::number_text(c[6][r], 2), unit),
                          io::number_text(c[7][r], 3), io::number_text(ranks.columns[0][r], 4),
                          io::number_text(ranks.columns[1][r], 3),
                          io::number_text(ranks.columns[2][r], 3), ranks.columns[3][r]});
      tab.row_class.push_back(c[1][r] == "1" ? "ok" : "");
      ranking +=
          fmt::format("{}{} ({})", ranking.empty() ? "" : ", then ", c[2][r],
                      c[1][r] == "1" ? "lowest AIC"
                                     : "AIC " + io::number_text(ranks.columns[1][r], 3) + " above");
    }
    const std::string best = tab.rows.empty() ? "" : tab.rows.front()[1];
    s.text(fmt::format(
               "Measured data, not synthetic: {} ({} points; {}). Every law is fitted to it "
               "exactly as `calib fit-impact --law all` fits a restitution curve: the effective "
               "mass m = {} kg, the stiffness K = {} N/m^n and the exponent n = {} fixed, the "
               "damping parameter fitted. By AIC: {}. None of the four laws has a loss term "
               "that does not depend on the speed: each loses energy only through its one "
               "damping parameter, in a force proportional to the rate of approach (the tsuji "
               "law's e is the same at every speed, yet comes from that one term too), so a "
               "measured loss that persists as the speed falls leaves a trend with speed in the "
               "residuals of even the best law.{} ",
               name, sets.columns[6][d], sets.columns[2][d], sets.columns[3][d],
               io::number_text(sets.columns[4][d], 4), io::number_text(sets.columns[5][d]), ranking,
               end_residuals(points, name, best)) +
           io::colour_legend(tab, {{"ok", "green: the law with the lowest AIC"}}));
    s.table(tab);
  }
}

}  // namespace calib::studies::impact_fits
