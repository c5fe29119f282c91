// Output of the validation study: validation.csv, validation_summary.csv, sidecars, report.
#include <cmath>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"
#include "calib/studies/validate.hpp"

namespace calib::studies::validate {

namespace {
using io::number_or_blank;
std::string clamp_name(bool clamp) { return clamp ? "on" : "off"; }
}  // namespace

void write(const Result& r, const Config& c, const RunContext& context) {
  const std::filesystem::path& out = context.out;
  nlohmann::json formulas = nlohmann::json::array();
  for (const Formula& f : c.formulas)
    formulas.push_back({{"name", f.name},
                        {"expression", f.expression.value_or("")},
                        {"family", family_name(f.family)},
                        {"clamp", f.clamp},
                        {"fitted_e_min", f.fitted_e_min}});
  const io::Provenance prov = context.provenance({{"rel_tol", c.solver.rel_tol},
                       {"abs_tol", c.solver.abs_tol},
                       {"units", c.physical_units ? "physical (SI-unit ODE)" : "dimensionless"}}, {{"formulas", formulas},
                       {"samples_per_e", c.samples},
                       {"seed", c.seed},
                       {"ranges", {{"m", c.m}, {"k", c.k}, {"v", c.v}, {"n", c.n}}},
                       {"ode_solves", r.solves},
                       {"source", "PN2020 §5.1, Fig. 8 (generalised)"}});
  io::write_table(out / "validation.csv",
                  {"formula", "clamp", "e", "max_abs_err", "median_abs_err", "p95_abs_err",
                   "samples", "failures"},
                  [&](io::CsvWriter& w) {
                    for (const Row& row : r.rows)
                      w.row({row.formula, clamp_name(row.clamp), row.e,
                             number_or_blank(row.max_abs_err), number_or_blank(row.median_abs_err),
                             number_or_blank(row.p95_abs_err),
                             static_cast<std::int64_t>(row.samples),
                             static_cast<std::int64_t>(row.failures)});
                  },
                  prov);
  io::write_table(out / "validation_summary.csv",
                  {"formula", "clamp", "worst_in_range", "e_at_worst_in_range",
                   "worst_outside_range", "e_at_worst_outside"},
                  [&](io::CsvWriter& w) {
                    for (const Summary& s : r.summary)
                      w.row({s.formula, clamp_name(s.clamp), number_or_blank(s.worst_in_range),
                             s.e_worst_in_range, number_or_blank(s.worst_outside),
                             s.e_worst_outside});
                  },
                  prov);
}

std::string report(const Result& r) {
  std::string s = fmt::format("{} e values x {} formulas, {} simulated impacts\n", r.e_grid.size(),
                              r.summary.size(), r.solves);
  s += fmt::format("{:<24} {:>5} {:>16} {:>10} {:>16} {:>10}\n", "formula", "clamp",
                   "worst |e_out-e|", "at e", "outside fit", "at e");
  for (const Summary& x : r.summary)
    s += fmt::format("{:<24} {:>5} {:>16.3e} {:>10.4g} {:>16} {:>10}\n", x.formula,
                     clamp_name(x.clamp), x.worst_in_range, x.e_worst_in_range,
                     x.worst_outside > 0 ? fmt::format("{:.3e}", x.worst_outside) : "-",
                     x.worst_outside > 0 ? fmt::format("{:.4g}", x.e_worst_outside) : "-");
  return s;
}

}  // namespace calib::studies::validate
