// Warnings on an input-for result whose numbers are computed right but describe a contact outside
// the regime the law is valid in, or come from an input plausible only in another unit.
#include <fmt/format.h>

#include "calib/codes/input_for.hpp"

namespace calib::codes {

namespace {
// Hertz's contact (and every code's law built on it) assumes an overlap small against the radius.
std::optional<std::string> overlap_warning(std::string_view which, double delta_max,
                                           const Contact& c) {
  const double ratio = delta_max / c.radius;
  if (!(ratio > kOverlapWarning)) return std::nullopt;
  return fmt::format(
      "{}: the largest overlap delta_max = {:.4g} m is {:.3g} % of the radius R = {:.4g} m "
      "(above {:g} %){}",
      which, delta_max, 100 * ratio, c.radius, 100 * kOverlapWarning,
      ratio >= 1 ? ": the sphere passes through the wall or its partner, and a DEM code loses it"
                 : ": Hertz's small-overlap contact is outside its valid range; a softer E or a "
                   "lower v is another regime");
}

// An explicit integrator resolves a contact only in enough steps: below one it may miss it.
std::optional<std::string> time_step_warning(const InputFor& r) {
  if (!r.time_step || *r.time_step <= r.time_step_max) return std::nullopt;
  const double dt = *r.time_step, steps = *r.steps_per_contact();
  if (steps < 1)
    return fmt::format(
        "time step {:.4g} s is longer than the contact ({:.4g} s): the code can step over the "
        "contact or find it deep in overlap, and its e is not the one computed here",
        dt, r.contact_time_input);
  return fmt::format(
      "time step {:.4g} s resolves the contact ({:.4g} s) in {:.3g} steps (below {:.4g}): the "
      "e the code achieves moves away from the one computed here by its integration error; a "
      "time step <= {:.4g} s resolves it",
      dt, r.contact_time_input, steps, r.contact_time_input / r.time_step_max, r.time_step_max);
}
}  // namespace

std::vector<std::string> plausibility_warnings(const InputFor& r, const Contact& c) {
  std::vector<std::string> out;
  if (c.radius > kRadiusWarning)
    out.push_back(fmt::format(
        "radius = {:g} m: a sphere of metres (m* = {:.4g} kg); a size in millimetres is written "
        "with its unit, e.g. {:g}mm",
        c.radius, c.m_eff, c.radius));
  if (c.density < kDensityRange[0] || c.density > kDensityRange[1])
    out.push_back(fmt::format(
        "density = {:g} kg/m^3: outside the {:g}-{:g} kg/m^3 of solids (foams to the densest "
        "metals); a density in g/cm^3 is written with its unit, e.g. {:g}g/cm^3",
        c.density, kDensityRange[0], kDensityRange[1], c.density));
  if (auto w = overlap_warning("with the value to type", r.delta_max_input, c)) out.push_back(*w);
  if (r.delta_max_typed)
    if (auto w = overlap_warning("with the value typed today", *r.delta_max_typed, c))
      out.push_back(*w);
  if (auto w = time_step_warning(r)) out.push_back(*w);
  return out;
}

}  // namespace calib::codes
