// Output of the damping-fit study: CSVs (PN2020 Fig. 3–7, 9 data), fit_coefficients.json,
// sidecars and the side-by-side report against PN2020.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"
#include "calib/models/catalog.hpp"
#include "calib/studies/damping_fit.hpp"

namespace calib::studies::damping_fit {

namespace {

nlohmann::json coefficients_json(const Result& r, const Config& c) {
  const auto& a = r.alpha_quartic.parameters;
  const auto& b = r.beta_power.parameters;
  nlohmann::json j;
  j["alpha"] = {
      {"form", "alpha(n) = a4 n^4 + a3 n^3 + a2 n^2 + a1 n + a0 (PN2020 eq. 46)"},
      {"ours", {{"a4", a[4]}, {"a3", a[3]}, {"a2", a[2]}, {"a1", a[1]}, {"a0", a[0]}}},
      {"paper", {{"a4", 0.3331}, {"a3", -1.48}, {"a2", 3.077}, {"a1", -2.306}, {"a0", 1.794}}},
      {"fit_rms", r.alpha_quartic.residual_rms},
      {"fit_max", r.alpha_quartic.residual_max},
      {"rms_paper_vs_per_n_a3_-1.48", r.alpha_rms.paper},
      {"rms_paper_vs_per_n_a3_-1.49_reprint", r.alpha_rms.reprint}};
  j["beta"] = {{"form", "beta(n) = p n^q + r (PN2020 eq. 47)"},
               {"ours", {{"p", b[0]}, {"q", b[1]}, {"r", b[2]}}},
               {"paper", {{"p", 1.285}, {"q", 0.2553}, {"r", -1.725}}},
               {"fit_rms", r.beta_power.residual_rms},
               {"fit_max", r.beta_power.residual_max},
               {"rms_paper_vs_per_n_q_0.2553", r.beta_rms.paper},
               {"rms_paper_vs_per_n_q_0.2533_reprint", r.beta_rms.reprint}};
  j["c_rms_over_grid"] = {{"paper_a3_-1.48_q_0.2553", r.c_rms.paper},
                          {"reprint_a3_-1.49_q_0.2553", r.c_rms.reprint_alpha_paper_beta},
                          {"a3_-1.48_q_0.2533", r.c_rms.paper_alpha_reprint_beta},
                          {"reprint_a3_-1.49_q_0.2533", r.c_rms.reprint},
                          {"refit", r.c_rms.refit}};
  j["n_1"] = {{"alpha", r.at_n1.alpha},
              {"beta", r.at_n1.beta},
              {"alpha_paper_eq57", 1.4181},
              {"beta_paper_eq57", -0.44}};
  j["n_1.5"] = {{"alpha", r.at_n15.alpha},
                {"beta", r.at_n15.beta},
                {"alpha_paper_eq52", 1.95},
                {"beta_paper_eq52", -0.3}};
  j["closed_form"] = {
      {"form",
       "zeta = kappa^(1/(n+1)) (e^(-1/(n+1)) - 1) exp(t Q(t,n)), t = e^(1/(n+1)), kappa = (n+1)/2, "
       "Q = sum_ij q[i*n_terms+j] t^i (n-1.5)^j; c = zeta m v / delta_m"},
      {"e_terms", c.cf_e_terms},
      {"n_terms", c.cf_n_terms},
      {"q", r.closed_form.parameters},
      {"e_range", {c.cf_e_min, 1.0}},
      {"worst_abs_cor_error_at_fit_nodes", r.closed_form_worst}};
  j["scaling_worst_slope_deviation"] = r.worst_slope_deviation;
  j["eq57_worst_abs_cor_error"] = r.fig9_worst;
  j["grid_worst_rel_cor_error"] = r.worst_grid_rel_err;
  return j;
}

}  // namespace

void write(const Result& r, const Config& c, const RunContext& context) {
  const std::filesystem::path& out = context.out;
  const io::Provenance prov = context.provenance({{"rel_tol", c.solver.impact.rel_tol},
                       {"abs_tol", c.solver.impact.abs_tol},
                       {"cor_rel_tol", c.solver.cor_rel_tol}}, {{"ode_solves", r.solves}, {"source", "PN2020 §4.2, eq. 36-57"}});
  io::write_table(out / "copt_grid.csv", {"n", "e", "zeta", "c_opt[N*s/m]", "e_out"},
                  [&](io::CsvWriter& w) {
                    for (const auto& p : r.grid) w.row({p.n, p.e, p.zeta, p.c_opt, p.e_out});
                  },
                  prov);
  io::write_table(out / "alpha_beta.csv",
                  {"n", "alpha", "beta", "rms_resid", "max_resid", "alpha_paper", "beta_paper",
                   "alpha_fit", "beta_fit", "rms_resid_paper"},
                  [&](io::CsvWriter& w) {
                    const auto& a = r.alpha_quartic.parameters;
                    const auto& b = r.beta_power.parameters;
                    for (const auto& p : r.per_n) {
                      const double af =
                          (((a[4] * p.n + a[3]) * p.n + a[2]) * p.n + a[1]) * p.n + a[0];
                      w.row({p.n, p.alpha, p.beta, p.rms_resid, p.max_resid, p.alpha_paper,
                             p.beta_paper, af, b[0] * std::pow(p.n, b[1]) + b[2],
                             p.rms_resid_paper});
                    }
                  },
                  prov);
  io::write_table(out / "scaling.csv", {"sweep", "n", "value[kg|m/s|N/m^n]", "c_opt[N*s/m]", "e_out"},
                  [&](io::CsvWriter& w) {
                    for (const auto& p : r.scaling)
                      w.row({std::string(1, p.sweep), p.n, p.value, p.c_opt, p.e_out});
                  },
                  prov);
  io::write_table(out / "scaling_slopes.csv",
                  {"sweep", "n", "slope", "exact", "deviation", "intercept"},
                  [&](io::CsvWriter& w) {
                    for (const auto& s : r.slopes)
                      w.row({std::string(1, s.sweep), s.n, s.slope, s.exact, s.slope - s.exact,
                             s.intercept});
                  },
                  prov);
  io::write_table(out / "closed_form_check.csv",
                  {"n", "e", "zeta_exact", "zeta_fit", "e_out", "abs_err"},
                  [&](io::CsvWriter& w) {
                    for (const auto& p : r.closed_form_check)
                      w.row({p.n, p.e, p.zeta_exact, p.zeta_fit, p.e_out, std::abs(p.e_out - p.e)});
                  },
                  prov);
  io::write_table(out / "fig9_eq57.csv", {"e", "zeta_eq57", "e_exact", "abs_err"},
                  [&](io::CsvWriter& w) {
                    for (const auto& p : r.fig9)
                      w.row({p.e, p.zeta_eq57, p.e_exact, std::abs(p.e_exact - p.e)});
                  },
                  prov);
  io::write_json(out / "fit_coefficients.json", coefficients_json(r, c), prov);
}

std::string report(const Result& r) {
  const auto& a = r.alpha_quartic.parameters;
  const auto& b = r.beta_power.parameters;
  std::string s;
  s += fmt::format(
      "PN2020 §4.2.4 grid: {} points, worst |e_out-e|/e = {:.2e}; {} ODE solves in total\n",
      r.grid.size(), r.worst_grid_rel_err, r.solves);
  s += "alpha(n) quartic (eq. 46)      ours            paper\n";
  const char* names[] = {"a0 (1)", "a1 (n)", "a2 (n^2)", "a3 (n^3)", "a4 (n^4)"};
  const double paper_a[] = {1.794, -2.306, 3.077, -1.48, 0.3331};
  for (int i = 0; i < 5; ++i)
    s += fmt::format("  {:<26} {:>12.5f}   {:>10.4f}\n", names[i], a[i], paper_a[i]);
  s += fmt::format(
      "beta(n) = p n^q + r (eq. 47)   p={:.5f} q={:.5f} r={:.5f}   paper p=1.285 q=0.2553 "
      "r=-1.725\n",
      b[0], b[1], b[2]);
  s += fmt::format(
      "  distance to our per-n alpha: RMS {:.3e} (-1.48 n^3, PN2020) vs {:.3e} (-1.49 n^3, "
      "reprint); "
      "per-n beta: {:.3e} (n^0.2553) vs {:.3e} (n^0.2533) -- not decisive, see below\n",
      r.alpha_rms.paper, r.alpha_rms.reprint, r.beta_rms.paper, r.beta_rms.reprint);
  s += fmt::format(
      "  eq. 49 c residual RMS over the grid: paper {:.3e} | reprint -1.49 n^3 {:.3e} | n^0.2533 "
      "{:.3e} | "
      "both reprint changes {:.3e} | our refit {:.3e}\n",
      r.c_rms.paper, r.c_rms.reprint_alpha_paper_beta, r.c_rms.paper_alpha_reprint_beta,
      r.c_rms.reprint, r.c_rms.refit);
  s += fmt::format(
      "  -> the c_opt data support {} (the alpha-beta valley of eq. 45 is flat: distant (alpha, "
      "beta) "
      "pairs fit c almost equally well, so only the c residual decides)\n",
      r.c_rms.paper <= std::min({r.c_rms.reprint_alpha_paper_beta, r.c_rms.paper_alpha_reprint_beta,
                                 r.c_rms.reprint})
          ? "the PN2020 printing (-1.48 n^3, n^0.2553)"
          : "a reprint variant");
  s += fmt::format("n = 1   (eq. 57): alpha {:.5f} beta {:.5f}   paper 1.4181, -0.44\n",
                   r.at_n1.alpha, r.at_n1.beta);
  s += fmt::format("n = 3/2 (eq. 52): alpha {:.5f} beta {:.5f}   paper 1.95, -0.3\n",
                   r.at_n15.alpha, r.at_n15.beta);
  double worst_fit = 0;
  for (const auto& p : r.per_n) worst_fit = std::max(worst_fit, p.max_resid);
  s +=
      fmt::format("eq. 45 per-n fits: worst residual {:.3e} (c_opt units at m=k=v=1)\n", worst_fit);
  s += fmt::format("scaling sweeps (eq. 36, 39, 42): {} slopes, worst |slope - exact| = {:.2e}\n",
                   r.slopes.size(), r.worst_slope_deviation);
  s += fmt::format(
      "PN2020 Fig. 9: eq. 57 in the exact Kelvin-Voigt e (n = 1): worst |e_exact - e| = {:.2e} on "
      "[1e-4, 1]\n",
      r.fig9_worst);
  s += fmt::format(
      "libcalib closed form ({} coefficients): worst |e_out - e| = {:.2e} at the fit nodes\n",
      r.closed_form.parameters.size(), r.closed_form_worst);
  return s;
}

}  // namespace calib::studies::damping_fit
