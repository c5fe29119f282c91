// Figure data of the impact_fits study for tools/plot/impact_fits.gp: recovery.csv's z of each
// curve (one block per generating law), from record_example.csv the first record kind's
// records with every law's fit and residual, and the measured curves with every law's e(v).
#include <string>

#include <fmt/format.h>

#include "calib/studies/impact_fits.hpp"

namespace calib::studies::impact_fits {

namespace {

// record_data.dat: block i, the record of generating law i (t, F or δ). record_fits.dat: block
// 4i + j, law j's fit to it (t, model, residual in σ). F when the record holds it, else δ.
io::GnuplotVars record_figure_data(const std::filesystem::path& in,
                                   const std::filesystem::path& work) {
  if (!std::filesystem::exists(in / "record_example.csv")) return {{"has_records", "0"}};
  const auto t = io::read_result(
      in, "record_example.csv",
      {"generating_law", "data", "law", "t[s]", "force[N]", "force_model[N]",
       "force_residual[sigma_F]", "delta[m]", "delta_model[m]", "delta_residual[sigma_delta]"});
  const std::string kind = t.rows() ? t.columns[1][0] : "";
  const bool force = kind != "delta";
  const std::size_t value = force ? 4 : 7;  // data, then model and residual beside it
  io::DataBlocks data(work / "record_data.dat"), fits(work / "record_fits.dat");
  for (const auto& [generator, rows] : io::group_rows(t, 0)) {
    data.block(generator, 2);
    std::string current;
    for (const std::size_t r : rows) {
      if (t.columns[1][r] != kind) continue;
      if (t.columns[2][r] != current) {
        current = t.columns[2][r];
        fits.block(current, 3);
      }
      if (current == generator) data.row({t.columns[3][r], io::gnuplot_cell(t.columns[value][r])});
      fits.row({t.columns[3][r], io::gnuplot_cell(t.columns[value + 1][r]),
                io::gnuplot_cell(t.columns[value + 2][r])});
    }
  }
  return {{"has_records", "1"},
          {"record_quantity", force ? "'force'" : "'delta'"},
          {"record_kind", "'" + kind + "'"}};
}

// published_data.dat: block d, measured curve d (v, e). published_fits.dat: block 4d + j, law
// j's e(v) over that curve's speeds (v, e_model).
io::GnuplotVars published_figure_data(const std::filesystem::path& in,
                                      const std::filesystem::path& work) {
  if (!std::filesystem::exists(in / "published_curve.csv")) return {{"n_published", "0"}};
  const auto points =
      io::read_result(in, "published_points.csv", {"dataset", "law", "v_in[m/s]", "e"});
  const auto curve =
      io::read_result(in, "published_curve.csv", {"dataset", "law", "v_in[m/s]", "e_model"});
  io::DataBlocks data(work / "published_data.dat"), fits(work / "published_fits.dat");
  std::string labels;
  for (const auto& [dataset, rows] : io::group_rows(points, 0)) {
    labels += (labels.empty() ? "" : " ") + dataset;  // labels hold no spaces (a file stem)
    data.block(dataset, 2);
    for (const std::size_t r : rows)
      if (points.columns[1][r] == points.columns[1][rows.front()])  // each point once
        data.row({points.columns[2][r], points.columns[3][r]});
  }
  std::string current;
  for (std::size_t r = 0; r < curve.rows(); ++r) {
    const std::string key = curve.columns[0][r] + " " + curve.columns[1][r];
    if (key != current) fits.block(curve.columns[1][r], 2), current = key;
    fits.row({curve.columns[2][r], io::gnuplot_cell(curve.columns[3][r])});
  }
  return {{"n_published", std::to_string(data.count())}, {"published_labels", "'" + labels + "'"}};
}

}  // namespace

io::GnuplotVars figure_data(const std::filesystem::path& in, const std::filesystem::path& work) {
  const auto t = io::read_result(in, "recovery.csv", {"law", "replicate", "z"});
  io::DataBlocks blocks(work / "z_scores.dat");
  int law = 0;
  std::string names;
  for (const auto& [name, rows] : io::group_rows(t, 0)) {
    ++law;
    names += (names.empty() ? "" : " ") + name;  // law names hold no spaces
    blocks.block(name, 2);
    // x: the law's position 1..4, the replicates spread over ±0.3 around it.
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const double spread = rows.size() > 1 ? 0.6 * k / (rows.size() - 1.0) - 0.3 : 0.0;
      blocks.row({fmt::format("{}", law + spread), io::gnuplot_cell(t.columns[2][rows[k]])});
    }
  }
  io::GnuplotVars vars = record_figure_data(in, work);
  vars.merge(published_figure_data(in, work));
  vars["n_laws"] = std::to_string(blocks.count());
  vars["law_names"] = "'" + names + "'";
  return vars;
}

}  // namespace calib::studies::impact_fits
