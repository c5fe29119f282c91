// The four contact laws of fit_impact.hpp as core families, and the data checks.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/material_law.hpp"
#include "calib/core/units.hpp"
#include "calib/fit/fit_impact.hpp"

namespace calib::fit {

namespace {

// fit-impact's laws: the first four rows of the table of material laws, in ImpactLaw's order.
const MaterialLaw& row(ImpactLaw law) { return material_laws()[static_cast<std::size_t>(law)]; }

}  // namespace

std::string_view impact_law_name(ImpactLaw law) { return row(law).name; }
std::string_view damping_parameter_name(ImpactLaw law) { return row(law).parameter; }
std::string_view damping_parameter_unit(ImpactLaw law) { return row(law).unit; }
std::string_view separation_rule(ImpactLaw law) { return row(law).separation; }

const std::vector<ImpactLaw>& impact_laws() {
  static const std::vector<ImpactLaw> all{ImpactLaw::hunt_crossley_alpha, ImpactLaw::viscoelastic,
                                          ImpactLaw::linear_damper, ImpactLaw::tsuji};
  return all;
}

ImpactLaw find_impact_law(std::string_view name, std::string_view field) {
  std::string known;
  for (const ImpactLaw law : impact_laws()) {
    if (row(law).name == name) return law;
    known += (known.empty() ? "" : ", ") + std::string(row(law).name);
  }
  throw InputError(fmt::format("{}: unknown law '{}'; laws: {}", field, name, known));
}

PhysicalImpact physical_impact(ImpactLaw law, double m, const ImpactLawParameters& p, double v) {
  return {row(law).to_force_law(p.K, p.n, p.damping), m, v};
}

double restitution(ImpactLaw law, double m, const ImpactLawParameters& p, double v,
                   const impact::ImpactOptions& options) {
  const impact::PhysicalResult r = impact::solve_physical(physical_impact(law, m, p, v), options);
  impact::require_finished(r, impact_law_name(law));
  return r.e_out;
}

namespace {

// A value of the quantity q: finite and inside its accepted range (core/units).
void require_quantity(std::size_t row, std::string_view name, double x, const units::Quantity& q) {
  const bool above = q.lo_open ? x > q.lo : x >= q.lo;
  if (!(above && x <= q.hi))
    throw InputError(fmt::format("row {}: {} = {:g} {} is outside the accepted range of {}, {}",
                                 row, name, x, q.si_unit, q.name, units::range_text(q)));
}

template <class Row>
void validate_contact_column(const RestitutionCurve& d, const std::vector<double>& x,
                             const std::vector<double>& sigma, std::string_view name,
                             const units::Quantity& q, Row row) {
  if (x.empty() && sigma.empty()) return;
  if (x.size() != d.v_in.size() || sigma.size() != x.size())
    throw InputError(fmt::format("restitution curve: {} needs one value and one sigma_{} per "
                                 "point ({} points, {} values, {} sigmas)",
                                 name, name, d.v_in.size(), x.size(), sigma.size()));
  if (d.sigma_e.empty())
    throw InputError(fmt::format("restitution curve: {} is weighed against e through the "
                                 "sigmas: give sigma_e too", name));
  const std::string sigma_name = fmt::format("sigma_{}", name);
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!(x[i] > 0))
      throw InputError(fmt::format("row {}: {} = {} must be a finite number > 0", row(i), name,
                                   x[i]));
    require_quantity(row(i), name, x[i], q);
    if (!(sigma[i] > 0))
      throw InputError(fmt::format("row {}: {} = {} must be a finite number > 0", row(i),
                                   sigma_name, sigma[i]));
    require_quantity(row(i), sigma_name, sigma[i], q);
  }
}

// A measured e above 1 is noise around an elastic impact, not an error, up to a limit
// (fit_impact.hpp: kSigmaAboveOne standard deviations, or kMarginAboveOne without σ).
void require_restitution(std::size_t row, double e, double sigma) {
  if (!(e > 0))
    throw InputError(fmt::format("row {}: e = {} must be a number > 0", row, e));
  if (std::isnan(sigma) && !(e <= 1 + kMarginAboveOne))
    throw InputError(fmt::format(
        "row {}: e = {} is more than {} above 1 (without sigma_e, a measured e may exceed 1 by "
        "at most {})",
        row, e, kMarginAboveOne, kMarginAboveOne));
  if (!std::isnan(sigma) && !(e <= 1 + kSigmaAboveOne * sigma))
    throw InputError(fmt::format(
        "row {}: e = {} is more than {} sigma_e (sigma_e = {}) above 1: no impact returns "
        "that much energy",
        row, e, kSigmaAboveOne, sigma));
}

}  // namespace

void validate(const RestitutionCurve& d) {
  const auto row = [&](std::size_t i) { return i < d.rows.size() ? d.rows[i] : i + 1; };
  if (d.e.size() != d.v_in.size() || (!d.sigma_e.empty() && d.sigma_e.size() != d.v_in.size()))
    throw InputError(fmt::format("restitution curve: columns of unequal length: v_in {}, e {}, "
                                 "sigma_e {}",
                                 d.v_in.size(), d.e.size(), d.sigma_e.size()));
  if (d.v_in.size() < 2)
    throw InputError(fmt::format(
        "restitution curve: need at least 2 points (v_in, e), got {}", d.v_in.size()));
  for (std::size_t i = 0; i < d.v_in.size(); ++i) {
    if (!(d.v_in[i] > 0) || !std::isfinite(d.v_in[i]))
      throw InputError(fmt::format("row {}: v_in = {} must be a finite speed > 0 [m/s]", row(i),
                                   d.v_in[i]));
    require_quantity(row(i), "v_in", d.v_in[i], units::speed);
    const double sigma = d.sigma_e.empty() ? NAN : d.sigma_e[i];
    if (!d.sigma_e.empty() && !(sigma > 0 && sigma <= 1))
      throw InputError(fmt::format("row {}: sigma_e = {} must be a number in (0, 1]", row(i),
                                   sigma));
    require_restitution(row(i), d.e[i], sigma);
  }
  validate_contact_column(d, d.t_contact, d.sigma_t_contact, "t_contact", units::duration, row);
  validate_contact_column(d, d.f_max, d.sigma_f_max, "f_max", units::force, row);
  const auto [lo, hi] = std::minmax_element(d.v_in.begin(), d.v_in.end());
  if (*lo == *hi)
    throw InputError(fmt::format(
        "restitution curve: all {} speeds are equal (v_in = {}): e(v) needs distinct speeds",
        d.v_in.size(), *lo));
}

bool ImpactFitOptions::IsValid(std::string* error) const {
  if (!fit.IsValid(error)) return false;
  if (!impact.IsValid(error)) return false;
  if (!fit_K && !fit_n && !fit_damping) {
    if (error) *error = "no free parameter: fit at least one of K, n and the damping parameter";
    return false;
  }
  if (!std::isfinite(damping_start)) {
    if (error) *error = fmt::format("damping_start must be finite, got {}", damping_start);
    return false;
  }
  return true;
}

ImpactLawParameters ImpactFitReport::values() const {
  return {parameters.at(0).value, parameters.at(1).value, parameters.at(2).value};
}

}  // namespace calib::fit
