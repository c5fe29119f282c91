// Throughput of the core: event-terminated solves per second at several
// tolerances, and exact c_opt calibrations. Run: build/bin/calib_bench
#include <benchmark/benchmark.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/impact/impact.hpp"
#include "calib/studies/rms_table.hpp"

using namespace calib;

static void BM_ImpactSolve(benchmark::State& state) {
  const double tol = std::pow(10.0, -static_cast<double>(state.range(0)));
  const impact::ImpactOptions opt{.rel_tol = tol, .abs_tol = tol * 1e-2};
  double zeta = 0.3, sink = 0;
  for (auto _ : state) {
    sink += impact::solve({Family::linear_damper, 1.5, zeta, true}, opt).e_out;
    zeta = zeta < 1.0 ? zeta + 1e-6 : 0.3;  // defeat caching of identical inputs
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ImpactSolve)->Arg(8)->Arg(10)->Arg(12);

// Arg 1: seeded by the ExactDamping table (the default); arg 0: bracketing + TOMS748 only.
static void BM_COptCalibration(benchmark::State& state) {
  calibrate::CalibrateOptions opt;  // |e_out - e|/e <= 1e-10
  opt.use_table_guess = state.range(0) != 0;
  double e = 0.5, sink = 0;
  for (auto _ : state) {
    sink += calibrate::zeta_exact(e, 1.5, opt).damping;
    e = e < 0.95 ? e + 1e-4 : 0.5;
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_COptCalibration)->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);

static void BM_RmsTableDefault(benchmark::State& state) {
  // The whole default SF2020 table incl. the ODE numerical model (target <= 1 s).
  auto cfg = studies::rms_table::Config::defaults();
  cfg.solver.cor_rel_tol = 1e-12;
  cfg.solver.impact.rel_tol = 1e-13;
  cfg.solver.impact.abs_tol = 1e-15;
  for (auto _ : state) benchmark::DoNotOptimize(studies::rms_table::run(cfg, 0).optimal_k);
}
BENCHMARK(BM_RmsTableDefault)->Unit(benchmark::kMillisecond)->UseRealTime();
