#include "studies/sweep_kernels.hpp"

#include <map>

#include <fmt/format.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/core/error.hpp"
#include "calib/impact/impact.hpp"
#include "calib/models/catalog.hpp"

namespace calib::studies {

namespace {

const std::vector<std::string> kParameters = {"e", "n", "m", "k", "v", "clamp"};

struct Point {
  double e = 0.5, n = 1.5, m = 1, k = 1, v = 1;
  std::optional<bool> clamp;
};

}  // namespace

KernelSpec make_kernel(const io::ConfigNode& config, const std::vector<std::string>& axis_names) {
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
      fixed_values[key] = f->number(key);
    }
  }
  for (const auto& a : axis_names)
    if (std::find(kParameters.begin(), kParameters.end(), a) == kParameters.end())
      throw InputError(fmt::format("{}: unknown parameter '{}' (e, n, m, k, v, clamp)",
                                   config.where("space"), a));
  calibrate::CalibrateOptions copt;
  impact::ImpactOptions iopt;
  if (auto s = config.optional_table("solver")) {
    iopt.rel_tol = s->number("rel_tol", iopt.rel_tol);
    iopt.abs_tol = s->number("abs_tol", iopt.abs_tol);
    copt.cor_rel_tol = s->number("cor_rel_tol", copt.cor_rel_tol);
    copt.impact.rel_tol = s->number("calibration_rel_tol", copt.impact.rel_tol);
    copt.impact.abs_tol = s->number("calibration_abs_tol", copt.impact.abs_tol);
  }
  std::string why;
  if (!iopt.IsValid(&why)) throw InputError(config.where("solver") + ": " + why);
  spec.tolerances = {{"rel_tol", iopt.rel_tol},
                     {"abs_tol", iopt.abs_tol},
                     {"cor_rel_tol", copt.cor_rel_tol},
                     {"calibration_rel_tol", copt.impact.rel_tol},
                     {"calibration_abs_tol", copt.impact.abs_tol}};

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
      else
        pt.clamp = x != 0.0;
    };
    for (const auto& [name, x] : fixed_values) set(name, x);
    for (std::size_t i = 0; i < p.size(); ++i) set(axis_names[i], p[i]);
    return pt;
  };

  if (spec.name == "impact") {
    spec.outputs = {"damping", "e_out",     "delta_max",       "t_contact",
                    "f_max",   "delta_sep", "energy_residual", "impact_status"};
    spec.kernel = [&model, assemble,
                   iopt](const std::vector<double>& p) -> std::vector<io::CsvCell> {
      const Point pt = assemble(p);
      const ContactLaw law = calibrate::law_for(model, pt.e, pt.n, pt.clamp);
      const double d = to_physical_damping(law.family, law.damping, pt.m, pt.k, pt.v, pt.n);
      const auto r =
          impact::solve_physical({law.family, pt.m, pt.k, pt.v, pt.n, d, law.clamp}, iopt);
      return {d,       r.e_out,     r.delta_max,       r.t_contact,
              r.f_max, r.delta_sep, r.energy_residual, std::string(impact::status_name(r.status))};
    };
  } else if (spec.name == "calibrate") {
    spec.outputs = {"damping_dimensionless", "damping", "e_out", "solves"};
    spec.kernel = [&model, assemble,
                   copt](const std::vector<double>& p) -> std::vector<io::CsvCell> {
      const Point pt = assemble(p);
      const bool clamp = pt.clamp.value_or(model.default_clamp);
      const auto c = calibrate::calibrate_damping(model.family, pt.n, clamp, pt.e, copt);
      return {c.damping, to_physical_damping(model.family, c.damping, pt.m, pt.k, pt.v, pt.n),
              c.e_out, static_cast<std::int64_t>(c.solves)};
    };
  } else {
    throw InputError(fmt::format("{}: unknown kernel \"{}\" (impact or calibrate)",
                                 config.where("kernel"), spec.name));
  }
  return spec;
}

}  // namespace calib::studies
