// The simulator-inputs matrix: every (code mapping, clamp, target e) through codes::input_for.
#include "calib/studies/simulator_inputs.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "core/checks.hpp"

namespace calib::studies::simulator_inputs {

Config Config::from(const io::ConfigNode& node) {
  Config c;
  if (auto grid = node.optional_table("grid")) {
    c.targets = grid->numbers("targets");
    for (double e : c.targets)
      if (!(e > 0 && e <= 1))
        throw InputError(fmt::format("{}: every target must be in (0, 1], got {}",
                                     grid->where("targets"), e));
    require_listed(grid->where("targets"), c.targets.size());
  }
  {
    const io::ConfigNode t = node.table("contact");
    std::optional<double> k, v_char;
    if (t.has("k")) k = t.quantity("k", units::hooke_stiffness);
    if (t.has("v_char")) v_char = t.quantity("v_char", units::speed);
    const codes::Geometry geometry =
        codes::parse_geometry(t.string("geometry", "sphere-sphere"), t.where("geometry"));
    c.contact = codes::make_contact(geometry, t.quantity("E", units::youngs_modulus),
                                    t.quantity("nu", units::poisson_ratio),
                                    t.quantity("radius", units::length),
                                    t.quantity("density", units::density),
                                    t.quantity("v", units::speed), k, v_char);
  }
  if (auto t = node.optional_table("codes")) {
    if (t->has("names")) c.codes = t->strings("names");  // empty: every code
    for (const std::string& name : c.codes) codes::find_code_law(name);  // names a bad code
    const std::string clamp = t->string("clamp", "both");
    if (clamp != "both" && clamp != "default")
      throw InputError(fmt::format("{}: must be 'both' or 'default', got '{}'", t->where("clamp"),
                                   clamp));
    c.both_clamps = clamp == "both";
  }
  node.reject_unknown();
  c.as_json = node.to_json();
  return c;
}

Result run(const Config& config, const sweep::Execution& execution) {
  struct Point {
    const codes::CodeLaw* law;
    bool clamp;
    double target;
  };
  std::vector<Point> points;
  for (const codes::CodeLaw& law : codes::code_laws()) {
    if (!config.codes.empty() &&
        std::find(config.codes.begin(), config.codes.end(), law.code) == config.codes.end())
      continue;
    std::vector<bool> clamps{law.clamp.by_default};
    if (config.both_clamps && !law.clamp.switch_name.empty()) clamps.push_back(!law.clamp.by_default);
    for (bool clamp : clamps)
      for (double e : config.targets) points.push_back({&law, clamp, e});
  }
  Result r;
  r.rows = sweep::map_points<Row>(
      points.size(),
      [&](std::size_t i) {
        const Point& p = points[i];
        Row row{p.law, p.clamp, p.target, {}, {}, {}, {}, {}};
        codes::InputForOptions o;
        o.target_e = p.target;
        o.clamp = p.clamp;
        try {
          const codes::InputFor f = codes::input_for(*p.law, config.contact, o);
          row.typed = f.typed, row.e_if_typed = f.achieved_if_typed;
          row.input_value = f.input_value, row.e_with_input = f.achieved_with_input;
        } catch (const ComputeError& err) {  // unreachable target: say so in the table
          row.note = err.what();
          if (p.law->typed.is_restitution) {
            row.typed = p.target;
            row.e_if_typed =
                codes::achieved(*p.law, p.target, p.clamp, config.contact, o.solver).e;
          }
        }
        return row;
      },
      execution);
  return r;
}

std::string report(const Result& r) {
  std::size_t reachable = 0, off_by_more = 0;
  double worst = 0;
  std::string worst_name;
  for (const Row& row : r.rows) {
    if (row.e_with_input) ++reachable;
    if (row.e_if_typed) {
      const double err = std::abs(*row.e_if_typed - row.target_e);
      if (row.law->typed.is_restitution && err > 0.01) ++off_by_more;
      if (row.law->typed.is_restitution && err > worst)
        worst = err, worst_name = fmt::format("{} {} ({}, clamp {}) at e = {}", row.law->code,
                                              row.law->model, row.law->version,
                                              row.clamp ? "on" : "off", row.target_e);
    }
  }
  return fmt::format(
      "{} cases: {} corrected to the target (|e - target| <= 1e-10 e), {} unreachable in the "
      "code's accepted range; typing e itself is off by more than 0.01 in {} cases, worst {:.4f} "
      "({})\n",
      r.rows.size(), reachable, r.rows.size() - reachable, off_by_more, worst, worst_name);
}

}  // namespace calib::studies::simulator_inputs
