// Damping study throughput: ExactDamping queries, the default 60,000-point
// PN2020 dataset, validation throughput. Run: build/bin/calib_bench --benchmark_filter=Damping
#include <benchmark/benchmark.h>

#include "calib/models/exact_damping.hpp"
#include "calib/studies/damping_fit.hpp"
#include "calib/studies/validate.hpp"
#include "calib/sweep/sweep.hpp"

using namespace calib;

static void BM_DampingExactTableQuery(benchmark::State& state) {
  const models::ExactDamping& t = models::ExactDamping::builtin();  // parsed once, outside the loop
  double e = 0.3, n = 1.0, sink = 0;
  for (auto _ : state) {
    sink += t.c_opt(2.0, 1e7, 0.5, n, e);
    e = e < 0.95 ? e + 1e-5 : 1e-3;
    n = n < 1.99 ? n + 1e-5 : 1.0;
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DampingExactTableQuery)->Unit(benchmark::kNanosecond);

static void BM_DampingTableLoad(benchmark::State& state) {
  // Parse time of the shipped table (first use of builtin() pays this once).
  models::ExactDamping::builtin().write("/tmp/calib_bench_exact_damping.csv");
  for (auto _ : state)
    benchmark::DoNotOptimize(
        models::ExactDamping::load("/tmp/calib_bench_exact_damping.csv").grid());
}
BENCHMARK(BM_DampingTableLoad)->Unit(benchmark::kMillisecond);

static void BM_DampingDataset60k(benchmark::State& state) {
  // The c_opt grid of PN2020 §4.2.4 (100 n × 600 e, |e_out − e|/e ≤ 1e-10) on all cores;
  // target ≤ 2 s wall on 2 cores.
  std::vector<double> es, ns;
  for (int i = 0; i < 600; ++i) es.push_back(0.45 + 0.55 * i / 599.0);
  for (int i = 0; i < 100; ++i) ns.push_back(1.0 + i / 99.0);
  for (auto _ : state) {
    auto out = sweep::map_points<double>(
        60000,
        [&](std::size_t i) { return calibrate::zeta_exact(es[i % 600], ns[i / 600]).damping; }, 0);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * 60000);
}
BENCHMARK(BM_DampingDataset60k)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

static void BM_DampingValidation(benchmark::State& state) {
  // Validation protocol throughput (impacts per second, the default dimensionless solve), eq. 49,
  // all cores.
  auto c = studies::validate::Config::defaults();
  c.e_count = 20;
  c.samples = 100;
  c.formulas = studies::validate::catalog_formulas("poursina-nikravesh", "default");
  for (auto _ : state) benchmark::DoNotOptimize(studies::validate::run(c, 0).solves);
  state.SetItemsProcessed(state.iterations() * 2000);
}
BENCHMARK(BM_DampingValidation)->Unit(benchmark::kMillisecond)->UseRealTime();
