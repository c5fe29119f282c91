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
}  // namespace

std::vector<std::string> plausibility_warnings(const InputFor& r, const Contact& c) {
  std::vector<std::string> out;
  if (c.radius > kRadiusWarning)
    out.push_back(fmt::format(
        "radius = {:g} m: a sphere of metres (m* = {:.4g} kg); a size in millimetres is written "
        "with its unit, e.g. {:g}mm",
        c.radius, c.m_eff, c.radius));
  if (auto w = overlap_warning("with the value to type", r.delta_max_input, c)) out.push_back(*w);
  if (r.delta_max_typed)
    if (auto w = overlap_warning("with the value typed today", *r.delta_max_typed, c))
      out.push_back(*w);
  return out;
}

}  // namespace calib::codes
