#pragma once
// What another simulator does with a coefficient of restitution (docs/simulators.md):
// each (code, model, version) turns the value its user types into
// a contact law of one of libcalib's families. libcalib integrates that law, so "the e this code
// achieves" and "the value to type for a target e" are libcalib's own computation, not the
// code's claim.
#include <array>
#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "calib/core/contact_law.hpp"

namespace calib::codes {

// The two settings in which users measure e and codes document their mappings:
//  * sphere_sphere: a head-on collision of two identical elastic spheres, m* = m/2, R* = R/2;
//  * sphere_wall: one sphere on a fixed flat wall of the same material, m* = m, R* = R.
// Both: E* = E/(2(1 − ν²)) (the same material on both sides), Hertz K = (4/3)E*√R*
// (Hertz 1882; LAMMPS/LIGGGHTS/Chrono use the same).
enum class Geometry { sphere_sphere, sphere_wall };
// "sphere-sphere" / "sphere-wall"; InputError names `field` and lists both.
Geometry parse_geometry(std::string_view name, std::string_view field = "--geometry");
std::string_view to_string(Geometry geometry);

struct Contact {
  Geometry geometry = Geometry::sphere_sphere;
  double youngs = 0, poisson = 0, radius = 0, density = 0;  // per sphere: E [Pa], ν, R [m], ρ [kg/m³]
  double m_eff = 0;      // m* [kg]
  double r_eff = 0;      // R* [m]
  double e_star = 0;     // E* [Pa]
  double k_hertz = 0;    // K [N/m^{3/2}]
  double k_linear = 0;   // Hooke stiffness [N/m] for the linear models (--k, or see below)
  double v = 1.0;        // impact speed (relative normal velocity) [m/s]
  // The characteristic velocity of the codes that need one [m/s]: no default, a law that
  // reads it calls char_velocity() (InputError naming v_char when it was not given).
  std::optional<double> v_char;
  double char_velocity() const;
};

// Identical spheres of Young's modulus E, Poisson ratio ν, radius R and density ρ meeting at
// relative speed v. The Hooke stiffness defaults to the secant stiffness of the Hertz contact at
// that speed, K δ_m^{1/2} (δ_m: PN2020 eq. 27), so Hertz and Hooke runs have similar contact
// times; pass k_linear to override. InputError names a non-positive or non-finite field.
Contact two_spheres(double youngs, double poisson, double radius, double density, double v,
                    std::optional<double> k_linear = {}, std::optional<double> v_char = {});
// The same for either geometry (two_spheres is make_contact(Geometry::sphere_sphere, ...)).
Contact make_contact(Geometry geometry, double youngs, double poisson, double radius,
                     double density, double v, std::optional<double> k_linear = {},
                     std::optional<double> v_char = {});

// The value a user types and how it turns into a law.
struct Typed {
  std::string_view name;    // e.g. "coefficientRestitution", "damping coefficient (tsuji: e)"
  std::string_view units;   // "-", "1/(m*s)", ...
  bool is_restitution;      // the value typed is meant to be e itself
  double lower, upper;      // the range the code accepts (the inverse searches inside it)
  std::optional<double> code_default;  // the code's default, when it has one (MuJoCo: 1)
  bool lower_open = false;  // the code refuses `lower` itself (LIGGGHTS: 0.05 < e <= 1)
};

// The clamp: the normal force set to 0 when it would pull (docs/simulators.md).
struct Clamp {
  bool by_default;
  std::string_view switch_name;  // "limit_damping", "limitForce"; empty: not switchable
};

// One code's normal contact law for one model and version.
struct CodeLaw {
  std::string_view code;     // "lammps"
  std::string_view model;    // the code's own name: "tsuji", "hertz", "hooke", ...
  std::string_view version;  // the version the mapping was read from
  std::string_view source;   // file and lines of that version, or its documentation page
  std::string_view law;      // the force law in words, with libcalib's family and number
  Typed typed;
  Clamp clamp;
  bool speed_dependent;      // e depends on the impact speed (or on v_char)
  std::vector<std::string_view> assumptions;
  // The law the code integrates when its user types `value`; `clamp` as switched.
  PhysicalImpact (*impact)(double value, bool clamp, const Contact& c);
  // The lines to paste into the code's input for `value` (with units in comments).
  std::string (*snippet)(double value, bool clamp, const Contact& c);
  // When > 0, the contact duration is the code's own (its law with the snippet's parameters)
  // and its time step should be at most contact duration / steps_per_contact; when 0, the
  // general kStepsPerContactWarning (input_for.hpp) applies.
  double steps_per_contact = 0;
};

// Every mapping libcalib knows, grouped by code in the order of docs/simulators.md.
const std::vector<CodeLaw>& code_laws();
// The codes, each once, in that order.
std::vector<std::string_view> code_names();
// A release in a code's own numbering; two releases compare only within one scheme.
struct Release {
  enum class Scheme { date, year_month, dotted };
  Scheme scheme = Scheme::date;
  // date: year, month, day, update (LAMMPS "stable_2Aug2023_update1" → 2023, 8, 2, 1);
  // year_month: year, month, letter (Yade "2023.02a" → 2023, 2, 1); dotted: the numbers.
  std::array<int, 4> key{};
  auto operator<=>(const Release&) const = default;
};
// nullopt when the label is none of "2Aug2023", "20220106", "stable_2Aug2023[_updateN]",
// "patch_2Aug2023", "2023.02a", "3.8.0".
std::optional<Release> parse_release(std::string_view label);

// The mapping for (code, model, version). An empty model takes the code's first model, an
// empty version its first (the Debian 12 one where Debian ships the code). A mapping's version
// label is the first release it applies to (decided by running that release where it is
// installed); a version that is not a label resolves to the law in force at that release: the
// latest mapping at or before it in the code's numbering (LAMMPS dates "2Aug2023", "20220106",
// "stable_2Aug2023", "stable_2Aug2023_update1"; Yade "2023.02a"; LIGGGHTS "3.8.0"). InputError
// lists the known codes, models or versions, also for a version before the earliest mapping or
// one that does not parse in the code's numbering.
const CodeLaw& find_code_law(std::string_view code, std::string_view model = {},
                             std::string_view version = {});

}  // namespace calib::codes
