// The clearance slider–crank of the systems study: the bench file run over whole crank
// revolutions, and the same mechanism with its clearance joint made an ideal revolute joint.
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/dynamics/planar_multibody.hpp"
#include "calib/dynamics/simulate.hpp"
#include "calib/studies/systems_clearance_crank.hpp"
#include "core/checks.hpp"

namespace calib::studies::systems {

namespace mb = models::multibody;
using dynamics::Vector;

ClearanceCrankConfig ClearanceCrankConfig::from(const io::ConfigNode& section) {
  ClearanceCrankConfig c;
  if (section.has("file")) c.file = section.path("file");
  c.revolutions = require_in_range(section.where("revolutions"),
                                   section.number("revolutions", c.revolutions), 1e-3, 1e3);
  if (section.has("output_dt")) c.output_dt = section.quantity("output_dt", units::duration);
  return c;
}

namespace {

const dynamics::PlanarMultibody& planar(const dynamics::SystemSetup& setup) {
  return dynamic_cast<const dynamics::PlanarMultibody&>(*setup.system);
}

// The bench's requirements; InputError names the file and what it lacks.
void check_bench(const ClearanceCrankConfig& config, const dynamics::SystemSetup& setup) {
  const auto fail = [&](const std::string& why) {
    throw InputError(
        fmt::format("[slider_crank_clearance] file {}: {}", config.file.string(), why));
  };
  if (!dynamic_cast<const dynamics::PlanarMultibody*>(setup.system.get()))
    fail(fmt::format("must be a planar multibody file (type = \"planar\"), got type '{}'",
                     setup.type));
  const mb::PlanarSystem& d = planar(setup).description();
  if (d.clearances.size() != 1 || d.clearances[0].slot)
    fail(fmt::format("must have exactly one revolute-clearance joint, has {} clearance joints",
                     d.clearances.size()));
  if (d.clearances[0].body_i < 0) fail("the clearance joint's bearing (body_i) must be a body");
  if (d.drives.empty() || d.drives[0].coordinate % 3 != 2 || d.drives[0].velocity == 0)
    fail(
        "needs a [[drive]] turning the crank's angle at a non-zero velocity "
        "(the revolutions are counted on it)");
}

// A point fixed in body b's frame in global coordinates at q (b = −1: the ground).
Eigen::Vector2d global_point(const Vector& q, int b, const mb::Vec2& p) {
  if (b < 0) return {p[0], p[1]};
  const double c = std::cos(q[3 * b + 2]), s = std::sin(q[3 * b + 2]);
  return {q[3 * b] + c * p[0] - s * p[1], q[3 * b + 1] + s * p[0] + c * p[1]};
}

// q̈ at a sample from the equations of motion (system.hpp) with the contact forces of the run:
// M q̈ = Q − Σ J_kᵀ F_k − Dᵀλ, the constraints stabilised as in the run.
Vector sample_accelerations(const dynamics::System& sys, const dynamics::SimulationResult& r,
                            const dynamics::Sample& s, double baumgarte_rate) {
  Vector f = sys.applied(s.t, s.q, s.qd);
  for (int k = 0; k < sys.contact_count(); ++k)
    sys.add_generalized_force(k, s.q, -dynamics::contact_force(sys, r, k, s), f);
  return dynamics::constrained_accelerations(sys, s.t, s.q, s.qd, f, baumgarte_rate);
}

// The same mechanism with the clearance joint replaced by a revolute joint at the bearing's
// and the journal's centres (where the journal sits when centred).
mb::PlanarSystem ideal_mechanism(mb::PlanarSystem d) {
  const mb::ClearanceJoint& c = d.clearances.front();
  mb::Joint joint;
  joint.type = mb::Joint::Type::revolute;
  joint.body_i = c.body_i, joint.body_j = c.body_j;
  joint.point_i = c.point_i, joint.point_j = c.point_j;
  d.joints.push_back(joint);
  d.clearances.clear();
  return d;
}

}  // namespace

ClearanceCrankRun load_clearance_crank(const ClearanceCrankConfig& config) {
  ClearanceCrankRun run;
  run.config = config;
  run.setup = dynamics::load_system(config.file);
  check_bench(config, run.setup);
  const mb::PlanarSystem& d = planar(run.setup).description();
  const mb::ClearanceJoint& joint = d.clearances.front();
  run.crank_angle = d.drives.front().coordinate;
  run.crank_speed = d.drives.front().velocity;
  run.slider = joint.body_i;
  run.contact = joint.name;
  run.clearance = joint.bearing_radius - joint.journal_radius;
  run.setup.options.t_end = config.revolutions * 2 * std::numbers::pi / std::abs(run.crank_speed);
  if (config.output_dt) run.setup.options.output_dt = *config.output_dt;
  std::string why;
  if (!run.setup.options.IsValid(&why))
    throw InputError(fmt::format("[slider_crank_clearance]: {}", why));
  return run;
}

void simulate_clearance_crank(ClearanceCrankRun& run) {
  const dynamics::SystemSetup& s = run.setup;
  const auto& sys = planar(s);
  const mb::PlanarSystem& d = sys.description();
  run.result = dynamics::simulate(sys, s.q0, s.qd0, s.contact, s.options);
  const dynamics::PlanarMultibody ideal(ideal_mechanism(d));
  const dynamics::SimulationResult ideal_run = dynamics::simulate(
      ideal, ideal.initial_coordinates(), ideal.initial_velocities(), s.contact, s.options);
  const auto& clearance_series = run.result.series;
  if (ideal_run.series.size() != clearance_series.size())
    throw ComputeError(
        fmt::format("slider_crank_clearance: the ideal run has {} samples, the "
                    "clearance run {}",
                    ideal_run.series.size(), clearance_series.size()));
  const mb::ClearanceJoint& joint = d.clearances.front();
  const int k = d.has_contact ? 1 : 0;  // contacts: the point contact, then the clearance joints
  const int x = 3 * run.slider;
  run.series.clear();
  for (std::size_t i = 0; i < clearance_series.size(); ++i) {
    const dynamics::Sample& c = clearance_series[i];
    const dynamics::Sample& ideal_sample = ideal_run.series[i];
    const Eigen::Vector2d e = global_point(c.q, joint.body_j, joint.point_j) -
                              global_point(c.q, joint.body_i, joint.point_i);
    run.series.push_back(
        {c.t, c.q[run.crank_angle] * 180 / std::numbers::pi, e.x(), e.y(), e.norm(),
         dynamics::contact_force(sys, run.result, k, c), c.q[x], c.qd[x],
         sample_accelerations(sys, run.result, c, s.options.baumgarte_rate)[x], ideal_sample.q[x],
         sample_accelerations(ideal, ideal_run, ideal_sample, s.options.baumgarte_rate)[x]});
  }
}

}  // namespace calib::studies::systems
