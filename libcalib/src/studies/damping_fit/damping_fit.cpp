#include "calib/studies/damping_fit.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/models/exact_damping.hpp"
#include "calib/sweep/sweep.hpp"
#include "calibrate/solver_config.hpp"
#include "core/checks.hpp"

namespace calib::studies::damping_fit {

namespace {

std::vector<double> linspace(double a, double b, int count) {
  std::vector<double> v;
  for (int i = 0; i < count; ++i) v.push_back(count == 1 ? a : a + (b - a) * i / (count - 1.0));
  return v;
}

int read_count(const io::ConfigNode& t, const std::string& key, int fallback, int minimum,
               int maximum = 1'000'000) {
  const auto v = t.integer(key, fallback);
  if (v < minimum || v > maximum)
    throw InputError(fmt::format("{}: must be in [{}, {}], got {}", t.where(key), minimum, maximum, v));
  return static_cast<int>(v);
}

// A grid of a × b calibrations must stay below the sweep engine's point limit (a typo of
// 10^6 × 10^6 would run for years).
void require_grid_size(const io::ConfigNode& t, const std::string& key, long long a, long long b) {
  if (a * b > static_cast<long long>(sweep::kDefaultMaxPoints))
    throw InputError(fmt::format("{}: the grid has {} x {} = {} points, more than {}", t.where(key), a, b,
                                 a * b, sweep::kDefaultMaxPoints));
}

// [low, high]: quantities of q (m, v: "10mg"), or numbers in SI without q (k, whose unit N/m^n
// changes with n from point to point).
std::array<double, 2> read_range(const io::ConfigNode& t, const std::string& key,
                                 std::array<double, 2> fallback,
                                 const units::Quantity* q = nullptr) {
  if (!t.has(key)) return fallback;
  const auto v = q ? t.quantities(key, *q) : t.numbers(key);
  if (v.size() != 2 || !(v[0] > 0) || !(v[1] > v[0]))
    throw InputError(fmt::format("{}: need [low, high] with 0 < low < high", t.where(key)));
  return {v[0], v[1]};
}

}  // namespace

Config Config::defaults() { return Config{}; }

Config Config::from(const io::ConfigNode& node) {
  Config c;
  if (auto g = node.optional_table("grid")) {
    c.n_count = read_count(*g, "n_count", c.n_count, 5);  // the quartic α(n) needs 5
    c.e_count = read_count(*g, "e_count", c.e_count, 3);
    require_grid_size(*g, "e_count", c.n_count, c.e_count);
    c.e_from = require_cor(g->where("e_from"), g->number("e_from", c.e_from));
    c.e_to = require_cor(g->where("e_to"), g->number("e_to", c.e_to));
    if (!(c.e_from < c.e_to))
      throw InputError(fmt::format("{}: must be < e_to", g->where("e_from")));
  }
  if (auto s = node.optional_table("scaling")) {
    c.scaling_n_count = read_count(*s, "n_count", c.scaling_n_count, 1);
    c.scaling_count = read_count(*s, "count", c.scaling_count, 2);
    require_grid_size(*s, "count", c.scaling_n_count, c.scaling_count);
    c.scaling_e = require_cor(s->where("e"), s->number("e", c.scaling_e));
    if (c.scaling_e == 1.0)
      throw InputError(fmt::format("{}: must be < 1 (c_opt = 0 at e = 1)", s->where("e")));
    c.m_range = read_range(*s, "m", c.m_range, &units::mass);
    c.v_range = read_range(*s, "v", c.v_range, &units::speed);
    c.k_range = read_range(*s, "k", c.k_range);
  }
  if (auto f = node.optional_table("closed_form")) {
    c.cf_e_min = require_in_range(f->where("e_min"), f->number("e_min", c.cf_e_min), 1e-8, 0.4);
    c.cf_e_count = read_count(*f, "e_count", c.cf_e_count, 10);
    c.cf_n_count = read_count(*f, "n_count", c.cf_n_count, 2);
    require_grid_size(*f, "n_count", c.cf_e_count, c.cf_n_count);
    // Q(t, n) is a small polynomial (5 × 4 shipped); beyond 10 × 10 the fit is meaningless.
    c.cf_e_terms = read_count(*f, "e_terms", c.cf_e_terms, 1, 10);
    c.cf_n_terms = read_count(*f, "n_terms", c.cf_n_terms, 1, 10);
    c.cf_minimax_rounds = read_count(*f, "minimax_rounds", c.cf_minimax_rounds, 0, 50);
  }
  if (auto s = node.optional_table("solver")) calibrate::read_calibration_solver(*s, c.solver);
  node.reject_unknown();
  c.as_json = node.to_json();
  return c;
}

namespace {

// c_opt at m = k = v = 1 from ζ*: c = ζ/κ^{1/(n+1)} (PN2020 eq. 27 with δ_m = κ^{1/(n+1)}).
double unit_c(double zeta, double n) {
  return to_physical_damping(Family::linear_damper, zeta, 1, 1, 1, n);
}

PerN fit_one_n(double n, const std::vector<double>& e, const std::vector<double>& c) {
  const auto rep = fit::fit_alpha_beta(e, c, -1.0 / (n + 1.0));
  // The paper's (α, β) on the same samples: the α–β valley is flat, so quite different pairs fit.
  const double ap = models::pn2020_alpha(n), bp = models::pn2020_beta(n);
  double s = 0;
  for (std::size_t i = 0; i < e.size(); ++i)
    s += std::pow(ap * (std::pow(e[i], bp) - 1.0) - c[i], 2);
  return {n,
          rep.parameters[0],
          rep.parameters[1],
          rep.residual_rms,
          rep.residual_max,
          ap,
          bp,
          std::sqrt(s / static_cast<double>(e.size()))};
}

// Per-n (e, c_opt) samples at m = k = v = 1 over the grid's e values.
std::pair<std::vector<double>, std::vector<double>> samples_at(const Config& c, double n,
                                                               std::size_t& solves) {
  std::vector<double> e = linspace(c.e_from, c.e_to, c.e_count), copt;
  for (double ei : e) {
    const auto cal = calibrate::zeta_exact(ei, n, c.solver);
    solves += static_cast<std::size_t>(cal.solves);
    copt.push_back(unit_c(cal.damping, n));
  }
  return {e, copt};
}

// The calibrated c_opt over the n × e grid (row-major in n), in parallel over the points.
void calibrate_grid(const Config& c, const std::vector<double>& ns, const std::vector<double>& es,
                    const sweep::Execution& execution, Result& r) {
  struct Cell {
    GridPoint p;
    int solves;
  };
  const auto cells = sweep::map_points<Cell>(
      ns.size() * es.size(),
      [&](std::size_t i) {
        const double n = ns[i / es.size()], e = es[i % es.size()];
        const auto cal = calibrate::zeta_exact(e, n, c.solver);
        return Cell{{n, e, cal.damping, unit_c(cal.damping, n), cal.e_out}, cal.solves};
      },
      execution);
  for (const Cell& cell : cells) {
    r.grid.push_back(cell.p);
    r.solves += static_cast<std::size_t>(cell.solves);
    r.worst_grid_rel_err =
        std::max(r.worst_grid_rel_err, std::abs(cell.p.e_out - cell.p.e) / cell.p.e);
  }
}

// Per-n fits of eq. 45 to the grid's rows, in parallel over n.
void fit_per_n(const std::vector<double>& ns, const std::vector<double>& es,
               const sweep::Execution& execution, Result& r) {
  r.per_n = sweep::map_points<PerN>(
      ns.size(),
      [&](std::size_t in) {
        std::vector<double> e, copt;
        for (std::size_t j = 0; j < es.size(); ++j) {
          e.push_back(es[j]);
          copt.push_back(r.grid[in * es.size() + j].c_opt);
        }
        return fit_one_n(ns[in], e, copt);
      },
      execution);
}

// The two printings of eq. 46 and eq. 47: PN2020 (−1.48 n³, exponent 0.2553) and the reprints in
// the effective-mass paper (−1.49 n³, exponent 0.2533).
double alpha_printed_paper(double n) { return models::pn2020_alpha(n); }
double alpha_printed_reprint(double n) { return models::pn2020_alpha(n) - 0.01 * n * n * n; }
double beta_printed_paper(double n) { return models::pn2020_beta(n); }
double beta_printed_reprint(double n) { return 1.285 * std::pow(n, 0.2533) - 1.725; }

// α(n) and β(n) refitted in the forms of eq. 46 and eq. 47, and the RMS gaps of both printings
// to the per-n fits.
void fit_alpha_beta_of_n(Result& r) {
  std::vector<double> n, alpha, beta;
  for (const PerN& p : r.per_n) {
    n.push_back(p.n);
    alpha.push_back(p.alpha);
    beta.push_back(p.beta);
  }
  r.alpha_quartic = fit::fit_polynomial(n, alpha, 4);                      // eq. 46 form
  r.beta_power = fit::fit_power_offset(n, beta, {1.285, 0.2553, -1.725});  // eq. 47 form
  double s_alpha_paper = 0, s_alpha_reprint = 0, s_beta_paper = 0, s_beta_reprint = 0;
  for (const PerN& p : r.per_n) {
    s_alpha_paper += std::pow(alpha_printed_paper(p.n) - p.alpha, 2);
    s_alpha_reprint += std::pow(alpha_printed_reprint(p.n) - p.alpha, 2);
    s_beta_paper += std::pow(beta_printed_paper(p.n) - p.beta, 2);
    s_beta_reprint += std::pow(beta_printed_reprint(p.n) - p.beta, 2);
  }
  const double N = static_cast<double>(r.per_n.size());
  r.alpha_rms.paper = std::sqrt(s_alpha_paper / N);
  r.alpha_rms.reprint = std::sqrt(s_alpha_reprint / N);
  r.beta_rms.paper = std::sqrt(s_beta_paper / N);
  r.beta_rms.reprint = std::sqrt(s_beta_reprint / N);
}

// c residual of eq. 49 over the grid for each printing, and for the refit.
void grid_c_residuals(Result& r) {
  const auto& aq = r.alpha_quartic.parameters;
  const auto& bq = r.beta_power.parameters;
  auto c_rms = [&](auto alpha_of, auto beta_of) {
    double sum = 0;
    for (const GridPoint& p : r.grid)
      sum += std::pow(alpha_of(p.n) * (std::pow(p.e, beta_of(p.n)) - 1.0) - p.c_opt, 2);
    return std::sqrt(sum / static_cast<double>(r.grid.size()));
  };
  r.c_rms.paper = c_rms(alpha_printed_paper, beta_printed_paper);
  r.c_rms.reprint_alpha_paper_beta = c_rms(alpha_printed_reprint, beta_printed_paper);
  r.c_rms.paper_alpha_reprint_beta = c_rms(alpha_printed_paper, beta_printed_reprint);
  r.c_rms.reprint = c_rms(alpha_printed_reprint, beta_printed_reprint);
  r.c_rms.refit =
      c_rms([&](double x) { return (((aq[4] * x + aq[3]) * x + aq[2]) * x + aq[1]) * x + aq[0]; },
            [&](double x) { return bq[0] * std::pow(x, bq[1]) + bq[2]; });
}

// Eq. 57 (n = 1) and eq. 52 (n = 3/2) constants: fits at exactly those n — taken from the grid
// when it has that n (n = 1 always does), computed otherwise.
void fit_paper_exponents(const Config& c, Result& r) {
  for (double nn : {1.0, 1.5}) {
    PerN& target = nn == 1.0 ? r.at_n1 : r.at_n15;
    const auto on_grid =
        std::find_if(r.per_n.begin(), r.per_n.end(), [&](const PerN& p) { return p.n == nn; });
    if (on_grid != r.per_n.end()) {
      target = *on_grid;
    } else {
      auto [e, copt] = samples_at(c, nn, r.solves);
      target = fit_one_n(nn, e, copt);
    }
  }
}

void run_grid(const Config& c, const sweep::Execution& execution, Result& r) {
  const auto ns = linspace(1.0, 2.0, c.n_count);
  const auto es = linspace(c.e_from, c.e_to, c.e_count);
  calibrate_grid(c, ns, es, execution, r);
  fit_per_n(ns, es, execution, r);
  fit_alpha_beta_of_n(r);
  grid_c_residuals(r);
  fit_paper_exponents(c, r);
}

void run_scaling(const Config& c, const sweep::Execution& execution, Result& r) {
  const auto ns = linspace(1.0, 2.0, c.scaling_n_count);
  struct Sweep {
    char name;
    std::array<double, 2> range;
  };
  const Sweep sweeps[] = {{'m', c.m_range}, {'v', c.v_range}, {'k', c.k_range}};
  for (const Sweep& s : sweeps) {
    const auto values =
        linspace(s.range[0], s.range[1], c.scaling_count);  // linear, as PN2020 §4.2
    struct Out {
      ScalingPoint p;
      int solves;
    };
    const auto pts = sweep::map_points<Out>(
        ns.size() * values.size(),
        [&](std::size_t i) {
          const double n = ns[i / values.size()], x = values[i % values.size()];
          const double m = s.name == 'm' ? x : 1.0, v = s.name == 'v' ? x : 1.0,
                       k = s.name == 'k' ? x : 1.0;
          const auto cal = calibrate::c_opt_direct(m, k, v, n, c.scaling_e, c.solver);
          return Out{{s.name, n, x, cal.damping, cal.e_out}, cal.solves};
        },
        execution);
    for (std::size_t in = 0; in < ns.size(); ++in) {
      std::vector<double> lx, lc;
      for (std::size_t j = 0; j < values.size(); ++j) {
        const Out& o = pts[in * values.size() + j];
        r.scaling.push_back(o.p);
        r.solves += static_cast<std::size_t>(o.solves);
        lx.push_back(std::log(o.p.value));
        lc.push_back(std::log(o.p.c_opt));
      }
      const auto line = fit::fit_line(lx, lc);  // PN2020 eq. 36, 39, 42
      const double n = ns[in];
      // PN2020 eq. 34: c_opt ∝ m^{n/(n+1)} v^{(n−1)/(n+1)} k^{1/(n+1)}.
      const double exact = s.name == 'm'   ? n / (n + 1)
                           : s.name == 'v' ? (n - 1) / (n + 1)
                                           : 1 / (n + 1);
      r.slopes.push_back({s.name, n, line.parameters[1], exact, line.parameters[0]});
      r.worst_slope_deviation =
          std::max(r.worst_slope_deviation, std::abs(line.parameters[1] - exact));
    }
  }
}

// The closed form's fit data: ζ*(e, n) at every node, with the weight that makes the residual
// the first-order e error.
struct ClosedFormData {
  std::vector<double> e, n, zeta, weight;
};
ClosedFormData closed_form_nodes(const Config& c, const sweep::Execution& execution, Result& r) {
  // e nodes: log-spaced on [e_min, 0.45), linear on [0.45, 1) (e = 1 is exact: ζ = 0).
  const int n_low = c.cf_e_count / 2, n_high = c.cf_e_count - n_low;
  std::vector<double> es;
  for (int i = 0; i < n_low; ++i)
    es.push_back(c.cf_e_min * std::pow(0.45 / c.cf_e_min, i / double(n_low)));
  for (int i = 0; i < n_high; ++i) es.push_back(0.45 + 0.55 * i / double(n_high));
  const auto ns = linspace(1.0, 2.0, c.cf_n_count);
  struct Node {
    double e, n, zeta, weight;
    int solves;
  };
  const auto nodes = sweep::map_points<Node>(
      es.size() * ns.size(),
      [&](std::size_t i) {
        const double e = es[i % es.size()], n = ns[i / es.size()];
        const auto cal = calibrate::zeta_exact(e, n, c.solver);
        // Weight |de/d ln ζ| = e/|d ln ζ/d ln e|: the residual becomes the first-order e error.
        const double w = e / std::abs(models::ExactDamping::builtin().dlnzeta_dlne(e, n));
        return Node{e, n, cal.damping, w, cal.solves};
      },
      execution);
  ClosedFormData data;
  for (const Node& node : nodes) {
    data.e.push_back(node.e);
    data.n.push_back(node.n);
    data.zeta.push_back(node.zeta);
    data.weight.push_back(node.weight);
    r.solves += static_cast<std::size_t>(node.solves);
  }
  return data;
}

// Check by simulation: e_out with the fitted ζ at every node.
void check_closed_form(const Config& c, const sweep::Execution& execution,
                       const ClosedFormData& data, Result& r) {
  const auto& q = r.closed_form.parameters;
  r.closed_form_check = sweep::map_points<ClosedFormPoint>(
      data.e.size(),
      [&](std::size_t i) {
        const double e = data.e[i], n = data.n[i];
        const double zf = models::closed_form_zeta_q(q.data(), c.cf_e_terms, c.cf_n_terms, e, n);
        const auto res = impact::solve(ContactLaw{Family::linear_damper, n, zf, true}, c.solver.impact);
        return ClosedFormPoint{n, e, data.zeta[i], zf, res.e_out};
      },
      execution);
  for (const auto& p : r.closed_form_check)
    r.closed_form_worst = std::max(r.closed_form_worst, std::abs(p.e_out - p.e));
}

// PN2020 §5.3 / Fig. 9: for n = 1 the exact e of a Kelvin–Voigt contact is the Butcher–Segalman
// closed form (eq. 55 with the corrected overdamped exponent), so eq. 57 is checked without ODE.
void run_fig9(Result& r) {
  for (int i = 0; i <= 400; ++i) {
    const double e = std::pow(10.0, -4.0 + 4.0 * i / 400.0);
    const double zeta = models::find("poursina-nikravesh-n1").damping(e, 1.0);
    const double exact = models::butcher_segalman_e(zeta / 2.0);  // ζ = 2ξ at n = 1
    r.fig9.push_back({e, zeta, exact});
    r.fig9_worst = std::max(r.fig9_worst, std::abs(exact - e));
  }
}

}  // namespace

Result run(const Config& config, const sweep::Execution& execution) {
  Result r;
  run_grid(config, execution, r);
  // The closed form's minimax fit (Ceres, one core) runs
  // while the scaling sweeps use the other cores; the two write disjoint parts of r.
  const ClosedFormData data = closed_form_nodes(config, execution, r);
  sweep::run_both(
      [&] {
        r.closed_form = fit::fit_closed_form(data.e, data.n, data.zeta, data.weight,
                                             config.cf_e_terms, config.cf_n_terms,
                                             config.cf_minimax_rounds);
      },
      [&] { run_scaling(config, execution, r); }, execution);
  check_closed_form(config, execution, data, r);
  run_fig9(r);
  return r;
}

}  // namespace calib::studies::damping_fit
