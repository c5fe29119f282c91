// Simbody (Debian 12: libsimbody-dev 3.7), HuntCrossleyForce. Read from Simbody-3.7
// Simbody/src/HuntCrossleyForce.cpp (calcForce) and HuntCrossleyForceImpl.h (Parameters):
//  * setBodyParameters stores k_i = stiffness_i^{2/3} per surface;
//  * a contact mixes them as s1 = k2/(k1 + k2), k = k1 s1 (= k1 k2/(k1 + k2)), E = k^{3/2},
//    c = c1 s1 + c2 (1 − s1), with R = R1 R2/(R1 + R2) (sphere–sphere) or the sphere's radius
//    (sphere–half-space, SimTKmath CollisionDetectionAlgorithm.cpp);
//  * f = (4/3) E √R x^{3/2} (1 + (3/2) c ẋ), and no force where f ≤ 0.
// Two surfaces of the same stiffness S give E = S/2^{3/2}, so S = 2^{3/2} E* reproduces Hertz
// K = (4/3) E* √R* (the plane-strain modulus E/(1 − ν²) of Simbody's documentation gives K/√2).
// Equal dissipations give c itself: f = K x^{3/2}(1 + h ẋ/v) with h = (3/2) c v, the hysteresis
// family (SF2020 eq. 38). Its force never pulls for c ≥ 0 (ẋ cannot pass −v/h), so the clamp
// never acts.
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

// The stiffness per surface that Simbody's mixing turns into E* for two equal surfaces.
double simbody_surface_stiffness(const Contact& c) { return std::pow(2.0, 1.5) * c.e_star; }

// A function to paste at namespace scope: it adds a HuntCrossleyForce to the user's contact set
// with the same stiffness and dissipation on every surface.
std::string simbody_snippet(double dissipation, const Contact& c) {
  return fmt::format(
      "// Simbody 3.7 HuntCrossleyForce, {geometry}: Hertz K = {k} N/m^1.5,\n"
      "// R* = {r} m, m* = {m} kg;\n"
      "// the e it gives is exact at the impact speed v = {v} m/s only (h = 1.5 c v).\n"
      "// Paste after #include \"Simbody.h\" in a C++17 program (with GCC 12, Simbody 3.7's\n"
      "// headers fail to compile as C++20) and call\n"
      "// add_calibrated_hunt_crossley(forces, contacts, set) once every surface of the contact\n"
      "// set is added: each surface gets the same stiffness and dissipation, no friction.\n"
      "// stiffness = 2^(3/2) E* per surface: Simbody mixes stiffness^(2/3) of the two surfaces\n"
      "// harmonically, so two equal surfaces give E* and Hertz K (its documented plane-strain\n"
      "// modulus E/(1-nu^2) would give K/sqrt(2)).\n"
      "void add_calibrated_hunt_crossley(SimTK::GeneralForceSubsystem& forces,\n"
      "                                  SimTK::GeneralContactSubsystem& contacts,\n"
      "                                  SimTK::ContactSetIndex set) {{\n"
      "  const SimTK::Real stiffness = {s};  // [Pa], each surface\n"
      "  const SimTK::Real dissipation = {d};  // [s/m], each surface\n"
      "  SimTK::HuntCrossleyForce force(forces, contacts, set);\n"
      "  for (SimTK::ContactSurfaceIndex i(0); i < contacts.getNumBodies(set); ++i)\n"
      "    force.setBodyParameters(i, stiffness, dissipation, 0, 0, 0);\n"
      "}}\n",
      fmt::arg("geometry", to_string(c.geometry)), fmt::arg("k", num(c.k_hertz)),
      fmt::arg("r", num(c.r_eff)), fmt::arg("m", num(c.m_eff)), fmt::arg("v", num(c.v)),
      fmt::arg("s", num(simbody_surface_stiffness(c))), fmt::arg("d", num(dissipation)));
}

}  // namespace

std::vector<CodeLaw> simbody_laws() {
  std::vector<CodeLaw> laws;
  laws.push_back(
      {"simbody",
       "hunt-crossley",
       "3.7",
       "Simbody-3.7 Simbody/src/HuntCrossleyForce.cpp (calcForce), HuntCrossleyForceImpl.h",
       "f = (4/3)E sqrt(R) x^{3/2}(1 + (3/2)c ẋ), E from the surfaces' stiffness^{2/3} mixed "
       "harmonically: h = (3/2)c·v",
       {"dissipation c of HuntCrossleyForce::setBodyParameters", "s/m", false, 0.0, 1e30, {}},
       {true, ""},
       true,
       {"both surfaces get stiffness 2^{3/2}E* and the same c (the snippet sets every surface of "
        "the contact set): then Simbody's force is Hertz K = (4/3)E*sqrt(R*)",
        "sphere-sphere: m* = m/2, R* = R/2; sphere-wall (ContactGeometry::HalfSpace on Ground): "
        "m* = m, R* = R",
        "h = (3/2)c v depends on the impact speed: exact at --v only",
        "no force where f <= 0 (never reached for c >= 0); negative c is accepted by Simbody and "
        "gives e > 1",
        "no gravity; frictionless head-on impact"},
       +[](double c_diss, bool, const Contact& c) {
         return hertz_hysteresis(1.5 * c_diss * c.v, c);
       },
       +[](double value, bool, const Contact& c) { return simbody_snippet(value, c); }});
  return laws;
}

}  // namespace calib::codes::detail
