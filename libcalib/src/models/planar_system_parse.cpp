// Reading a planar system file ([[body]], [[joint]], [contact], [gravity], [[spring]],
// [[drive]], [assembly]) into a PlanarSystem; every bad value is an InputError naming its key.
#include <cmath>
#include <numbers>
#include <string>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/resources.hpp"
#include "calib/models/planar_system.hpp"
#include "core/checks.hpp"

namespace calib::models::multibody {

void require_friction_velocity(const std::string& where, double v_r) {
  if (!(v_r >= kMinFrictionVelocity && std::isfinite(v_r)))
    throw InputError(fmt::format(
        "{}: must be >= {:g} m/s (a smaller regularisation makes sticking stiff at no visible "
        "gain: docs/systems.md), got {}",
        where, kMinFrictionVelocity, v_r));
}

namespace {

Vec2 pair_of(const io::ConfigNode& t, const std::string& key, const std::vector<double>& v) {
  if (v.size() != 2)
    throw InputError(fmt::format("{}: expected [x, y], got {} numbers", t.where(key), v.size()));
  return {v[0], v[1]};
}

// A direction (normal, axis): two numbers, no unit.
Vec2 read_direction(const io::ConfigNode& t, const std::string& key, Vec2 fallback) {
  return t.has(key) ? pair_of(t, key, t.numbers(key)) : fallback;
}

// A point or another vector of a physical quantity: each element a number in SI or a string with
// a unit (point_i = ["10mm", 0]).
Vec2 read_vec2(const io::ConfigNode& t, const std::string& key, Vec2 fallback,
               const units::Quantity& q = units::position) {
  return t.has(key) ? pair_of(t, key, t.quantities(key, q)) : fallback;
}

// `<stem>_deg` in degrees, else `<stem>` in radians (default 0).
double read_angle(const io::ConfigNode& t, const std::string& stem) {
  if (t.has(stem + "_deg"))
    return require_finite(t.where(stem + "_deg"), t.number(stem + "_deg")) * std::numbers::pi / 180;
  return require_finite(t.where(stem), t.number(stem, 0.0));
}

// Polar moment about the centre: `inertia` as given, or a slender rod's m L²/12 from `length`.
double read_inertia(const io::ConfigNode& b, double mass) {
  if (b.has("inertia") == b.has("length"))
    throw InputError(
        fmt::format("{}: give exactly one of inertia (about the centre) or length (slender rod)",
                    b.where("inertia")));
  return b.has("inertia")
             ? b.quantity("inertia", units::inertia)
             : mass * std::pow(b.quantity("length", units::length), 2) / 12.0;
}

Body read_body(const io::ConfigNode& b, const std::vector<Body>& earlier) {
  Body body;
  body.name = b.string("name");
  if (body.name == "ground")
    throw InputError(fmt::format("{}: 'ground' is reserved", b.where("name")));
  for (const Body& other : earlier)
    if (other.name == body.name)
      throw InputError(fmt::format("{}: duplicate body '{}'", b.where("name"), body.name));
  body.mass = b.quantity("mass", units::mass);
  body.inertia = read_inertia(b, body.mass);
  body.x = b.quantity("x", units::position, 0.0);
  body.y = b.quantity("y", units::position, 0.0);
  body.angle = read_angle(b, "angle");
  body.rotation_locked = !b.boolean("rotates", true);
  body.locked_angle = body.angle;
  if (b.has("vx")) body.vx = b.quantity("vx", units::velocity);
  if (b.has("vy")) body.vy = b.quantity("vy", units::velocity);
  if (b.has("omega")) body.omega = require_finite(b.where("omega"), b.number("omega"));  // rad/s
  b.reject_unknown();
  return body;
}

// The index of the body named by `key`; −1 for "ground".
int body_index(const PlanarSystem& s, const io::ConfigNode& t, const std::string& key) {
  const std::string name = t.string(key);
  if (name == "ground") return -1;
  for (std::size_t i = 0; i < s.bodies.size(); ++i)
    if (s.bodies[i].name == name) return static_cast<int>(i);
  throw InputError(fmt::format("{}: unknown body '{}'", t.where(key), name));
}

// body_i/body_j (two different bodies) and point_i/point_j of a joint, spring or contact.
template <class Connection>
void read_pair(const PlanarSystem& s, const io::ConfigNode& t, const char* what, Connection& out) {
  out.body_i = body_index(s, t, "body_i");
  out.body_j = body_index(s, t, "body_j");
  if (out.body_i == out.body_j)
    throw InputError(fmt::format("{}: a {} needs two different bodies", t.where("body_j"), what));
  out.point_i = read_vec2(t, "point_i", {0, 0});
  out.point_j = read_vec2(t, "point_j", {0, 0});
}

// The optional friction keys: friction = μ in [0, 10] (default 0: none) and friction_velocity =
// v_r > 0 [m/s] (default 1e-4), the speed over which the smooth sign rises (regularised_sign.hpp).
void read_friction(const io::ConfigNode& j, ClearanceLaw& law) {
  if (!j.has("friction")) {
    if (j.has("friction_velocity"))
      throw InputError(fmt::format("{}: given without friction", j.where("friction_velocity")));
    return;
  }
  law.friction = j.number("friction");
  if (!(law.friction >= 0 && law.friction <= 10))
    throw InputError(
        fmt::format("{}: must be in [0, 10], got {}", j.where("friction"), law.friction));
  law.friction_velocity = j.quantity("friction_velocity", units::velocity, law.friction_velocity);
  require_friction_velocity(j.where("friction_velocity"), law.friction_velocity);
}

// The force law keys of a clearance joint: k, n and either alpha (+ damping_exponent) or
// model + e; clamp optional.
ClearanceLaw read_clearance_law(const io::ConfigNode& j) {
  ClearanceLaw law;
  if (j.has("kn_model")) {
    if (j.has("k") || j.has("n"))
      throw InputError(
          fmt::format("{}: give k and n, or kn_model (fitted), not both", j.where("kn_model")));
    law.kn_model = j.string("kn_model");
    law.youngs = j.quantity("E", units::youngs_modulus);
    law.poisson = j.quantity("nu", units::poisson_ratio);
    law.delta_r = j.quantity("delta_r", units::length);
    law.radius_i = j.quantity("R_i", units::length, law.radius_i);
    law.length = j.quantity("length", units::length);
    law.external = j.boolean("external", false);
  } else {
    law.contact.n = require_exponent(j.where("n"), j.number("n", 1.5));
    law.contact.k = j.quantity("k", units::contact_stiffness(law.contact.n));
  }
  if (j.has("alpha") == j.has("model"))
    throw InputError(fmt::format(
        "{}: give exactly one of alpha (PINSLOT eq. 153 damping, s/m) or model (with e)",
        j.where("alpha")));
  if (j.has("alpha")) {
    Material pinslot{&find_material_law("pinslot-alpha")};
    pinslot.rate_exponent =
        require_positive(j.where("damping_exponent"), j.number("damping_exponent", 1.0));
    pinslot.damping = j.quantity("alpha", units::damping_factor(pinslot.rate_exponent));
    law.contact.damping = pinslot;
  } else {
    Calibrated calibrated;
    calibrated.model = j.string("model");
    calibrated.e = require_cor(j.where("e"), j.number("e"));
    law.contact.damping = calibrated;
  }
  if (j.has("clamp")) law.contact.clamp = j.boolean("clamp");
  read_friction(j, law);
  return law;
}

// The straight (a → b) or arc (R_m about arc_centre, from start over sweep) centre curve.
SlotShape read_slot_shape(const io::ConfigNode& j) {
  SlotShape shape;
  const std::string kind = j.string("slot");
  if (kind != "straight" && kind != "arc")
    throw InputError(fmt::format("{}: must be straight or arc, got '{}'", j.where("slot"), kind));
  shape.arc = kind == "arc";
  shape.half_width = j.quantity("half_width", units::length);
  if (shape.arc) {
    shape.centre = read_vec2(j, "arc_centre", {0, 0});
    shape.radius = j.quantity("arc_radius", units::length);
    shape.start = read_angle(j, "start");
    shape.sweep = read_angle(j, "sweep");
    if (!(shape.sweep > 0 && shape.sweep < 2 * std::numbers::pi))
      throw InputError(fmt::format("{}: the arc's angle must be in (0, 360) degrees, got {} rad",
                                   j.where("sweep"), shape.sweep));
    if (!(shape.half_width < shape.radius))
      throw InputError(fmt::format("{}: must be < arc_radius ({} m), got {}", j.where("half_width"),
                                   shape.radius, shape.half_width));
  } else {
    shape.a = read_vec2(j, "point_a", {0, 0});
    shape.b = read_vec2(j, "point_b", {0, 0});
    if (!(std::hypot(shape.b[0] - shape.a[0], shape.b[1] - shape.a[1]) > 0))
      throw InputError(fmt::format("{}: the slot's ends coincide", j.where("point_b")));
  }
  return shape;
}

ClearanceJoint read_clearance(const PlanarSystem& s, const io::ConfigNode& j) {
  ClearanceJoint c;
  c.slot = j.string("type") == "pin-in-slot";
  read_pair(s, j, "joint", c);
  auto body_name = [&](int b) { return b < 0 ? std::string("ground") : s.bodies[b].name; };
  c.name = j.string("name", body_name(c.body_i) + "-" + body_name(c.body_j));
  if (!c.slot) {
    c.bearing_radius = j.quantity("bearing_radius", units::length);
    c.journal_radius = j.quantity("journal_radius", units::length);
    if (!(c.journal_radius < c.bearing_radius))
      throw InputError(
          fmt::format("{}: the journal must be smaller than the bearing ({} m), got {}",
                      j.where("journal_radius"), c.bearing_radius, c.journal_radius));
    c.regions.push_back({c.name, read_clearance_law(j)});
    j.reject_unknown();
    return c;
  }
  c.shape = read_slot_shape(j);
  c.journal_radius = j.quantity("pin_radius", units::length);
  if (!(c.journal_radius < c.shape.half_width))
    throw InputError(
        fmt::format("{}: the pin must be narrower than the slot (half_width {} m), "
                    "got {}",
                    j.where("pin_radius"), c.shape.half_width, c.journal_radius));
  const char* sides[2] = {c.shape.arc ? "inner" : "left", c.shape.arc ? "outer" : "right"};
  for (const char* region : {sides[0], sides[1], "ends"}) {
    const io::ConfigNode t = j.table(region);
    c.regions.push_back({c.name + "." + region, read_clearance_law(t)});
    t.reject_unknown();
  }
  j.reject_unknown();
  return c;
}

Joint read_joint(const PlanarSystem& s, const io::ConfigNode& j) {
  Joint joint;
  const std::string type = j.string("type");
  if (type == "revolute")
    joint.type = Joint::Type::revolute;
  else if (type == "prismatic")
    joint.type = Joint::Type::prismatic;
  else
    throw InputError(
        fmt::format("{}: must be revolute, prismatic, revolute-clearance or pin-in-slot, got '{}'",
                    j.where("type"), type));
  read_pair(s, j, "joint", joint);
  if (joint.type == Joint::Type::prismatic) {
    joint.axis_i = read_direction(j, "axis_i", {1, 0});
    const double len = std::hypot(joint.axis_i[0], joint.axis_i[1]);
    if (!(len > 0)) throw InputError(fmt::format("{}: zero axis", j.where("axis_i")));
    joint.axis_i = {joint.axis_i[0] / len, joint.axis_i[1] / len};
    // The relative angle the joint holds is the one of the configuration as given.
    const double phi_i = joint.body_i < 0 ? 0 : s.bodies[joint.body_i].angle;
    const double phi_j = joint.body_j < 0 ? 0 : s.bodies[joint.body_j].angle;
    joint.angle_offset = phi_i - phi_j;
  }
  j.reject_unknown();
  return joint;
}

// The unit normal: `normal_deg`/`normal` as an angle, else `normal = [x, y]` normalised.
Vec2 read_normal(const io::ConfigNode& c) {
  if (c.has("normal_deg")) {
    const double a = read_angle(c, "normal");
    return {std::cos(a), std::sin(a)};
  }
  const Vec2 n = read_direction(c, "normal", {1, 0});
  const double len = std::hypot(n[0], n[1]);
  if (!(len > 0) || !std::isfinite(len))
    throw InputError(fmt::format("{}: zero or non-finite normal", c.where("normal")));
  return {n[0] / len, n[1] / len};
}

Contact read_contact(const PlanarSystem& s, const io::ConfigNode& c) {
  Contact contact;
  read_pair(s, c, "contact", contact);
  contact.normal = read_normal(c);
  const std::string normal_in = c.string("normal_in", "global");
  if (normal_in != "global" && normal_in != "body_j")
    throw InputError(
        fmt::format("{}: must be global or body_j, got '{}'", c.where("normal_in"), normal_in));
  contact.normal_in_body_j = normal_in == "body_j";
  if (contact.normal_in_body_j && contact.body_j < 0)
    throw InputError(fmt::format("{}: the ground does not turn; use normal_in = \"global\"",
                                 c.where("normal_in")));
  return contact;
}

// `g` (downwards, so (0, −g)) or a `vector`, exactly one of them.
Vec2 read_gravity(const io::ConfigNode& g) {
  if (g.has("g") == g.has("vector"))
    throw InputError(
        fmt::format("{}: give exactly one of g (downwards, m/s^2) or vector", g.where("g")));
  const Vec2 gravity = g.has("g") ? Vec2{0.0, -g.quantity("g", units::acceleration)}
                                  : read_vec2(g, "vector", {0, 0}, units::acceleration);
  if (!std::isfinite(gravity[0]) || !std::isfinite(gravity[1]))
    throw InputError(fmt::format("{}: not finite", g.where("vector")));
  return gravity;
}

Spring read_spring(const PlanarSystem& s, const io::ConfigNode& t) {
  Spring sp;
  read_pair(s, t, "spring", sp);
  sp.stiffness = t.quantity("stiffness", units::spring_stiffness, 0.0);
  sp.damping = t.quantity("damping", units::damping, 0.0);
  sp.length = t.quantity("length", units::distance, 0.0);
  t.reject_unknown();
  return sp;
}

// coordinate_index of the name `name_of()` returns, with any InputError located at `where`.
template <class NameOf>
int coordinate_at(const PlanarSystem& s, const std::string& where, NameOf name_of) {
  try {
    return s.coordinate_index(name_of());
  } catch (const InputError& ex) {
    throw InputError(fmt::format("{}: {}", where, ex.what()));
  }
}

Drive read_drive(const PlanarSystem& s, const io::ConfigNode& t) {
  Drive d;
  d.coordinate = coordinate_at(s, t.where("coordinate"), [&] { return t.string("coordinate"); });
  for (const Drive& other : s.drives)
    if (other.coordinate == d.coordinate)
      throw InputError(
          fmt::format("{}: '{}' is driven twice", t.where("coordinate"), t.string("coordinate")));
  // A translation is driven at a velocity (a quantity); a rotation at a number in rad/s.
  const std::string coordinate = t.string("coordinate");
  d.velocity = coordinate.ends_with(".angle")
                   ? require_finite(t.where("velocity"), t.number("velocity"))
                   : t.quantity("velocity", units::velocity);
  t.reject_unknown();
  return d;
}

// [assembly]: the coordinates held fixed; returns whether to assemble (default: only when the
// table is present).
bool read_assembly(PlanarSystem& s, const io::ConfigNode& node) {
  const auto a = node.optional_table("assembly");
  if (!a) return false;
  const bool assemble = a->boolean("assemble", true);
  if (a->has("fix"))
    for (const auto& name : a->strings("fix"))
      s.fixed.push_back(coordinate_at(s, a->where("fix"), [&] { return name; }));
  return assemble;
}

}  // namespace

PlanarSystem PlanarSystem::load(const std::filesystem::path& file) {
  // As given when it exists, else the shipped file of that relative path (io/resources.hpp),
  // the same lookup as dynamics::load_system: `--system configs/effmass/x.toml` works anywhere.
  return from(io::ConfigNode::load_file(io::resolve_input_path(file)));
}

// Tables are read in dependency order: bodies first (joints, springs and the contact name them),
// drives and [assembly] last (they name body coordinates).
PlanarSystem PlanarSystem::from(const io::ConfigNode& node) {
  PlanarSystem s;
  s.name = node.string("name", "");
  for (const auto& b : node.tables("body")) s.bodies.push_back(read_body(b, s.bodies));
  if (s.bodies.empty()) throw InputError(fmt::format("{}: no [[body]] tables", node.where("body")));
  if (node.has("joint"))
    for (const auto& j : node.tables("joint")) {
      if (j.string("type") == "revolute-clearance" || j.string("type") == "pin-in-slot")
        s.clearances.push_back(read_clearance(s, j));
      else
        s.joints.push_back(read_joint(s, j));
    }
  s.has_contact = node.has("contact") || s.clearances.empty();
  if (s.has_contact) s.contact = read_contact(s, node.table("contact"));
  if (auto g = node.optional_table("gravity")) s.gravity = read_gravity(*g);
  if (node.has("spring"))
    for (const auto& t : node.tables("spring")) s.springs.push_back(read_spring(s, t));
  if (node.has("drive"))
    for (const auto& t : node.tables("drive")) s.drives.push_back(read_drive(s, t));
  const bool assemble = read_assembly(s, node);
  node.reject_unknown();
  if (assemble) s.assemble();
  return s;
}

}  // namespace calib::models::multibody
