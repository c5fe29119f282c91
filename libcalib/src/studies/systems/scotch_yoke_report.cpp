// The Scotch-yoke part (PINSLOT §4) in the report: figure data for Figs. 11–16, the geometry
// reading's status, the laws used, the statements table, and the summary lines.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/io/document.hpp"
#include "scotch_yoke_part.hpp"

namespace calib::studies::systems {

namespace fs = std::filesystem;

void scotch_yoke_figure_data(const fs::path& in, const fs::path& work, io::GnuplotVars& v) {
  v["n_yoke_models"] = "0";
  if (!fs::exists(in / "scotch_yoke_series.csv")) return;  // a config without the part
  const auto t = io::read_result(in, "scotch_yoke_series.csv",
                                 {"model", "angle[deg]", "force[N]", "delta[m]", "x_slider[m]",
                                  "v_slider[m/s]", "a_slider[m/s^2]"});
  io::DataBlocks b(work / "yoke_series.dat");
  for (const auto& [model, rows] : io::group_rows(t, 0)) {
    b.block(model, 6);
    for (auto r : rows)
      b.row({t.columns[1][r], t.columns[2][r], t.columns[3][r], t.columns[4][r], t.columns[5][r],
             t.columns[6][r]});
  }
  v["n_yoke_models"] = std::to_string(b.count());
  // Fig. 15 (a contact and its rebound): per model, the contact of the second revolution that
  // reaches the largest force, i.e. its hardest impact.
  const auto h = io::read_result(in, "scotch_yoke_hysteresis.csv",
                                 {"model", "contact", "angle_start[deg]", "delta[m]", "force[N]"});
  io::DataBlocks loops(work / "yoke_loops.dat");
  for (const auto& [model, rows] : io::group_rows(h, 0)) {
    const auto hardest = *std::max_element(rows.begin(), rows.end(), [&](auto a, auto b) {
      return io::number_or_nan(h.columns[4][a]) < io::number_or_nan(h.columns[4][b]);
    });
    const std::string& contact = h.columns[1][hardest];
    loops.block(
        fmt::format("{}, contact at {:.1f} deg", model, io::number_or_nan(h.columns[2][hardest])),
        2);
    for (auto r : rows)
      if (h.columns[1][r] == contact) loops.row({h.columns[3][r], h.columns[4][r]});
  }
  v["n_yoke_loops"] = std::to_string(loops.count());
}

namespace {

io::Table statements_table(const fs::path& dir) {
  const auto csv = io::read_text_csv(dir / "scotch_yoke_statements.csv",
                                     {"holds", "paper", "measure", "result"});
  io::Table t{{"PINSLOT §4 states", "measured here as", "holds", "numbers"}, {}, {}};
  for (std::size_t r = 0; r < csv.rows(); ++r) {
    const bool holds = csv.columns[0][r] == "true";
    t.rows.push_back({csv.columns[1][r], csv.columns[2][r], holds ? "holds" : "does not hold",
                      csv.columns[3][r]});
    t.row_class.push_back(holds ? "ok" : "bad");
  }
  return t;
}

io::Table laws_table(const fs::path& dir) {
  const auto csv =
      io::read_text_csv(dir / "scotch_yoke_laws.csv", {"model", "region", "K[N/mm^n]", "n"});
  io::Table t{{"model", "region", "K [N/mm^n]", "n"}, {}, {}};
  for (std::size_t r = 0; r < csv.rows(); ++r) {
    t.rows.push_back({csv.columns[0][r], csv.columns[1][r], io::number_text(csv.columns[2][r], 5),
                      io::number_text(csv.columns[3][r], 5)});
    t.row_class.push_back("");
  }
  return t;
}

}  // namespace

void scotch_yoke_section(const fs::path& dir, io::Section& s) {
  if (!fs::exists(dir / "scotch_yoke_statements.csv")) return;
  s.text(
      "PINSLOT §4 Scotch yoke with a circular guide: the pin in a circular-arc slot is the only "
      "clearance (Table 10: crank at a constant 24π rad/s, gravity omitted, steel 207 GPa and "
      "0.3, two 1 kg masses at the slider's ends, damping α = 0.32 s/m with m = 1). Geometry "
      "reading: the masses, inertias, slot radii, pin radius, arc angle and initial crank angle "
      "are Table 10's; the crank length (50 mm), the side of the arc's centre (away from the "
      "crank pivot), the slider's mass centre at the arc's centre and the contact length (1 mm, "
      "Table 11's K in N/mm^n as printed) are read from the paper's Figure 8 or chosen, not "
      "printed, and were not adjusted to make a statement hold. K and n of every model and "
      "region are libcalib's own fit of Table 11 (the kn-fit study):");
  s.table(laws_table(dir));
  const io::Table statements = statements_table(dir);
  s.text(
      "The paper's statements on the second crank revolution, measured on these runs. The first "
      "and third depend on where the slider's inertia force changes sign, i.e. on the layout "
      "read from Figure 8. " +
      io::colour_legend(statements,
                        {{"ok", "green: holds"}, {"bad", "red: does not hold with this reading"}}));
  s.table(statements);
}

std::string scotch_yoke_summary(const ScotchYokeResult& r) {
  if (r.runs.empty()) return "";
  std::string s = "Scotch yoke (PINSLOT §4): contacts in both revolutions per model:";
  for (const auto& run : r.runs) s += fmt::format(" {} {}", run.model, run.result.impacts.size());
  s += "\n";
  for (const auto& st : r.statements)
    s += fmt::format("  {:<44} {:<14} {}\n", st.name, st.holds ? "holds" : "does not hold",
                     st.result);
  return s;
}

}  // namespace calib::studies::systems
