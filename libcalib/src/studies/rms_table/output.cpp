// Output of the RMS-table study: CSVs, sidecars and the side-by-side report.
#include <cmath>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"
#include "calib/studies/rms_table.hpp"

// GCC 12 reports a false -Wmaybe-uninitialized for std::string alternatives of std::variant
// inside initializer lists (GCC bug 105562 family); the rows below are fully initialised.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace calib::studies::rms_table {

using io::number_or_blank;

void write(const Result& r, const Config& c, const RunContext& context) {
  const std::filesystem::path& out = context.out;
  const io::Provenance prov = context.provenance({{"rel_tol", c.solver.impact.rel_tol},
                       {"abs_tol", c.solver.impact.abs_tol},
                       {"cor_rel_tol", c.solver.cor_rel_tol},
                       {"n", c.n}}, {{"published", c.published.string()},
                       {"e_samples", r.e.size()},
                       {"ode_solves", r.ode_solves}});
  io::write_table(out / "rms_table.csv", {"a", "b", "I", "rms_percent", "rms_paper", "diff"},
                  [&](io::CsvWriter& w) {
                    for (const Cell& cell : r.cells)
                      w.row({cell.a, cell.b, cell.integral, cell.rms_percent,
                             number_or_blank(cell.rms_paper),
                             number_or_blank(cell.rms_percent - cell.rms_paper)});
                  },
                  prov);
  std::vector<std::string> header = {"a"};
  for (double b : c.b_values) header.push_back(fmt::format("b={}", b));
  io::write_table(out / "rms_table_wide.csv", header, [&](io::CsvWriter& w) {
    for (std::size_t i = 0; i < c.a_values.size(); ++i) {
      std::vector<io::CsvCell> row = {c.a_values[i]};
      for (std::size_t j = 0; j < c.b_values.size(); ++j)
        row.push_back(r.cells[i * c.b_values.size() + j].rms_percent);
      w.row(row);
    }
  }, prov);
  io::write_table(out / "h_numerical.csv", {"e", "h_ode", "h_algebraic", "rel_diff", "h_optimal_fit"},
                  [&](io::CsvWriter& w) {
                    for (std::size_t i = 0; i < r.e.size(); ++i)
                      w.row({r.e[i], r.h_ode[i], r.h_algebraic[i],
                             (r.h_ode[i] - r.h_algebraic[i]) / r.h_algebraic[i],
                             r.optimal_k * (1 - r.e[i]) / r.e[i]});
                  },
                  prov);
  io::write_table(out / "formula_cor.csv",
                  {"model", "e_in", "h", "h_num", "h_err_percent", "e_out", "cor_err"},
                  [&](io::CsvWriter& w) {
                    for (const auto& f : r.formulas)
                      for (std::size_t i = 0; i < r.e.size(); ++i)
                        w.row({f.model, r.e[i], f.h[i], r.h_ode[i],
                               100 * (f.h[i] - r.h_ode[i]) / r.h_ode[i], f.e_out[i],
                               f.e_out[i] - r.e[i]});
                  },
                  prov);
  io::write_table(out / "formula_errors.csv", {"model", "rms_h_percent", "max_abs_cor_error"},
                  [&](io::CsvWriter& w) {
                    for (const auto& f : r.formulas)
                      w.row({f.model, f.rms_h_percent, f.max_cor_error});
                  },
                  prov);
  nlohmann::json iso = nlohmann::json::array();
  for (auto [a, b] : r.iso_curve) iso.push_back({{"a", a}, {"b", b}});
  const nlohmann::json optimum = {{"optimal_integral", r.optimal_integral},
                                  {"optimal_k", r.optimal_k},
                                  {"optimal_rms_percent", r.optimal_rms},
                                  {"iso_integral_curve", iso},
                                  {"max_rel_diff_ode_vs_eq39", r.max_ode_vs_algebraic},
                                  {"paper_integral_1p5_5p5", 0.3180},
                                  {"paper_min_rms", 12.596}};
  io::write_json(out / "optimum.json", optimum, prov);
}

std::string report(const Result& r) {
  std::string s;
  s += fmt::format(
      "SF2020 Table 2 regenerated: RMS of 100(h_new - h_num)/h_num over {} values of e\n",
      r.e.size());
  s += fmt::format("numerical model: {} ODE solves; max |h_ode - h_eq39|/h = {:.2e}\n",
                   r.ode_solves, r.max_ode_vs_algebraic);
  s += fmt::format("{:>5} {:>5} {:>9} {:>10} {:>10} {:>9}\n", "a", "b", "I", "ours", "paper",
                   "diff");
  double worst = 0;
  for (const Cell& c : r.cells) {
    s += fmt::format("{:>5} {:>5} {:>9.5f} {:>10.3f} {:>10.3f} {:>+9.3f}\n", c.a, c.b, c.integral,
                     c.rms_percent, c.rms_paper, c.rms_percent - c.rms_paper);
    if (std::isfinite(c.rms_paper)) worst = std::max(worst, std::abs(c.rms_percent - c.rms_paper));
  }
  s += fmt::format("largest |ours - paper| = {:.3f} percentage points\n", worst);
  s += fmt::format(
      "continuous optimum (Ceres): I* = {:.6f}, k* = 2/(5I*) = {:.6f}, RMS = {:.4f} %"
      "  (paper: minimum 12.596 at a=1.5, b=5.5, I=0.3180, k=1.25)\n",
      r.optimal_integral, r.optimal_k, r.optimal_rms);
  s += "iso-I* valley b(a):";
  for (auto [a, b] : r.iso_curve) s += fmt::format(" ({:g}, {:.3f})", a, b);
  s += "\nformula            RMS h error %   max |e_out - e_in|\n";
  for (const auto& f : r.formulas)
    s += fmt::format("{:<26} {:>10.3f} {:>14.3e}\n", f.model, f.rms_h_percent, f.max_cor_error);
  return s;
}

}  // namespace calib::studies::rms_table
