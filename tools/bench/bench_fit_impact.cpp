// Speed of the e(v) fits with the exact solve in every residual: one law on 12 points (each
// law's own data, σ_e = 0.005, seed 5) and all four laws ranked on Hunt–Crossley data; and one
// law fitted to a 1,000-sample force record of one impact (K, n, damping and t0 free).
// Run: build/bin/calib_bench --benchmark_filter=FitImpact
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "calib/fit/fit_impact.hpp"
#include "calib/fit/fit_impact_record.hpp"

using namespace calib;

namespace {
constexpr double kMass = 0.01, kK = 1e9;
const double kDamping[] = {0.2, 7e-6, 50.0, 0.3};  // alpha, A, c, chi (tests/fit)

fit::RestitutionCurve curve(fit::ImpactLaw law) {
  fit::RestitutionCurve d;
  std::mt19937_64 rng(5);
  std::normal_distribution<double> noise(0.0, 0.005);
  for (int i = 0; i < 12; ++i) {
    const double v = 0.05 * std::pow(100.0, i / 11.0);
    d.v_in.push_back(v);
    d.e.push_back(std::min(
        1.0, fit::restitution(law, kMass, {kK, 1.5, kDamping[int(law)]}, v) + noise(rng)));
    d.sigma_e.push_back(0.005);
  }
  return d;
}
}  // namespace

static void BM_FitImpactOneLaw(benchmark::State& state) {
  const auto law = static_cast<fit::ImpactLaw>(state.range(0));
  state.SetLabel(std::string(fit::impact_law_name(law)));
  const fit::RestitutionCurve d = curve(law);
  for (auto _ : state)
    benchmark::DoNotOptimize(fit::fit_restitution_curve(law, kMass, {kK, 1.5, 0.0}, d));
}
BENCHMARK(BM_FitImpactOneLaw)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

static void BM_FitImpactAllLaws(benchmark::State& state) {
  const fit::RestitutionCurve d = curve(fit::ImpactLaw::hunt_crossley_alpha);
  for (auto _ : state) {
    std::vector<fit::ImpactFitReport> reports;
    for (const fit::ImpactLaw law : fit::impact_laws())
      reports.push_back(fit::fit_restitution_curve(law, kMass, {kK, 1.5, 0.0}, d));
    benchmark::DoNotOptimize(fit::rank_by_aic(reports));
  }
}
BENCHMARK(BM_FitImpactAllLaws)->Unit(benchmark::kMillisecond);

// A 1,000-sample force record over 1.5 contact times (v = 1 m/s, t0 between two samples), noise
// 1e-3 of the peak (seed 5) with its sigma; every law on its own record.
static void BM_FitImpactRecord(benchmark::State& state) {
  const auto law = static_cast<fit::ImpactLaw>(state.range(0));
  state.SetLabel(std::string(fit::impact_law_name(law)));
  const fit::ImpactLawParameters truth{kK, 1.5, kDamping[int(law)]};
  const double tc = fit::record_model(law, kMass, 1.0, truth, 0.0, {0.0}).t_contact;
  fit::ImpactRecord d;
  const double dt = 1.5 * tc / 999;
  for (int i = 0; i < 1000; ++i) d.t.push_back(-0.2 * tc + i * dt);
  const fit::RecordModel m = fit::record_model(law, kMass, 1.0, truth, 0.37 * dt, d.t);
  std::mt19937_64 rng(5);
  const double sigma = 1e-3 * *std::max_element(m.force.begin(), m.force.end());
  std::normal_distribution<double> noise(0.0, sigma);
  for (double f : m.force) d.force.push_back(f + noise(rng)), d.sigma_force.push_back(sigma);
  fit::ImpactFitOptions o;
  o.fit_K = true, o.fit_n = law != fit::ImpactLaw::viscoelastic;
  for (auto _ : state)
    benchmark::DoNotOptimize(fit::fit_impact_record(law, kMass, 1.0, {0.0, 1.5, 0.0}, d, o));
}
BENCHMARK(BM_FitImpactRecord)->Arg(0)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);
