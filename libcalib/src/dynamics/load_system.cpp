#include <tuple>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/planar_multibody.hpp"
#include "calib/dynamics/systems.hpp"
#include "calib/io/config.hpp"
#include "calib/io/resources.hpp"
#include "core/checks.hpp"

namespace calib::dynamics {

namespace {
// Physical values are quantities (core/units: a number is SI, "10cm" as written).
double positive(const io::ConfigNode& t, const std::string& key, const units::Quantity& q) {
  const double x = t.quantity(key, q);
  if (!(x > 0)) throw InputError(fmt::format("{}: must be > 0, got {}", t.where(key), x));
  return x;
}
double non_negative(const io::ConfigNode& t, const std::string& key, const units::Quantity& q) {
  const double x = t.quantity(key, q);
  if (!(x >= 0)) throw InputError(fmt::format("{}: must be >= 0, got {}", t.where(key), x));
  return x;
}
double dimensionless_non_negative(const io::ConfigNode& t, const std::string& key) {
  const double x = t.number(key);
  if (!(x >= 0)) throw InputError(fmt::format("{}: must be >= 0, got {}", t.where(key), x));
  return x;
}
// A step budget (SimulateOptions::max_steps) from a file or a caller: a whole number >= 1.
std::size_t step_budget(const std::string& where, std::int64_t steps) {
  if (steps < 1) throw InputError(fmt::format("{}: must be >= 1 (accepted steps), got {}", where, steps));
  return static_cast<std::size_t>(steps);
}
}  // namespace

namespace {

// One reader per system type: its tables → the system, q0 and q̇0 (InputError names the key).
// SF2020 §8: [ball] mass, radius, height, velocity; [gravity] g.
void read_bouncing_ball(const io::ConfigNode& node, const std::string& /*origin*/,
                        const KnFitter& /*fitter*/, SystemSetup& s) {
  const io::ConfigNode ball = node.table("ball");
  const double m = positive(ball, "mass", units::mass), radius = positive(ball, "radius", units::length);
  const double height = ball.quantity("height", units::position), velocity = ball.quantity("velocity", units::velocity, 0.0);
  if (!(height > radius))
    throw InputError(fmt::format("{}: the ball must start above the ground (height > radius "
                                 "{}), got {}",
                                 ball.where("height"), radius, height));
  const double g = non_negative(node.table("gravity"), "g", units::acceleration);
  s.system = std::make_unique<BouncingBall>(m, radius, g);
  s.q0 = Vector::Constant(1, height);
  s.qd0 = Vector::Constant(1, velocity);
}

// SF2020 §9: [primary], [impact_mass], [cavity] gap, [friction], [gravity].
void read_impact_damper(const io::ConfigNode& node, const std::string& /*origin*/,
                        const KnFitter& /*fitter*/, SystemSetup& s) {
  const io::ConfigNode p = node.table("primary"), m = node.table("impact_mass");
  ImpactDamper::Parameters par{};
  par.primary_mass = positive(p, "mass", units::mass);
  par.stiffness = positive(p, "stiffness", units::spring_stiffness);
  par.damping_ratio = p.number("damping_ratio");
  if (!(par.damping_ratio >= 0 && par.damping_ratio < 1))
    throw InputError(fmt::format("{}: must be in [0, 1), got {}", p.where("damping_ratio"),
                                 par.damping_ratio));
  par.impact_mass = positive(m, "mass", units::mass);
  par.gap = positive(node.table("cavity"), "gap", units::length);
  const io::ConfigNode f = node.table("friction");
  par.friction = dimensionless_non_negative(f, "mu");
  par.friction_velocity = f.quantity("regularisation_velocity", units::speed);
  models::multibody::require_friction_velocity(f.where("regularisation_velocity"),
                                               par.friction_velocity);
  par.g = non_negative(node.table("gravity"), "g", units::acceleration);
  const double x0 = p.quantity("x0", units::position), v0 = p.quantity("v0", units::velocity, 0.0);
  // The impact mass starts at rest in the middle of the cavity unless placed (offset from it).
  const double offset = m.quantity("offset", units::position, 0.0), vm = m.quantity("v0", units::velocity, 0.0);
  if (!(std::abs(offset) < 0.5 * par.gap))
    throw InputError(fmt::format("{}: the impact mass must start inside the cavity (|offset| < "
                                 "gap/2 = {}), got {}",
                                 m.where("offset"), 0.5 * par.gap, offset));
  s.system = std::make_unique<ImpactDamper>(par);
  s.q0 = Vector(2);
  s.q0 << x0, x0 + offset;
  s.qd0 = Vector(2);
  s.qd0 << v0, vm;
}

// SF2020 §10: [crank], [rod], [slider], [block], [contact_geometry] a.
void read_slider_crank(const io::ConfigNode& node, const std::string& /*origin*/,
                       const KnFitter& /*fitter*/, SystemSetup& s) {
  const io::ConfigNode crank = node.table("crank"), rod = node.table("rod");
  const io::ConfigNode slider = node.table("slider"), block = node.table("block");
  SliderCrank::Parameters p{};
  p.r = positive(crank, "length", units::length);
  p.crank_mass = positive(crank, "mass", units::mass);
  p.crank_inertia = positive(crank, "inertia", units::inertia);
  p.l = positive(rod, "length", units::length);
  if (!(p.l > p.r))
    throw InputError(fmt::format("{}: the rod must be longer than the crank ({} m), got {}",
                                 rod.where("length"), p.r, p.l));
  p.rod_mass = positive(rod, "mass", units::mass);
  p.rod_inertia = positive(rod, "inertia", units::inertia);
  p.slider_mass = positive(slider, "mass", units::mass);
  p.block_mass = positive(block, "mass", units::mass);
  p.a = positive(node.table("contact_geometry"), "a", units::length);
  const std::string drive = crank.string("drive", "free");
  if (drive != "free" && drive != "constant-speed")
    throw InputError(fmt::format("{}: must be free or constant-speed, got '{}'",
                                 crank.where("drive"), drive));
  p.driven = drive == "constant-speed";
  s.system = std::make_unique<SliderCrank>(p);
  s.q0 = Vector(2);
  s.q0 << crank.number("angle", 0.0), block.quantity("x0", units::position);
  s.qd0 = Vector(2);
  s.qd0 << crank.number("omega"), block.quantity("v0", units::velocity);
}

// PN2020 §6: [rod1], [rod2], [pivots] a, [gravity] g.
void read_two_pendulums(const io::ConfigNode& node, const std::string& origin,
                        const KnFitter& /*fitter*/, SystemSetup& s) {
  const io::ConfigNode r1 = node.table("rod1"), r2 = node.table("rod2");
  TwoPendulums::Parameters p{positive(r1, "mass", units::mass), positive(r1, "length", units::length), positive(r2, "mass", units::mass),
                             positive(r2, "length", units::length), positive(node.table("pivots"), "a", units::length),
                             non_negative(node.table("gravity"), "g", units::acceleration)};
  s.system = std::make_unique<TwoPendulums>(p);
  s.q0 = Vector(2);
  s.q0 << r1.number("theta0"), r2.number("theta0");
  s.qd0 = Vector(2);
  s.qd0 << r1.number("omega0", 0.0), r2.number("omega0", 0.0);
  if (!(s.system->penetration(0, s.q0) < 0))
    throw InputError(fmt::format("{}: the rods overlap at the start", origin));
}

// The planar-system file (models/planar_system.hpp) as a PlanarMultibody.
void read_planar(const io::ConfigNode& node, const std::string& origin, const KnFitter& fitter,
                 SystemSetup& s) {
  auto description = models::multibody::PlanarSystem::from(node);
  for (auto& joint : description.clearances)
    for (auto& region : joint.regions) {
      if (region.law.kn_model.empty()) continue;
      if (!fitter)
        throw InputError(
            fmt::format("{}: region '{}' names kn_model = '{}', which needs the kn-fit "
                        "layer (calib simulate and calib.simulate fit it)",
                        origin, region.name, region.law.kn_model));
      std::tie(region.law.contact.k, region.law.contact.n) = fitter(region.law);
    }
  auto planar = std::make_unique<PlanarMultibody>(std::move(description));
  s.q0 = planar->initial_coordinates();
  s.qd0 = planar->initial_velocities();
  for (int k = 0; k < planar->contact_count(); ++k)
    if (!(planar->penetration(k, s.q0) <= 0))
      throw InputError(
          fmt::format("{}: the contact '{}' overlaps at the start (delta = {:.3g} m > 0)", origin,
                      planar->contact_name(k), planar->penetration(k, s.q0)));
  s.system = std::move(planar);
}

struct TypeReader {
  const char* type;
  void (*read)(const io::ConfigNode& node, const std::string& origin, const KnFitter& fitter,
               SystemSetup& s);
};
constexpr TypeReader kReaders[] = {{"bouncing-ball", read_bouncing_ball},
                                   {"impact-damper", read_impact_damper},
                                   {"slider-crank", read_slider_crank},
                                   {"two-pendulums", read_two_pendulums},
                                   {"planar", read_planar}};

SystemSetup from_node(const io::ConfigNode& node, const std::string& origin,
                      const KnFitter& fitter);

}  // namespace

SystemSetup load_system(const std::filesystem::path& given, const KnFitter& fitter) {
  const std::filesystem::path file = io::resolve_input_path(given);
  return from_node(io::ConfigNode::load_file(file), file.string(), fitter);
}

SystemSetup parse_system(const std::string& toml_text, const std::string& origin,
                         const KnFitter& fitter) {
  return from_node(io::ConfigNode::parse(toml_text, origin), origin, fitter);
}

namespace {
SystemSetup from_node(const io::ConfigNode& node, const std::string& origin,
                      const KnFitter& fitter) {
  SystemSetup s;
  s.type = node.string("type");
  s.name = node.string("name", s.type);
  // The contact law and the run's defaults first: a planar file's remaining keys are read (and
  // unknown ones rejected) by models::multibody::PlanarSystem::from.
  // A planar file whose contacts are all clearance joints has no [contact] (PlanarSystem::from
  // checks that it has clearance joints then).
  if (s.type != "planar" || node.has("contact")) {
    const io::ConfigNode c = node.table("contact");
    Calibrated calibrated;
    calibrated.model = c.string("model", calibrated.model);
    calibrated.e = require_cor(c.where("e"), c.number("e"));
    s.contact.damping = calibrated;
    s.contact.n = require_exponent(c.where("n"), c.number("n", 1.5));
    s.contact.k = c.quantity("k", units::contact_stiffness(s.contact.n));
    if (c.has("clamp")) s.contact.clamp = c.boolean("clamp");
  }
  if (node.has("constraints") && s.type != "planar")
    throw InputError(fmt::format("{}: only type = \"planar\" systems have constraints (this one "
                                 "is '{}')", node.where("constraints"), s.type));
  if (auto k = node.optional_table("constraints")) {
    s.options.baumgarte_rate = k->quantity("baumgarte_rate", units::rate, s.options.baumgarte_rate);
    s.options.drift_tol = k->number("drift_tol", s.options.drift_tol);
  }
  if (auto sim = node.optional_table("simulate")) {
    s.options.t_end = sim->quantity("t_end", units::duration, s.options.t_end);
    s.options.output_dt = sim->quantity("output_dt", units::duration, s.options.output_dt);
    s.options.rel_tol = sim->number("rel_tol", s.options.rel_tol);
    s.options.abs_tol = sim->number("abs_tol", s.options.abs_tol);
    s.options.method = method_from_name(sim->string("method", "continuous"), sim->where("method"));
    if (sim->has("max_steps"))
      s.options.max_steps = step_budget(sim->where("max_steps"), sim->integer("max_steps"));
    s.options.max_wall_time =
        sim->quantity("max_wall_time", units::duration, s.options.max_wall_time);
  }
  const TypeReader* reader = nullptr;
  std::string known;
  for (const TypeReader& r : kReaders) {
    if (s.type == r.type) reader = &r;
    known += (known.empty() ? "" : ", ") + std::string(r.type);
  }
  if (!reader)
    throw InputError(fmt::format("{}: unknown system type '{}'; known: {}", node.where("type"),
                                 s.type, known));
  reader->read(node, origin, fitter, s);
  node.reject_unknown();
  if (std::string why; !s.options.IsValid(&why)) throw InputError(origin + ": " + why);
  return s;
}
}  // namespace

void apply(const Overrides& o, SystemSetup& s) {
  if (o.model) std::get<Calibrated>(s.contact.damping).model = *o.model;
  if (o.e) std::get<Calibrated>(s.contact.damping).e = require_cor("e", *o.e);
  if (o.method) s.options.method = *o.method;
  if (o.t_end) s.options.t_end = *o.t_end;
  if (o.max_steps) s.options.max_steps = step_budget("max_steps", *o.max_steps);
  if (o.max_wall_time) s.options.max_wall_time = *o.max_wall_time;
  if (std::string why; !s.options.IsValid(&why)) throw InputError(why);
}

}  // namespace calib::dynamics
