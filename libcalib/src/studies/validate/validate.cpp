#include "calib/studies/validate.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <muParser.h>

#include "calib/core/error.hpp"
#include "calib/models/catalog.hpp"
#include "calib/sweep/sweep.hpp"
#include "calibrate/solver_config.hpp"
#include "core/checks.hpp"

namespace calib::studies::validate {

namespace {

Family family_of(const std::string& text, const std::string& where) {
  if (text == "linear-damper") return Family::linear_damper;
  if (text == "hysteresis") return Family::hysteresis;
  if (text == "tsuji") return Family::tsuji;
  throw InputError(
      fmt::format("{}: family must be linear-damper, hysteresis or tsuji, got '{}'", where, text));
}

// A user formula bound to local variables; one per worker task (muparser is not thread-safe).
class Expression {
 public:
  explicit Expression(const std::string& text) {
    parser_.DefineVar("e", &e_);
    parser_.DefineVar("n", &n_);
    parser_.DefineVar("m", &m_);
    parser_.DefineVar("k", &k_);
    parser_.DefineVar("v", &v_);
    parser_.DefineConst("pi", 3.14159265358979323846);
    parser_.SetExpr(text);
  }
  double operator()(double e, double n, double m, double k, double v) {
    e_ = e, n_ = n, m_ = m, k_ = k, v_ = v;
    return parser_.Eval();
  }

 private:
  mu::Parser parser_;
  double e_ = 0, n_ = 0, m_ = 0, k_ = 0, v_ = 0;
};

// [low, high]: quantities of q (m, v: "10mg"), or numbers without q (n; k, whose unit N/m^n
// changes with n from sample to sample, in SI).
std::array<double, 2> read_range(const io::ConfigNode& t, const std::string& key,
                                 std::array<double, 2> fallback, bool positive,
                                 const units::Quantity* q = nullptr) {
  if (!t.has(key)) return fallback;
  const auto v = q ? t.quantities(key, *q) : t.numbers(key);
  if (v.size() != 2 || !(v[1] >= v[0]) || (positive && !(v[0] > 0)))
    throw InputError(fmt::format("{}: need [low, high] with {}low <= high", t.where(key),
                                 positive ? "0 < " : ""));
  return {v[0], v[1]};
}

double log_uniform(const std::array<double, 2>& r, double u) {
  return std::exp(std::log(r[0]) + u * (std::log(r[1]) - std::log(r[0])));
}

}  // namespace

void check_expression(const std::string& expression, const std::string& where) {
  try {
    Expression x(expression);
    // A damping coefficient is >= 0 (a negative one feeds energy in): checked across e at the
    // reference impact, so a sign slip is refused here instead of failing every sample.
    for (double e : {0.05, 0.5, 0.95}) {
      const double value = x(e, 1.5, 1.0, 1e6, 1.0);
      if (!std::isfinite(value) || value < 0)
        throw InputError(fmt::format(
            "{}: expression '{}' must give a finite damping >= 0; at e={}, n=1.5, m=1, k=1e6, "
            "v=1 it gives {}",
            where, expression, e, value));
    }
  } catch (const mu::Parser::exception_type& ex) {
    throw InputError(fmt::format("{}: cannot parse expression '{}': {} (variables: e, n, m, k, v)",
                                 where, expression, ex.GetMsg()));
  }
}

std::vector<Formula> catalog_formulas(const std::string& name, const std::string& clamp) {
  const models::Model& model = models::find(name);
  std::vector<bool> clamps;
  // The clamp choice is for the DEM (Tsuji-type) mappings, whose codes differ on it; the
  // other families keep their source's separation rule (a linear dashpot without the clamp
  // and ζ above critical creeps towards δ = 0 for ever — there is no rebound to measure).
  if (clamp == "default" || model.family != Family::tsuji)
    clamps = {model.default_clamp};
  else if (clamp == "on")
    clamps = {true};
  else if (clamp == "off")
    clamps = {false};
  else if (clamp == "both")
    clamps = {true, false};
  else
    throw InputError(fmt::format("clamp must be default, on, off or both, got '{}'", clamp));
  std::vector<Formula> out;
  for (bool c : clamps)
    out.push_back({std::string(model.name), std::nullopt, model.family, c, model.fixed_n,
                   model.fitted_e_min});
  return out;
}

Config Config::defaults() {
  Config c;
  for (const char* name :
       {"poursina-nikravesh", "poursina-nikravesh-n15", "poursina-nikravesh-n1", "refit",
        "libcalib-closed-form", "exact-table", "kelvin-voigt", "hunt-crossley",
        "lankarani-nikravesh", "flores", "gharib-hurmuzlu", "hu-guo", "safaeifar-farshidianfar",
        "herbert-mcwhannell", "marhefka-orin", "lee-wang", "gonthier", "khulief-shabana",
        "lankarani-nikravesh-1994"})
    for (auto& f : catalog_formulas(name, "default")) c.formulas.push_back(f);
  for (const char* name :
       {"tsuji", "tsuji-clamped", "dem-sqrt5", "mfix-hertz", "lammps-tsuji", "lammps-tsuji-pre2026",
        "thornton2013"})
    for (auto& f : catalog_formulas(name, "both")) c.formulas.push_back(f);
  return c;
}

Config Config::from(const io::ConfigNode& node) {
  Config c = defaults();
  if (auto g = node.optional_table("grid")) {
    const auto count = g->integer("e_count", c.e_count);
    if (count < 2 || count > 100000)
      throw InputError(
          fmt::format("{}: must be in [2, 100000], got {}", g->where("e_count"), count));
    c.e_count = static_cast<int>(count);
    c.e_min = require_in_range(g->where("e_min"), g->number("e_min", c.e_min), 1e-12, 0.44);
    const auto samples = g->integer("samples", c.samples);
    if (samples < 1 || samples > 10'000'000)
      throw InputError(
          fmt::format("{}: must be in [1, 1e7], got {}", g->where("samples"), samples));
    c.samples = static_cast<int>(samples);
    if (static_cast<long long>(c.e_count) * c.samples > static_cast<long long>(sweep::kDefaultMaxPoints))
      throw InputError(fmt::format("{}: e_count x samples = {} x {} impacts per formula, more than {}",
                                   g->where("samples"), c.e_count, c.samples, sweep::kDefaultMaxPoints));
    c.seed = require_seed(g->where("seed"), g->integer("seed", static_cast<std::int64_t>(c.seed)));
  }
  if (auto r = node.optional_table("ranges")) {
    c.m = read_range(*r, "m", c.m, true, &units::mass);
    c.k = read_range(*r, "k", c.k, true);
    c.v = read_range(*r, "v", c.v, true, &units::speed);
    c.n = read_range(*r, "n", c.n, false);
    require_exponent(r->where("n"), c.n[0]);
    require_exponent(r->where("n"), c.n[1]);
  }
  if (auto s = node.optional_table("simulate")) {
    const std::string units = s->string("units", "dimensionless");
    if (units != "physical" && units != "dimensionless")
      throw InputError(
          fmt::format("{}: must be physical or dimensionless, got '{}'", s->where("units"), units));
    c.physical_units = units == "physical";
  }
  if (auto f = node.optional_table("formulas")) {
    const std::string clamp = f->string("clamp", "default");
    if (f->has("names")) {
      c.formulas.clear();
      for (const auto& name : f->strings("names")) {
        try {
          for (auto& x : catalog_formulas(name, clamp)) c.formulas.push_back(x);
        } catch (const InputError& ex) {
          throw InputError(fmt::format("{}: {}", f->where("names"), ex.what()));
        }
      }
    }
  }
  if (node.has("custom")) {
    for (const io::ConfigNode& t : node.tables("custom")) {
      Formula x;
      x.name = t.string("name");
      const auto& known = models::catalog();
      if (std::any_of(known.begin(), known.end(), [&](const auto& m) { return m.name == x.name; }))
        throw InputError(fmt::format("{}: '{}' is a catalog model's name; give the custom formula "
                                     "a name of its own",
                                     t.where("name"), x.name));
      x.expression = t.string("c");
      check_expression(*x.expression, t.where("c"));
      x.family = family_of(t.string("family", "linear-damper"), t.where("family"));
      x.clamp = t.boolean("clamp", x.family == Family::linear_damper);
      if (t.has("n")) x.fixed_n = require_exponent(t.where("n"), t.number("n"));
      x.fitted_e_min = t.number("fitted_e_min", 0.0);
      c.formulas.push_back(x);
    }
  }
  require_listed("formulas.names and [[custom]]", c.formulas.size());
  if (auto s = node.optional_table("solver")) calibrate::read_impact_solver(*s, c.solver);
  node.reject_unknown();
  c.as_json = node.to_json();
  return c;
}

namespace {

std::vector<double> e_grid(const Config& c) {
  const int low = c.e_count / 2, high = c.e_count - low;
  std::vector<double> e;
  for (int i = 0; i < low; ++i) e.push_back(c.e_min * std::pow(0.45 / c.e_min, i / double(low)));
  for (int i = 0; i < high; ++i) e.push_back(high == 1 ? 1.0 : 0.45 + 0.55 * i / double(high - 1));
  return e;
}

double quantile(std::vector<double>& sorted, double q) {
  if (sorted.empty()) return std::numeric_limits<double>::quiet_NaN();
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const std::size_t i = static_cast<std::size_t>(pos);
  const double frac = pos - static_cast<double>(i);
  return i + 1 < sorted.size() ? sorted[i] * (1 - frac) + sorted[i + 1] * frac : sorted[i];
}

Row run_row(const Config& c, const Formula& f, std::size_t ie, double e) {
  std::optional<Expression> expr;
  if (f.expression) expr.emplace(*f.expression);
  const models::Model* model = f.expression ? nullptr : &models::find(f.name);
  std::vector<double> errors;
  int failures = 0;
  for (int s = 0; s < c.samples; ++s) {
    const std::size_t i = ie * static_cast<std::size_t>(c.samples) + static_cast<std::size_t>(s);
    const double m = log_uniform(c.m, sweep::unit_draw(c.seed, 0, i));
    const double k = log_uniform(c.k, sweep::unit_draw(c.seed, 1, i));
    const double v = log_uniform(c.v, sweep::unit_draw(c.seed, 2, i));
    const double n =
        f.fixed_n ? *f.fixed_n : c.n[0] + (c.n[1] - c.n[0]) * sweep::unit_draw(c.seed, 3, i);
    try {
      double damping;
      if (expr) {
        damping = (*expr)(e, n, m, k, v);
      } else {
        const ContactLaw law = calibrate::law_for(*model, e, n, f.clamp);
        damping = to_physical_damping(law.family, law.damping, m, k, v, n);
      }
      const PhysicalImpact p{{f.family, k, n, damping, f.clamp}, m, v};
      const auto r = c.physical_units ? impact::solve_physical_direct(p, c.solver)
                                      : impact::solve_physical(p, c.solver);
      if (r.status != impact::Status::separated) {
        ++failures;
        errors.push_back(e);  // captured / not separated: e_out = 0
      } else {
        errors.push_back(std::abs(r.e_out - e));
      }
    } catch (const Error&) {
      ++failures;  // the formula gives no valid damping here (e.g. NaN): excluded from the stats
    } catch (const mu::Parser::exception_type&) {
      ++failures;
    }
  }
  std::sort(errors.begin(), errors.end());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return {f.name,
          f.clamp,
          e,
          errors.empty() ? nan : errors.back(),
          quantile(errors, 0.5),
          quantile(errors, 0.95),
          c.samples,
          failures};
}

}  // namespace

Result run(const Config& c, const sweep::Execution& execution) {
  Result r;
  r.e_grid = e_grid(c);
  const std::size_t ne = r.e_grid.size();
  r.rows = sweep::map_points<Row>(
      c.formulas.size() * ne,
      [&](std::size_t i) { return run_row(c, c.formulas[i / ne], i % ne, r.e_grid[i % ne]); },
      execution);
  r.solves = r.rows.size() * static_cast<std::size_t>(c.samples);
  for (std::size_t fi = 0; fi < c.formulas.size(); ++fi) {
    const Formula& f = c.formulas[fi];
    Summary s{f.name, f.clamp, 0, 0, 0, 0};
    for (std::size_t ie = 0; ie < ne; ++ie) {
      const Row& row = r.rows[fi * ne + ie];
      const double err =
          std::isnan(row.max_abs_err) ? std::numeric_limits<double>::infinity() : row.max_abs_err;
      const bool inside = row.e >= f.fitted_e_min;
      double& worst = inside ? s.worst_in_range : s.worst_outside;
      double& where = inside ? s.e_worst_in_range : s.e_worst_outside;
      if (err > worst) {
        worst = err;
        where = row.e;
      }
    }
    r.summary.push_back(s);
  }
  return r;
}

}  // namespace calib::studies::validate
