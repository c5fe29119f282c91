// The impact record's checks: every value a finite number inside the range of its quantity
// (core/units), the times increasing, and a contact in the record.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/fit/fit_impact_record.hpp"

namespace calib::fit {

namespace {

// |x| within the range of q (a force, a length, a duration): a noisy F or δ may be negative
// before the touch, a time before the record's origin.
void require_magnitude(std::size_t row, std::string_view name, double x, const units::Quantity& q) {
  if (!std::isfinite(x))
    throw InputError(fmt::format("row {}: {} = {} must be a finite number", row, name, x));
  if (std::abs(x) > q.hi)
    throw InputError(fmt::format("row {}: {} = {:g} {} is outside the accepted range of {}, "
                                 "[-{:g}, {:g}] {}",
                                 row, name, x, q.si_unit, q.name, q.hi, q.hi, q.si_unit));
}

// A standard deviation: > 0 and within q's range.
void require_sigma(std::size_t row, std::string_view name, double s, const units::Quantity& q) {
  if (!(s > 0 && s <= q.hi))
    throw InputError(fmt::format("row {}: {} = {:g} must be a number in (0, {:g}] {}", row, name,
                                 s, q.hi, q.si_unit));
}

template <class Row>
void validate_column(const ImpactRecord& d, const std::vector<double>& x,
                     const std::vector<double>& sigma, std::string_view name,
                     const units::Quantity& q, Row row) {
  if (!x.empty() && x.size() != d.t.size())
    throw InputError(
        fmt::format("impact record: {} has {} values for {} times", name, x.size(), d.t.size()));
  if (!sigma.empty() && sigma.size() != x.size())
    throw InputError(fmt::format("impact record: sigma_{} needs one value per {} ({} for {})", name,
                                 name, sigma.size(), x.size()));
  const std::string sigma_name = fmt::format("sigma_{}", name);
  for (std::size_t i = 0; i < x.size(); ++i) {
    require_magnitude(row(i), name, x[i], q);
    if (!sigma.empty()) require_sigma(row(i), sigma_name, sigma[i], q);
  }
}

// The start of the fit needs a contact in the record: some F (or δ) above zero.
void require_contact(const std::vector<double>& x, std::string_view name) {
  if (x.empty() || *std::max_element(x.begin(), x.end()) > 0) return;
  throw InputError(fmt::format(
      "impact record: no contact: {} <= 0 at every sample; the record must hold the impact",
      name));
}

}  // namespace

void validate(const ImpactRecord& d) {
  const auto row = [&](std::size_t i) { return i < d.rows.size() ? d.rows[i] : i + 1; };
  if (!d.has_force() && !d.has_delta())
    throw InputError(
        "impact record: no F[N] and no delta[m] column: give the force, the "
        "penetration or both at each t[s]");
  if (d.t.size() < 3)
    throw InputError(fmt::format("impact record: need at least 3 samples, got {}", d.t.size()));
  for (std::size_t i = 0; i < d.t.size(); ++i) {
    require_magnitude(row(i), "t", d.t[i], units::duration);
    if (i > 0 && !(d.t[i] > d.t[i - 1]))
      throw InputError(
          fmt::format("row {}: t = {} s is not after the previous t = {} s: the "
                      "times must increase strictly",
                      row(i), d.t[i], d.t[i - 1]));
  }
  validate_column(d, d.force, d.sigma_force, "F", units::force, row);
  validate_column(d, d.delta, d.sigma_delta, "delta", units::length, row);
  if (d.has_force() && d.has_delta() && (d.sigma_force.empty() || d.sigma_delta.empty()))
    throw InputError(
        "impact record: F[N] and delta[m] together need sigma_F[N] and "
        "sigma_delta[m] (newtons and metres are weighed only through their sigmas)");
  require_contact(d.force, "F");
  require_contact(d.delta, "delta");
}

}  // namespace calib::fit
