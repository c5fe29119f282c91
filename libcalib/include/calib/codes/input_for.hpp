#pragma once
// `calib input-for CODE`: the e a code achieves with the value its user types, and the value to
// type so that it achieves the target e exactly (the inverse of that code's own law, solved by
// TOMS748 on libcalib's impact solve). Options → Result, as in Ceres.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/codes/code_law.hpp"
#include "calib/impact/impact.hpp"

namespace calib::codes {

struct InputForOptions {
  double target_e = 0.5;
  std::optional<bool> clamp;    // nullopt: the code's default
  std::optional<double> typed;  // what the user types today; nullopt: target_e where the typed
                                // value is a restitution, else the code's default (if any)
  std::string typed_field = "--typed";  // its name in messages: the flag, or Python's argument
  double cor_tol = 1e-10;       // |e_achieved − target| of the inverse, relative to target
  impact::ImpactOptions solver{.rel_tol = 1e-11, .abs_tol = 1e-13, .diagnostics = false};
  int speed_points = 9;         // speed-dependent laws: e over v/10 … 10 v
  std::string version_asked;    // the release the user named (echoed when it is not law.version)
  std::optional<double> time_step;  // the code's time step the user runs [s]: checked against
                                    // the contact duration (plausibility.cpp)

  bool IsValid(std::string* error) const;
};

struct SpeedPoint {
  double v;                    // [m/s]
  std::optional<double> e_typed, e_input;
};

struct InputFor {
  const CodeLaw* law = nullptr;
  bool clamp = false;
  double target_e = 0;
  std::optional<double> typed;              // the value typed today (see options)
  std::optional<double> achieved_if_typed;  // the e the code achieves with it
  double input_value = 0;                   // the value to type for target_e
  double achieved_with_input = 0;           // check: the e with input_value
  double contact_time_input = 0;            // contact duration with input_value [s]
  std::optional<double> contact_time_typed; // ... with the typed value [s]
  std::string snippet;                      // lines for input_value
  std::string snippet_typed;                // the same lines with the typed value (if any)
  std::vector<SpeedPoint> speeds;           // speed-dependent laws only
  // The release the user named, when it resolved to the law in force at it (another label).
  std::optional<std::string> version_asked;
  double delta_max_input = 0;               // largest overlap with input_value [m]
  double time_step_max = 0;                 // the largest time step that resolves the contact [s]
  std::optional<double> time_step;          // the time step given (options) [s]
  std::optional<double> delta_max_typed;    // ... with the typed value [m]
  // Results outside the regime the law is valid in, or inputs plausible only in another unit
  // (plausibility.cpp): printed beside the numbers, never instead of them.
  std::vector<std::string> warnings;

  // contact_time_input / time_step (nullopt when no time step was given).
  std::optional<double> steps_per_contact() const {
    return time_step ? std::optional<double>(contact_time_input / *time_step) : std::nullopt;
  }

  std::string BriefReport() const;
};

// The e the code achieves when `value` is typed (0 when the law captures the bodies), and the
// contact duration [s] (to the separation event; to capture for a captured impact).
struct Achieved {
  double e, contact_time;
  double delta_max;  // the largest overlap [m]
};
Achieved achieved(const CodeLaw& law, double value, bool clamp, const Contact& c,
                  const impact::ImpactOptions& solver);

// The value typed today given as text: a number in the code's typed_units (SI), or with a unit
// of that dimension ("0.2 s/m"); InputError naming `field` otherwise. The code's accepted range
// is input_for's to check.
double parse_typed(const CodeLaw& law, std::string_view text, std::string_view field);

// InputError: bad options, a target outside (0, 1] or a --typed value the code refuses (outside
// law.typed's accepted range). ComputeError (exit 1): no value the code accepts reaches the
// target; the message names the accepted range and the e it reaches. The printed input always
// lies in the accepted range; a target the code refuses as typed leaves `typed` empty.
InputFor input_for(const CodeLaw& law, const Contact& contact, const InputForOptions& options);

// The warnings of a result (InputFor::warnings): an overlap above kOverlapWarning of the sphere's
// radius (Hertz's contact assumes a small overlap; above R the sphere passes through the wall or
// its partner, and DEM codes lose it), and a radius above kRadiusWarning (a bead of metres: a
// size in millimetres written without its unit), a density outside kDensityRange, and a time step that resolves the contact in
// fewer steps than the law asks (CodeLaw::steps_per_contact, else kStepsPerContactWarning: the
// code's explicit integrator then moves e away from the value computed for a resolved contact;
// docs/simulators.md shows by how much).
inline constexpr double kOverlapWarning = 0.1;  // δ_max / R
inline constexpr double kStepsPerContactWarning = 50;
inline constexpr double kRadiusWarning = 1.0;   // [m]
// Solid densities [kg/m^3]: rigid foams (about 30) to osmium (22,590); outside it a density was
// most likely written in another unit.
inline constexpr double kDensityRange[2] = {20.0, 23000.0};
std::vector<std::string> plausibility_warnings(const InputFor& r, const Contact& contact);

// {"code", "law", "version", "clamp", "target_e", "e_if_typed", "input_value", "snippet",
//  + "model", "typed", "typed_name", "typed_units", "e_with_input", "snippet_typed",
//  "t_contact_input", "t_contact_typed", "time_step", "time_step_given", "steps_per_contact", "source", "assumptions", "contact",
//  "speed_scan", "units"} in SI units (names and units: core/vocabulary.hpp; "typed" and
//  "input_value" in the code's typed_units); null where a value does not exist.
nlohmann::ordered_json to_json(const InputFor& r, const Contact& contact);
// The human-readable page: (1) achieved if typed, (2) the value to type, (3) the snippet,
// (4) the assumptions, and the speed scan.
std::string to_text(const InputFor& r, const Contact& contact);

}  // namespace calib::codes
