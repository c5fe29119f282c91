// The impact_fits study: restitution curves made by the exact solve at known parameters, every
// law fitted to each, recovery and AIC ranking.
#include "calib/studies/impact_fits.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "core/checks.hpp"
#include "studies/impact_fits/shared.hpp"

namespace calib::studies::impact_fits {

using detail::law_index;
using detail::normal_draw;

Config Config::from(const io::ConfigNode& node) {
  Config c;
  const auto material = node.table("material");
  c.m = material.quantity("m", units::mass);
  c.n = require_exponent(material.where("n"), material.number("n"));
  c.K = material.quantity("K", units::contact_stiffness(c.n));
  const auto truth = node.table("truth");
  for (const fit::ImpactLaw law : fit::impact_laws()) {
    const std::string key(fit::impact_law_name(law));
    // In the law's own unit (s/m, s, N*s/m or none): a number in SI or text with a unit.
    const units::Quantity q = units::quantity_of_unit(
        "a damping parameter", fit::damping_parameter_unit(law), 0.0, 1e12, "0.5s/m");
    c.true_damping[law_index(law)] = require_positive(truth.where(key), truth.quantity(key, q));
  }
  const auto speeds = node.table("speeds");
  const double from = speeds.quantity("from", units::speed);
  const double to = speeds.quantity("to", units::speed);
  const auto count = speeds.integer("count");
  if (count < 2 || count > 1000 || !(to > from))
    throw InputError(fmt::format("{}: need 2..1000 speeds with to > from, got count {} over {}..{}",
                                 speeds.where("count"), count, from, to));
  for (std::int64_t i = 0; i < count; ++i)
    c.speeds.push_back(from * std::pow(to / from, static_cast<double>(i) / (count - 1.0)));
  const auto noise = node.table("noise");
  c.sigma = require_non_negative(noise.where("sigma"), noise.number("sigma"));
  c.seed = require_seed(noise.where("seed"), noise.integer("seed"));
  const auto replicates = noise.integer("replicates");
  if (replicates < 1 || replicates > 1000)
    throw InputError(
        fmt::format("{}: must be in [1, 1000], got {}", noise.where("replicates"), replicates));
  c.replicates = static_cast<int>(replicates);
  if (const auto record = node.optional_table("record")) c.record = RecordConfig::from(*record);
  if (node.has("published"))
    for (const io::ConfigNode& entry : node.tables("published")) {
      c.published.push_back(PublishedCurve::from(entry));
      for (std::size_t k = 0; k + 1 < c.published.size(); ++k)
        if (c.published[k].label == c.published.back().label)
          throw InputError(fmt::format("{}: '{}' is used twice", entry.where("label"),
                                       c.published.back().label));
    }
  node.reject_unknown();
  c.as_json = node.to_json();
  return c;
}

fit::RestitutionCurve generate_curve(const Config& c, fit::ImpactLaw law, int replicate) {
  const std::size_t index = law_index(law);
  const fit::ImpactLawParameters truth{c.K, c.n, c.true_damping[index]};
  const std::size_t stream = index * static_cast<std::size_t>(c.replicates) + replicate;
  fit::RestitutionCurve curve;
  curve.v_in = c.speeds;
  for (std::size_t i = 0; i < c.speeds.size(); ++i) {
    const double exact =
        fit::restitution(law, c.m, truth, c.speeds[i], fit::ImpactFitOptions{}.impact);
    const double noisy = exact + c.sigma * normal_draw(c.seed, stream, i);
    // Kept as drawn: a measured e may exceed 1 by its noise, and fit-impact takes it up to
    // kSigmaAboveOne σ above 1 (fit::validate); only a draw beyond that (probability ≤ 1.3e-3,
    // the normal tail at 3σ, for a true e of 1) or not above 0 is held at the edge.
    curve.e.push_back(std::clamp(noisy, 1e-6, 1.0 + fit::kSigmaAboveOne * c.sigma));
    if (c.sigma > 0) curve.sigma_e.push_back(c.sigma);
  }
  fit::validate(curve);
  return curve;
}

const fit::ImpactFitReport& own_fit(const Dataset& d) { return d.fits.at(law_index(d.generator)); }

int rank_of(const Dataset& d, fit::ImpactLaw law) {
  for (std::size_t i = 0; i < d.ranking.size(); ++i)
    if (d.ranking[i].law == law) return static_cast<int>(i) + 1;
  throw ComputeError(
      fmt::format("impact-fits: {} missing from a ranking", fit::impact_law_name(law)));
}

Result run(const Config& c, const sweep::Execution& execution) {
  const auto& laws = fit::impact_laws();
  const std::size_t count = laws.size() * static_cast<std::size_t>(c.replicates);
  Result r;
  // One dataset per point: its curve and the four fits (`fit-impact --law all`), in parallel.
  r.datasets = sweep::map_points<Dataset>(
      count,
      [&](std::size_t i) {
        Dataset d;
        d.generator = laws[i / c.replicates];
        d.replicate = static_cast<int>(i % c.replicates);
        d.true_value = c.true_damping[law_index(d.generator)];
        d.curve = generate_curve(c, d.generator, d.replicate);
        fit::FitImpactRequest request;
        request.laws = laws;
        request.m = c.m, request.K = c.K, request.n = c.n;
        const fit::FitImpactOutcome outcome = fit::run_fit_impact(request, d.curve);
        d.fits = outcome.reports;
        d.ranking = fit::rank_by_aic(d.fits);
        return d;
      },
      execution);
  r.records = run_records(c, execution);
  r.published = run_published(c, execution);
  return r;
}

}  // namespace calib::studies::impact_fits
