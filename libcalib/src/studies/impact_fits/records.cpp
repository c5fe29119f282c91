// The impact_fits study's records: F(t) and δ(t) of one impact made by the exact trajectory at
// the true parameters plus Gaussian noise, every law fitted to each as `fit-impact --law all`
// fits a record (K, n, the damping parameter and the contact start t0 free).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/fit/impact_record_run.hpp"
#include "calib/studies/impact_fits.hpp"
#include "core/checks.hpp"
#include "studies/impact_fits/shared.hpp"

namespace calib::studies::impact_fits {

using detail::law_index;
using detail::normal_draw;

namespace {

int integer_in(const io::ConfigNode& node, const std::string& key, std::int64_t lo,
               std::int64_t hi) {
  const auto x = node.integer(key);
  if (x < lo || x > hi)
    throw InputError(fmt::format("{}: must be in [{}, {}], got {}", node.where(key), lo, hi, x));
  return static_cast<int>(x);
}

}  // namespace

RecordConfig RecordConfig::from(const io::ConfigNode& node) {
  RecordConfig c;
  c.v = node.quantity("v", units::speed);
  c.samples = integer_in(node, "samples", 20, 100000);
  c.noise = require_in_range(node.where("noise"), node.number("noise"), 1e-9, 0.5);
  for (const std::string& data : node.strings("data")) {
    if (data != "force" && data != "delta" && data != "force+delta")
      throw InputError(fmt::format("{}: each must be force, delta or force+delta, got '{}'",
                                   node.where("data"), data));
    c.kinds.push_back({data, data != "delta", data != "force"});
  }
  require_listed(node.where("data"), c.kinds.size());
  c.seed = require_seed(node.where("seed"), node.integer("seed"));
  c.replicates = integer_in(node, "replicates", 1, 1000);
  if (const auto shipped = node.optional_table("shipped"))
    for (const fit::ImpactLaw law : fit::impact_laws())
      if (const std::string key(fit::impact_law_name(law)); shipped->has(key))
        c.shipped.emplace_back(law, shipped->path(key));
  return c;
}

fit::ImpactRecord generate_record(const Config& c, std::size_t kind, fit::ImpactLaw law,
                                  int replicate, double* t0_out) {
  const RecordConfig& rc = c.record;
  const std::size_t index = law_index(law);
  const fit::ImpactLawParameters truth{c.K, c.n, c.true_damping[index]};
  // One stream per (kind, law, replicate) that does not depend on the replicate count (at most
  // 1000), so a run with more replicates repeats the records of one with fewer.
  const std::size_t laws = fit::impact_laws().size();
  const std::size_t stream = (kind * laws + index) * 1000 + std::size_t(replicate);
  const impact::ImpactOptions options = fit::ImpactFitOptions{}.impact;
  const double t_contact = fit::record_model(law, c.m, rc.v, truth, 0.0, {0.0}, options).t_contact;
  const double dt = 1.5 * t_contact / (rc.samples - 1.0);
  const double start = -0.2 * t_contact;
  // The touch at a uniform fraction of the sample interval that holds t = 0 (index 4·samples:
  // after the 2·samples normal draws, two uniforms each).
  const double phase = sweep::unit_draw(rc.seed, stream, 4 * std::size_t(rc.samples));
  const double t0 = start + (std::floor(-start / dt) + phase) * dt;
  fit::ImpactRecord record;
  for (int i = 0; i < rc.samples; ++i) record.t.push_back(start + i * dt);
  const fit::RecordModel exact = fit::record_model(law, c.m, rc.v, truth, t0, record.t, options);
  const auto peak = [](const std::vector<double>& y) {
    double p = 0;
    for (const double x : y) p = std::max(p, x);
    return p;
  };
  const double sigma_force = rc.noise * peak(exact.force);
  const double sigma_delta = rc.noise * peak(exact.delta);
  for (std::size_t i = 0; i < record.t.size(); ++i) {
    if (rc.kinds.at(kind).force) {
      record.force.push_back(exact.force[i] + sigma_force * normal_draw(rc.seed, stream, i));
      record.sigma_force.push_back(sigma_force);
    }
    if (rc.kinds.at(kind).delta) {
      const double noise = normal_draw(rc.seed, stream, i + record.t.size());
      record.delta.push_back(exact.delta[i] + sigma_delta * noise);
      record.sigma_delta.push_back(sigma_delta);
    }
  }
  fit::validate(record);
  if (t0_out) *t0_out = t0;
  return record;
}

const fit::RecordFitReport& own_fit(const RecordDataset& d) {
  return d.fits.at(law_index(d.generator));
}

namespace {

// The four fits to a record (`fit-impact --law all` with t[s]: K from the peak, n from 1.5, the
// damping scanned, t0 from the rise) and their AIC ranking.
void fit_all_laws(const Config& c, RecordDataset& d) {
  fit::FitRecordRequest request;
  request.laws = fit::impact_laws();
  request.m = c.m, request.v = c.record.v;
  d.fits = fit::run_fit_impact_record(request, d.record).reports;
  std::vector<fit::ImpactFitReport> reports;
  for (const fit::RecordFitReport& f : d.fits) reports.push_back(f.fit);
  d.ranking = fit::rank_by_aic(reports);
}

}  // namespace

std::vector<RecordDataset> run_records(const Config& c, const sweep::Execution& execution) {
  const auto& laws = fit::impact_laws();
  const std::size_t per_kind = laws.size() * static_cast<std::size_t>(c.record.replicates);
  const std::size_t synthetic = c.record.kinds.size() * per_kind;
  // One record per point and its four fits, in parallel; the shipped files after the rest.
  return sweep::map_points<RecordDataset>(
      synthetic + c.record.shipped.size(),
      [&](std::size_t i) {
        RecordDataset d;
        d.kind = std::min(i / per_kind, c.record.kinds.size());
        if (i >= synthetic) {
          const auto& [law, file] = c.record.shipped[i - synthetic];
          d.data = "shipped", d.generator = law, d.true_t0 = std::nan("");
          d.record = fit::read_impact_record(file);
        } else {
          d.data = c.record.kinds[d.kind].name;
          d.generator = laws[i % per_kind / c.record.replicates];
          d.replicate = static_cast<int>(i % c.record.replicates);
          d.record = generate_record(c, d.kind, d.generator, d.replicate, &d.true_t0);
        }
        d.truth = {c.K, c.n, c.true_damping[law_index(d.generator)]};
        fit_all_laws(c, d);
        return d;
      },
      execution);
}

}  // namespace calib::studies::impact_fits
