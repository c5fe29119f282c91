#include "studies/sweep_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/calibrate/records.hpp"
#include "calib/core/error.hpp"
#include "calib/core/required.hpp"
#include "calib/core/vocabulary.hpp"
#include "calib/impact/impact.hpp"
#include "calib/models/catalog.hpp"

namespace calib::studies {

namespace {

const std::vector<std::string> kParameters = {"e", "n", "m", "k", "v", "clamp"};

// Defaults of the parameters a config may leave out (recorded in the provenance sidecar): the
// Hertz exponent and the model's clamp. e, m, k and v have none (require_physical_scales).
struct Point {
  double e = 0.0, n = 1.5, m = 0, k = 0, v = 0;
  std::optional<bool> clamp;
};

// clamp is a switch: 0 (off) or 1 (on); 0.5 or 7 is refused, not read as "on".
void require_switch(double x, const std::string& where) {
  if (x != 0.0 && x != 1.0)
    throw InputError(fmt::format("{}: clamp must be 0 (off) or 1 (on), got {}", where, x));
}

// A [space] clamp axis must be a grid of switches (0 or 1), never random.
void check_clamp_axis(const io::ConfigNode& config, const sweep::Space& space) {
  for (const auto& axis : space.axes) {
    if (axis.name != "clamp") continue;
    if (axis.kind == sweep::Axis::Kind::random)
      throw InputError(fmt::format("{}: clamp is a switch (0 or 1), not a random parameter",
                                   config.where("space.clamp")));
    for (std::size_t k = 0; k < axis.count(); ++k)
      require_switch(axis.value(k), config.where("space.clamp"));
  }
}

bool is_parameter(const std::string& name) {
  return std::find(kParameters.begin(), kParameters.end(), name) != kParameters.end();
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// [fixed]: known parameters that are not also [space] axes, each read as `readings` says.
std::map<std::string, double> read_fixed(const io::ConfigNode& config,
                                         const std::vector<std::string>& axis_names,
                                         const sweep::AxisReadings& readings) {
  std::map<std::string, double> fixed_values;
  if (auto f = config.optional_table("fixed")) {
    for (const auto& key : f->keys()) {
      if (!is_parameter(key))
        throw InputError(
            fmt::format("{}: unknown parameter (e, n, m, k, v, clamp)", f->where(key)));
      if (contains(axis_names, key))
        throw InputError(fmt::format(
            "{}: '{}' is both fixed and a [space] axis; give it in one place", f->where(key), key));
      fixed_values[key] = sweep::read_number(*f, key, readings.at(key));
      if (key == "clamp") require_switch(fixed_values[key], f->where(key));
    }
  }
  return fixed_values;
}

// The defaults of the parameters given neither in [fixed] nor as an axis, for the sidecar.
nlohmann::json defaults_used(const std::map<std::string, double>& fixed_values,
                             const std::vector<std::string>& axis_names) {
  const auto given = [&](const std::string& name) {
    return fixed_values.count(name) || contains(axis_names, name);
  };
  nlohmann::json out = nlohmann::json::object();
  const Point defaults;
  if (!given("n")) out["n"] = defaults.n;
  if (!given("clamp")) out["clamp"] = "model default";
  return out;
}

// Whether the config gives m, k and v ([fixed] or [space] axes). They have no default: the
// impact kernel needs all three (its columns are in SI units), the calibrate kernel all three
// (the SI damping beside the dimensionless one) or none (the dimensionless damping alone), as
// `calib calibrate` does.
std::vector<std::pair<std::string_view, bool>> scales_given(
    const std::map<std::string, double>& fixed_values, const std::vector<std::string>& axis_names) {
  const auto given = [&](const std::string& name) {
    return fixed_values.count(name) > 0 || contains(axis_names, name);
  };
  return {{"m", given("m")}, {"k", given("k")}, {"v", given("v")}};
}

struct SolverSettings {
  calibrate::CalibrateOptions copt;
  impact::ImpactOptions iopt;
};

// [solver]: tolerances of the forward solve and of the calibration; InputError if invalid.
SolverSettings read_solver(const io::ConfigNode& config) {
  SolverSettings out;
  auto& [copt, iopt] = out;
  if (auto s = config.optional_table("solver")) {
    iopt.rel_tol = s->number("rel_tol", iopt.rel_tol);
    iopt.abs_tol = s->number("abs_tol", iopt.abs_tol);
    copt.cor_rel_tol = s->number("cor_rel_tol", copt.cor_rel_tol);
    copt.impact.rel_tol = s->number("calibration_rel_tol", copt.impact.rel_tol);
    copt.impact.abs_tol = s->number("calibration_abs_tol", copt.impact.abs_tol);
    // false: the clamped linear damper is answered from the certified exact table (no solve;
    // e_out left blank, solves 0) — calibrate.hpp CalibrateOptions::verify.
    copt.verify = s->boolean("verify", copt.verify);
  }
  std::string why;
  if (!iopt.IsValid(&why)) throw InputError(config.where("solver") + ": " + why);
  return out;
}

nlohmann::json tolerances_json(const SolverSettings& solver) {
  const auto& [copt, iopt] = solver;
  return {{"rel_tol", iopt.rel_tol},
          {"abs_tol", iopt.abs_tol},
          {"cor_rel_tol", copt.cor_rel_tol},
          {"calibration_rel_tol", copt.impact.rel_tol},
          {"calibration_abs_tol", copt.impact.abs_tol},
          {"verify", copt.verify}};
}

// One sweep point: the [fixed] values, then the axis values in [space] order.
struct PointAssembler {
  std::map<std::string, double> fixed_values;
  std::vector<std::string> axis_names;

  static void set(Point& pt, const std::string& name, double x) {
    if (name == "e")
      pt.e = x;
    else if (name == "n")
      pt.n = x;
    else if (name == "m")
      pt.m = x;
    else if (name == "k")
      pt.k = x;
    else if (name == "v")
      pt.v = x;
    else {
      require_switch(x, "clamp");
      pt.clamp = x == 1.0;
    }
  }

  Point operator()(const std::vector<double>& p) const {
    Point pt;
    for (const auto& [name, x] : fixed_values) set(pt, name, x);
    for (std::size_t i = 0; i < p.size(); ++i) set(pt, axis_names[i], p[i]);
    return pt;
  }
};

// kernel = "impact": the forward impact with the model's own damping law.
void set_impact_kernel(KernelSpec& spec, const models::Model& model, PointAssembler assemble,
                       impact::ImpactOptions iopt) {
  for (const std::string_view name :
       {physical_damping_key(model.family), std::string_view("e_out"), std::string_view("delta_max"),
        std::string_view("t_contact"), std::string_view("peak_force"), std::string_view("delta_sep"),
        std::string_view("energy_residual"), std::string_view("impact_status")})
    spec.outputs.push_back(vocabulary::column(name));
  spec.kernel = [&model, assemble, iopt](const std::vector<double>& p) -> std::vector<io::CsvCell> {
    const Point pt = assemble(p);
    const auto o = calibrate::simulate(model, {pt.e, pt.n, pt.m, pt.k, pt.v, pt.clamp}, iopt);
    const auto& r = o.result;
    return {o.impact.law.damping,
            r.e_out,
            r.delta_max,
            r.t_contact,
            r.f_max,
            r.delta_sep,
            r.energy_residual,
            std::string(impact::status_name(r.status))};
  };
}

// kernel = "calibrate" without m, k, v: the dimensionless damping that reproduces e.
void set_dimensionless_calibrate_kernel(KernelSpec& spec, const models::Model& model,
                                        PointAssembler assemble, calibrate::CalibrateOptions copt) {
  spec.outputs = {std::string(dimensionless_damping_key(model.family)), "e_out", "solves"};
  spec.kernel = [&model, assemble, copt](const std::vector<double>& p) -> std::vector<io::CsvCell> {
    const Point pt = assemble(p);
    const auto c = calibrate::calibrate_dimensionless(model, pt.e, pt.n, pt.clamp, copt);
    return {c.damping, io::number_or_blank(c.e_out), static_cast<std::int64_t>(c.solves)};
  };
}

// kernel = "calibrate": the damping that reproduces e.
void set_calibrate_kernel(KernelSpec& spec, const models::Model& model, PointAssembler assemble,
                          calibrate::CalibrateOptions copt) {
  // One column per quantity: the Tsuji χ is both the dimensionless and the physical number.
  const bool same = dimensionless_damping_key(model.family) == physical_damping_key(model.family);
  spec.outputs = {std::string(dimensionless_damping_key(model.family))};
  if (!same) spec.outputs.push_back(vocabulary::column(physical_damping_key(model.family)));
  spec.outputs.insert(spec.outputs.end(), {"e_out", "solves"});
  spec.kernel = [&model, assemble, copt,
                 same](const std::vector<double>& p) -> std::vector<io::CsvCell> {
    const Point pt = assemble(p);
    const auto o =
        calibrate::calibrate_query(model, {pt.e, pt.n, pt.m, pt.k, pt.v, pt.clamp}, copt);
    const auto& c = o.calibration;
    std::vector<io::CsvCell> cells{c.damping};
    if (!same) cells.emplace_back(o.impact.law.damping);
    cells.insert(cells.end(), {io::number_or_blank(c.e_out), static_cast<std::int64_t>(c.solves)});
    return cells;
  };
}

}  // namespace

sweep::AxisReadings parameter_readings(const io::ConfigNode& config) {
  const auto fixed = config.optional_table("fixed");
  const auto space = config.optional_table("space");
  const auto ratio = [](std::string_view name) {
    return sweep::AxisReading{std::nullopt, fmt::format("{} is dimensionless: a number", name)};
  };
  sweep::AxisReadings readings{{"e", ratio("the restitution e")},
                               {"n", ratio("the exponent n")},
                               {"clamp", {std::nullopt, "clamp is a switch: 0 or 1"}},
                               {"m", {units::mass, ""}},
                               {"v", {units::speed, ""}}};
  // k in N/m^n needs n: with an n axis its unit would change from point to point.
  if (space && space->has("n")) {
    readings["k"] = {std::nullopt, "n is a [space] axis, so k's unit N/m^n changes from point "
                                   "to point; give k as a number in SI"};
    return readings;
  }
  const double n = fixed && fixed->has("n") ? sweep::read_number(*fixed, "n", readings["n"])
                                            : Point{}.n;
  readings["k"] = {units::contact_stiffness(n), ""};
  return readings;
}

KernelSpec make_kernel(const io::ConfigNode& config, const sweep::Space& space) {
  const std::vector<std::string> axis_names = space.names();
  check_clamp_axis(config, space);
  KernelSpec spec;
  spec.name = config.string("kernel");
  const models::Model& model = models::find(config.string("model"));
  const std::map<std::string, double> fixed_values =
      read_fixed(config, axis_names, parameter_readings(config));
  for (const auto& a : axis_names)
    if (!is_parameter(a))
      throw InputError(fmt::format("{}: unknown parameter '{}' (e, n, m, k, v, clamp)",
                                   config.where("space"), a));
  if (!fixed_values.count("e") && !contains(axis_names, "e"))
    throw InputError(fmt::format("{}: no restitution e: give it in [fixed] or as a [space] axis",
                                 config.where("fixed")));
  spec.defaults = defaults_used(fixed_values, axis_names);
  const SolverSettings solver = read_solver(config);
  spec.tolerances = tolerances_json(solver);
  const auto scales = scales_given(fixed_values, axis_names);
  const bool dimensionless = spec.name == "calibrate" && none_given(scales);
  if (!dimensionless)
    require_given(config.where("fixed"), scales,
                  "the kernel's columns are in SI units: give each in [fixed] or as a [space] "
                  "axis (a calibrate kernel given none of them writes the dimensionless damping)");
  const PointAssembler assemble{fixed_values, axis_names};
  if (spec.name == "impact")
    set_impact_kernel(spec, model, assemble, solver.iopt);
  else if (spec.name == "calibrate" && dimensionless)
    set_dimensionless_calibrate_kernel(spec, model, assemble, solver.copt);
  else if (spec.name == "calibrate")
    set_calibrate_kernel(spec, model, assemble, solver.copt);
  else
    throw InputError(fmt::format("{}: unknown kernel \"{}\" (impact or calibrate)",
                                 config.where("kernel"), spec.name));
  return spec;
}

}  // namespace calib::studies
