#include "studies/sweep_kernels.hpp"

#include <cmath>
#include <map>

#include <fmt/format.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/calibrate/records.hpp"
#include "calib/core/error.hpp"
#include "calib/impact/impact.hpp"
#include "calib/models/catalog.hpp"

namespace calib::studies {

namespace {

const std::vector<std::string> kParameters = {"e", "n", "m", "k", "v", "clamp"};

// Defaults of the parameters a config may leave out (recorded in the provenance sidecar).
// e has none: a sweep of restitution without a restitution is a config error.
struct Point {
  double e = 0.0, n = 1.5, m = 1, k = 1, v = 1;
  std::optional<bool> clamp;
};

// clamp is a switch: 0 (off) or 1 (on); 0.5 or 7 is refused, not read as "on".
void require_switch(double x, const std::string& where) {
  if (x != 0.0 && x != 1.0)
    throw InputError(fmt::format("{}: clamp must be 0 (off) or 1 (on), got {}", where, x));
}

}  // namespace

KernelSpec make_kernel(const io::ConfigNode& config, const sweep::Space& space) {
  const std::vector<std::string> axis_names = space.names();
  for (const auto& axis : space.axes) {
    if (axis.name != "clamp") continue;
    if (axis.kind == sweep::Axis::Kind::random)
      throw InputError(fmt::format("{}: clamp is a switch (0 or 1), not a random parameter",
                                   config.where("space.clamp")));
    for (std::size_t k = 0; k < axis.count(); ++k) require_switch(axis.value(k), config.where("space.clamp"));
  }
  KernelSpec spec;
  spec.name = config.string("kernel");
  const models::Model& model = models::find(config.string("model"));
  Point fixed;
  std::map<std::string, double> fixed_values;
  if (auto f = config.optional_table("fixed")) {
    for (const auto& key : f->keys()) {
      if (std::find(kParameters.begin(), kParameters.end(), key) == kParameters.end())
        throw InputError(
            fmt::format("{}: unknown parameter (e, n, m, k, v, clamp)", f->where(key)));
      if (std::find(axis_names.begin(), axis_names.end(), key) != axis_names.end())
        throw InputError(fmt::format("{}: '{}' is both fixed and a [space] axis; give it in one place",
                                     f->where(key), key));
      fixed_values[key] = f->number(key);
      if (key == "clamp") require_switch(fixed_values[key], f->where(key));
    }
  }
  for (const auto& a : axis_names)
    if (std::find(kParameters.begin(), kParameters.end(), a) == kParameters.end())
      throw InputError(fmt::format("{}: unknown parameter '{}' (e, n, m, k, v, clamp)",
                                   config.where("space"), a));
  const auto given = [&](const std::string& name) {
    return fixed_values.count(name) ||
           std::find(axis_names.begin(), axis_names.end(), name) != axis_names.end();
  };
  if (!given("e"))
    throw InputError(fmt::format("{}: no restitution e: give it in [fixed] or as a [space] axis",
                                 config.where("fixed")));
  spec.defaults = nlohmann::json::object();
  const Point defaults;
  for (const auto& [name, value] : {std::pair<const char*, double>{"n", defaults.n}, {"m", defaults.m},
                                    {"k", defaults.k}, {"v", defaults.v}})
    if (!given(name)) spec.defaults[name] = value;
  if (!given("clamp")) spec.defaults["clamp"] = "model default";
  calibrate::CalibrateOptions copt;
  impact::ImpactOptions iopt;
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
  spec.tolerances = {{"rel_tol", iopt.rel_tol},
                     {"abs_tol", iopt.abs_tol},
                     {"cor_rel_tol", copt.cor_rel_tol},
                     {"calibration_rel_tol", copt.impact.rel_tol},
                     {"calibration_abs_tol", copt.impact.abs_tol},
                     {"verify", copt.verify}};

  auto assemble = [fixed_values, axis_names](const std::vector<double>& p) {
    Point pt;
    auto set = [&pt](const std::string& name, double x) {
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
    };
    for (const auto& [name, x] : fixed_values) set(name, x);
    for (std::size_t i = 0; i < p.size(); ++i) set(axis_names[i], p[i]);
    return pt;
  };

  if (spec.name == "impact") {
    spec.outputs = {std::string(physical_damping_key(model.family)),
                    "e_out",
                    "delta_max[m]",
                    "t_contact[s]",
                    "f_max[N]",
                    "delta_sep[m]",
                    "energy_residual",
                    "impact_status"};
    spec.kernel = [&model, assemble,
                   iopt](const std::vector<double>& p) -> std::vector<io::CsvCell> {
      const Point pt = assemble(p);
      const auto o = calibrate::simulate(model, {pt.e, pt.n, pt.m, pt.k, pt.v, pt.clamp}, iopt);
      const auto& r = o.result;
      return {o.impact.damping, r.e_out,     r.delta_max,       r.t_contact,
              r.f_max,          r.delta_sep, r.energy_residual, std::string(impact::status_name(r.status))};
    };
  } else if (spec.name == "calibrate") {
    // One column per quantity: the Tsuji χ is both the dimensionless and the physical number.
    const bool same = dimensionless_damping_key(model.family) == physical_damping_key(model.family);
    spec.outputs = {std::string(dimensionless_damping_key(model.family))};
    if (!same) spec.outputs.emplace_back(physical_damping_key(model.family));
    spec.outputs.insert(spec.outputs.end(), {"e_out", "solves"});
    spec.kernel = [&model, assemble, copt, same](const std::vector<double>& p) -> std::vector<io::CsvCell> {
      const Point pt = assemble(p);
      const auto o = calibrate::calibrate_query(model, {pt.e, pt.n, pt.m, pt.k, pt.v, pt.clamp}, copt);
      const auto& c = o.calibration;
      std::vector<io::CsvCell> cells{c.damping};
      if (!same) cells.emplace_back(o.impact.damping);
      cells.insert(cells.end(), {io::number_or_blank(c.e_out), static_cast<std::int64_t>(c.solves)});
      return cells;
    };
  } else {
    throw InputError(fmt::format("{}: unknown kernel \"{}\" (impact or calibrate)",
                                 config.where("kernel"), spec.name));
  }
  return spec;
}

}  // namespace calib::studies
