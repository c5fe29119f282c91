// Report section of the kn_fit study: its tables next to the published values.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/io/csv.hpp"
#include "calib/studies/kn_fit.hpp"

namespace calib::studies::kn_fit {

namespace fs = std::filesystem;
using nlohmann::json;

void report_section(const fs::path& dir, io::Section& s) {
  const auto t =
      io::read_text_csv(dir / "kn_tables.csv", {"table", "model", "material", "region", "dR[mm]", "K[N/mm^(n+1)]",
                                                "n", "max_err_percent", "K_paper[N/mm^(n+1)]", "n_paper"});
  const auto u = io::read_text_csv(dir / "kn_tables.csv", {"max_err_paper", "flag", "note"});
  io::Table k{{"table", "model", "material", "dR [mm]", "K [N/mm^(n+1)]", "K paper", "n", "n paper", "max err %",
               "paper", "flag", "note"},
              {},
              {}};
  int minor = 0, bad = 0;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::string& flag = u.columns[1][r];
    const bool is_minor = !flag.empty() && u.columns[2][r] == "last printed digit only";
    k.rows.push_back({t.columns[0][r], t.columns[1][r], t.columns[2][r],
                      t.columns[3][r].empty() ? t.columns[4][r] : t.columns[3][r],
                      io::number_text(t.columns[5][r], 5), io::number_text(t.columns[8][r], 5),
                      io::number_text(t.columns[6][r], 4), t.columns[9][r],
                      io::number_text(t.columns[7][r], 3),
                      u.columns[0][r].empty() ? "-" : u.columns[0][r], flag.empty() ? "ok" : flag,
                      is_minor ? "" : u.columns[2][r]});
    k.row_class.push_back(flag.empty() ? "ok" : is_minor ? "minor" : "bad");
    minor += is_minor;
    bad += !flag.empty() && !is_minor;
  }
  s.text(
      fmt::format("{} entries: {} within the printed rounding (green), {} off by one unit of the "
                  "last printed digit "
                  "(yellow), {} beyond (red, with our explanation in the \"note\" column).",
                  t.rows(), t.rows() - minor - bad, minor, bad));
  s.table(k);
}

}  // namespace calib::studies::kn_fit
