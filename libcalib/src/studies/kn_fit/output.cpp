// Output of the K–n tables study: kn_tables.csv side by side with PINSLOT, per-fit curves.
#include <cmath>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::kn_fit {

std::string curve_file_name(const std::string& table, const std::string& model,
                            const std::string& material, const std::string& region,
                            const std::string& dR) {
  return fmt::format("table{}_{}_{}_dR{}.csv", table, model, material,
                     region.empty() ? dR : region.substr(0, 2));
}

void write(const Result& r, const Config& c, const RunContext& context) {
  const std::filesystem::path& out = context.out;
  const io::Provenance prov = context.provenance({{"W_min", c.protocol.W_min},
       {"W_max", c.protocol.W_max},
       {"W_step", c.protocol.W_step},
       {"weighting", c.protocol.weighting == fit::Weighting::none ? "none" : "relative"},
       {"error_floor_mm", c.protocol.error_floor},
       {"fit", "Ceres, W = K delta^n, started from the log-log line"}}, {{"published", c.published_tables.string()}, {"source", "PINSLOT Tables 2-9, 10-11"}});
  io::write_table(
      out / "kn_tables.csv",
      {"table", "model", "material", "region", "dR[mm]", "internal", "R_i[mm]", "K[N/mm^(n+1)]",
       "n", "max_err_percent", "K_paper[N/mm^(n+1)]", "n_paper", "max_err_paper",
       "K_se[N/mm^(n+1)]", "n_se", "flag", "note"},
      [&](io::CsvWriter& w) {
        for (const Row& row : r.rows)
          w.row({row.paper.table, row.paper.model, row.paper.material, row.paper.region,
                 row.paper.dR, std::string(row.contact.internal ? "yes" : "no"),
                 row.contact.R_i, row.ours.K, row.ours.n, row.ours.max_err_percent, row.paper.K,
                 row.paper.n, io::number_or_blank(row.paper.max_err), row.ours.K_se,
                 row.ours.n_se, row.flag, row.note});
      },
      prov);
  // Fitted power law vs implicit law, every 10th sample (the figure data). One small
  // file per fit, written side by side (serially).
  const auto curves = out / "curves";
  sweep::map_points<char>(
      r.rows.size(),
      [&](std::size_t k) {
        const auto& p = r.rows[k].paper;
        const auto& f = r.rows[k].ours;
        io::CsvWriter w(
            curves / curve_file_name(p.table, p.model, p.material, p.region, io::format_number(p.dR)),
            {"W[N/mm]", "delta[mm]", "W_fit[N/mm]", "rel_err_percent"});
        for (std::size_t i = 0; i < f.W.size(); i += 10) {
          const double wf = f.K * std::pow(f.delta[i], f.n);
          w.row({f.W[i], f.delta[i], wf, 100.0 * (wf - f.W[i]) / f.W[i]});
        }
        w.commit();
        return char{0};
      },
      sweep::Execution{context.threads});
}

std::string report(const Result& r) {
  std::string s =
      fmt::format("{:<5} {:<20} {:<9} {:>6} {:>11} {:>11} {:>7} {:>7} {:>7} {:>7}  {}\n", "table",
                  "model", "material", "dR", "K", "K paper", "n", "paper", "err%", "paper", "flag");
  int minor = 0, major = 0;
  for (const Row& row : r.rows) {
    const auto& p = row.paper;
    s += fmt::format(
        "{:<5} {:<20} {:<9} {:>6} {:>11.5g} {:>11.5g} {:>7.4f} {:>7.3f} {:>7.2f} {:>7} {}\n",
        p.table, p.model, p.material, p.region.empty() ? fmt::format("{}", p.dR) : p.region,
        row.ours.K, p.K, row.ours.n, p.n, row.ours.max_err_percent,
        std::isfinite(p.max_err) ? fmt::format("{:.1f}", p.max_err) : "-",
        row.flag.empty() ? "ok" : row.flag);
    if (!row.flag.empty()) (row.note == "last printed digit only" ? minor : major) += 1;
  }
  s += fmt::format(
      "{} entries: {} within the printed rounding, {} off by one unit of the last printed digit "
      "(~), "
      "{} beyond (explained in kn_tables.csv notes)\n",
      r.rows.size(), r.rows.size() - minor - major, minor, major);
  return s;
}

}  // namespace calib::studies::kn_fit
