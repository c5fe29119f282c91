#include <cmath>
#include <numbers>

#include "calib/codes/code_law.hpp"
#include "codes/laws.hpp"
#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "core/checks.hpp"

namespace calib::codes {

Geometry parse_geometry(std::string_view name, std::string_view field) {
  if (name == "sphere-sphere") return Geometry::sphere_sphere;
  if (name == "sphere-wall") return Geometry::sphere_wall;
  throw InputError(
      fmt::format("{}: unknown geometry '{}'; known: sphere-sphere, sphere-wall", field, name));
}

std::string_view to_string(Geometry geometry) {
  return geometry == Geometry::sphere_wall ? "sphere-wall" : "sphere-sphere";
}

Contact two_spheres(double youngs, double poisson, double radius, double density, double v,
                    std::optional<double> k_linear, std::optional<double> v_char) {
  return make_contact(Geometry::sphere_sphere, youngs, poisson, radius, density, v, k_linear,
                      v_char);
}

Contact make_contact(Geometry geometry, double youngs, double poisson, double radius,
                     double density, double v, std::optional<double> k_linear,
                     std::optional<double> v_char) {
  // The command line's ranges (core/units): the same verdict from Python.
  units::check(youngs, units::youngs_modulus, "E");
  units::check(poisson, units::poisson_ratio, "nu");
  units::check(radius, units::length, "radius");
  units::check(density, units::density, "density");
  units::check(v, units::speed, "v");
  if (v_char) units::check(*v_char, units::speed, "v_char");
  Contact c;
  c.geometry = geometry;
  c.youngs = youngs, c.poisson = poisson, c.radius = radius, c.density = density;
  const double mass = density * 4.0 / 3.0 * std::numbers::pi * radius * radius * radius;
  const bool wall = geometry == Geometry::sphere_wall;  // the wall: infinite mass and radius
  c.m_eff = wall ? mass : mass / 2.0;
  c.r_eff = wall ? radius : radius / 2.0;
  c.e_star = youngs / (2.0 * (1.0 - poisson * poisson));
  c.k_hertz = 4.0 / 3.0 * c.e_star * std::sqrt(c.r_eff);
  c.v = v;
  c.v_char = v_char;
  if (k_linear) {
    units::check(*k_linear, units::hooke_stiffness, "k");
    c.k_linear = *k_linear;
  } else {  // secant stiffness of the Hertz contact at v: K δ_m^{1/2}, δ_m of PN2020 eq. 27
    const double delta_m = std::pow(2.5 * c.m_eff * v * v / (2.0 * c.k_hertz), 0.4);
    c.k_linear = c.k_hertz * std::sqrt(delta_m);
  }
  return c;
}

double Contact::char_velocity() const {
  if (!v_char)
    throw InputError(
        "v_char (--v-char) is required: this code's law reads a characteristic velocity, which "
        "has no default");
  return *v_char;
}

namespace detail {
double hooke_stiffness_from_char_velocity(const Contact& c) {
  const double k_tilde = 16.0 / 15.0 * std::sqrt(c.r_eff) * c.e_star;
  const double v_char = c.char_velocity();
  return k_tilde * std::pow(c.m_eff * v_char * v_char / k_tilde, 0.2);
}
}  // namespace detail

}  // namespace calib::codes
