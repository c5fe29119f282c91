#include "calib/studies/rms_table.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/tools/roots.hpp>

#include "calib/core/error.hpp"
#include "calib/fit/fit.hpp"
#include "calib/impact/impact.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/resources.hpp"
#include "calib/models/catalog.hpp"
#include "calib/sweep/sweep.hpp"
#include "calibrate/solver_config.hpp"
#include "core/checks.hpp"

namespace calib::studies::rms_table {

double integral_closed_form(double a, double b) {
  require_positive("a", a);
  require_positive("b", b);
  return boost::math::beta(2.5 / a, 1.0 + 1.0 / b) / a;
}

double integral_quadrature(double a, double b) {
  require_positive("a", a);
  require_positive("b", b);
  boost::math::quadrature::tanh_sinh<double> q;
  return q.integrate(
      [a, b](double y) { return std::pow(y, 1.5) * std::pow(1.0 - std::pow(y, a), 1.0 / b); }, 0.0,
      1.0);
}

double rms_percent_for_k(double k, const std::vector<double>& e, const std::vector<double>& h) {
  double s = 0.0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    const double err = 100.0 * (k * (1.0 - e[i]) / e[i] - h[i]) / h[i];
    s += err * err;
  }
  return std::sqrt(s / static_cast<double>(e.size()));
}

Config Config::defaults() {
  Config c;
  for (int i = 1; i <= 99; ++i) c.e_grid.push_back(i / 100.0);
  for (int i = 0; i <= 10; ++i) c.a_values.push_back(1.0 + 0.5 * i);
  for (int i = 0; i <= 9; ++i) c.b_values.push_back(1.5 + 0.5 * i);
  c.formulas = {"hunt-crossley",
                "lankarani-nikravesh",
                "flores",
                "gharib-hurmuzlu",
                "hu-guo",
                "safaeifar-farshidianfar",
                "herbert-mcwhannell",
                "marhefka-orin",
                "lee-wang",
                "gonthier"};
  c.published = "datasets/published/sf2020_table2.csv";
  return c;
}

Config Config::from(const io::ConfigNode& node) {
  Config c = defaults();
  if (auto g = node.optional_table("e_grid")) {
    const double from = g->number("from"), to = g->number("to");
    if (!(from > 0 && to < 1 && from <= to))
      throw InputError(fmt::format("{}: need 0 < from <= to < 1, got from={} to={}",
                                   g->where("from"), from, to));
    c.e_grid.clear();
    if (g->has("step")) {
      const double step = g->number("step");
      if (!(step > 0))
        throw InputError(fmt::format("{}: must be > 0, got {}", g->where("step"), step));
      c.e_grid = sweep::inclusive_range(from, to, step, sweep::kDefaultMaxPoints, g->where("step"));
    } else {
      const auto count = g->integer("count");
      if (count < 2)
        throw InputError(fmt::format("{}: must be >= 2, got {}", g->where("count"), count));
      for (std::int64_t i = 0; i < count; ++i)
        c.e_grid.push_back(from +
                           (to - from) * static_cast<double>(i) / static_cast<double>(count - 1));
    }
  }
  if (auto t = node.optional_table("table")) {
    if (t->has("a")) c.a_values = t->numbers("a");
    if (t->has("b")) c.b_values = t->numbers("b");
    require_listed(t->where("a"), c.a_values.size());
    require_listed(t->where("b"), c.b_values.size());
    for (double a : c.a_values) require_positive(t->where("a"), a);
    for (double b : c.b_values) require_positive(t->where("b"), b);
    c.published = t->string("published", c.published.string());
    if (t->has("published")) c.published_file = t->path("published");
  }
  if (auto m = node.optional_table("numerical")) {
    c.n = require_exponent(m->where("n"), m->number("n", c.n));
    if (m->has("formulas")) c.formulas = m->strings("formulas");
    require_listed(m->where("formulas"), c.formulas.size());
    for (const auto& f : c.formulas)
      if (models::find(f).family != Family::hysteresis)
        throw InputError(
            fmt::format("{}: {} is not a hysteresis-family model", m->where("formulas"), f));
  }
  if (auto s = node.optional_table("solver")) calibrate::read_calibration_solver(*s, c.solver);
  node.reject_unknown();
  c.as_json = node.to_json();
  return c;
}

namespace {

// Published Table 2 value for (a, b), or NaN.
double published_value(const io::NumericTable& t, double a, double b) {
  const auto& A = t.column("a");
  const auto& B = t.column("b");
  const auto& V = t.column("rms_percent");
  for (std::size_t i = 0; i < t.rows(); ++i)
    if (std::abs(A[i] - a) < 1e-9 && std::abs(B[i] - b) < 1e-9) return V[i];
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

namespace {

// Numerical model h_num(e): ODE root finding on e_out (event-terminated solves) in parallel,
// cross-checked against the algebraic root of SF2020 eq. 39.
void numerical_model(const Config& c, const sweep::Execution& execution, Result& r) {
  struct Point {
    double h_ode, h_alg;
    int solves;
  };
  const auto points = sweep::map_points<Point>(
      r.e.size(),
      [&](std::size_t i) {
        const auto cal =
            calibrate::calibrate_damping(Family::hysteresis, c.n, false, r.e[i], c.solver);
        return Point{cal.damping, models::hysteresis_h_exact(r.e[i]), cal.solves};
      },
      execution);
  for (const auto& p : points) {
    r.h_ode.push_back(p.h_ode);
    r.h_algebraic.push_back(p.h_alg);
    r.ode_solves += p.solves;
    r.max_ode_vs_algebraic =
        std::max(r.max_ode_vs_algebraic, std::abs(p.h_ode - p.h_alg) / p.h_alg);
  }
}

// The (a, b) cells of SF2020 Table 2 beside the published values.
void table_cells(const Config& c, Result& r) {
  const io::NumericTable paper = io::read_numeric_csv(
      c.published_file.empty() ? io::resolve_config_path({}, c.published.string())
                               : c.published_file,
      {"a", "b", "rms_percent"});
  for (double a : c.a_values)
    for (double b : c.b_values) {
      const double I = integral_closed_form(a, b);
      r.cells.push_back(
          {a, b, I, rms_percent_for_k(2.0 / (5.0 * I), r.e, r.h_ode), published_value(paper, a, b)});
    }
}

// The RMS depends on (a,b) only through I: one-parameter Ceres fit of k = 2/(5I), and the
// iso-I* valley b(a) with I(a, b) = I* where it exists (I increases with b).
void optimum_and_valley(Result& r) {
  const fit::FitReport opt = fit::fit_hysteresis_k(r.e, r.h_ode);
  r.optimal_k = opt.parameters.at(0);
  r.optimal_integral = 2.0 / (5.0 * r.optimal_k);
  r.optimal_rms = rms_percent_for_k(r.optimal_k, r.e, r.h_ode);
  for (double a = 1.0; a <= 6.0 + 1e-9; a += 0.25) {
    auto f = [&](double b) { return integral_closed_form(a, b) - r.optimal_integral; };
    const double lo = 0.05, hi = 1e3;
    if (f(lo) > 0 || f(hi) < 0) continue;
    std::uintmax_t it = 100;
    auto br = boost::math::tools::toms748_solve(f, lo, hi,
                                                boost::math::tools::eps_tolerance<double>(50), it);
    r.iso_curve.emplace_back(a, 0.5 * (br.first + br.second));
  }
}

// SF2020 Fig. 5–6: one published formula simulated with its h(e_in): e_out and the h error.
FormulaError formula_error(const std::string& name, const Config& c,
                           const sweep::Execution& execution, const Result& r) {
  const models::Model& m = models::find(name);
  const std::size_t ne = r.e.size();
  FormulaError fe{name, 0.0, 0.0, {}, {}};
  fe.h.resize(ne);
  fe.e_out = sweep::map_points<double>(
      ne,
      [&](std::size_t i) {
        const auto law = calibrate::law_for(m, r.e[i], c.n);
        const auto res = impact::solve(law, c.solver.impact);
        if (res.status != impact::Status::separated)
          throw ComputeError(
              fmt::format("{} at e = {}: {}", name, r.e[i], impact::status_name(res.status)));
        return res.e_out;
      },
      execution);
  double s = 0.0;
  for (std::size_t i = 0; i < ne; ++i) {
    fe.h[i] = m.damping(r.e[i], c.n);
    const double err = 100.0 * (fe.h[i] - r.h_ode[i]) / r.h_ode[i];
    s += err * err;
    fe.max_cor_error = std::max(fe.max_cor_error, std::abs(fe.e_out[i] - r.e[i]));
  }
  fe.rms_h_percent = std::sqrt(s / static_cast<double>(ne));
  return fe;
}

}  // namespace

Result run(const Config& c, const sweep::Execution& execution) {
  Result r;
  r.e = c.e_grid;
  numerical_model(c, execution, r);
  table_cells(c, r);
  optimum_and_valley(r);
  for (const auto& name : c.formulas) r.formulas.push_back(formula_error(name, c, execution, r));
  return r;
}

}  // namespace calib::studies::rms_table
