// Report section of the validate study: its tables next to the published values.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/io/csv.hpp"
#include "calib/studies/validate.hpp"

namespace calib::studies::validate {

namespace fs = std::filesystem;
using nlohmann::json;

void report_section(const fs::path& dir, io::Section& s) {
  const auto t = io::read_text_csv(dir / "validation_summary.csv",
                                   {"formula", "clamp", "worst_in_range", "e_at_worst_in_range",
                                    "worst_outside_range", "e_at_worst_outside"});
  io::Table v{
      {"formula", "clamp", "worst |e_out - e| (fitted range)", "at e", "worst outside", "at e"},
      {},
      {}};
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const double w = io::number_or_nan(t.columns[2][r]);
    v.rows.push_back({t.columns[0][r], t.columns[1][r], io::number_text(t.columns[2][r], 3),
                      io::number_text(t.columns[3][r], 4),
                      t.columns[4][r].empty() || io::number_or_nan(t.columns[4][r]) == 0
                          ? "-"
                          : io::number_text(t.columns[4][r], 3),
                      t.columns[4][r].empty() || io::number_or_nan(t.columns[4][r]) == 0
                          ? "-"
                          : io::number_text(t.columns[5][r], 4)});
    v.row_class.push_back(w <= 1e-8 ? "ok" : w <= 1e-3 ? "" : w <= 1e-2 ? "minor" : "bad");
  }
  s.text("Rows coloured by the \"worst |e_out - e| (fitted range)\" column. " +
         io::colour_legend(v, {{"ok", "green: up to 1e-8 (exact to the solver)"},
                               {"", "no colour: up to 1e-3"},
                               {"minor", "yellow: up to 1e-2"},
                               {"bad", "red: above 1e-2"}}));
  s.table(v);
}

}  // namespace calib::studies::validate
