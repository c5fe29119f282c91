// PINSLOT's speed claim (§2: the power law is "two orders of magnitude" cheaper than the
// iterative solution of the implicit law): W(δ) by the bracketed root solve vs K δⁿ.
// Run: build/bin/calib_bench --benchmark_filter=Kn
#include <benchmark/benchmark.h>

#include <cmath>

#include "calib/models/cylindrical.hpp"

using namespace calib::models::cylindrical;

namespace {
Contact steel() {
  Contact c;
  c.body_i = c.body_j = Material{207000.0, 0.30};
  c.dR = 5.0;
  c.R_i = 100.0;
  return c;
}
}  // namespace

static void BM_KnImplicitSolve(benchmark::State& state) {
  const Model m = static_cast<Model>(state.range(0));
  state.SetLabel(std::string(model_name(m)));
  const Contact c = steel();
  double delta = 1e-4, sink = 0;
  for (auto _ : state) {
    sink += W_of_delta(m, c, delta);
    delta = delta < 5e-3 ? delta * 1.001 : 1e-4;
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_KnImplicitSolve)
    ->Arg(static_cast<int>(Model::radzimovsky))
    ->Arg(static_cast<int>(Model::johnson))
    ->Arg(static_cast<int>(Model::goldsmith))
    ->Arg(static_cast<int>(Model::esdu78035));

static void BM_KnPowerLaw(benchmark::State& state) {
  const double K = 7.53e4, n = 1.133;  // PINSLOT Table 4, ΔR = 5 mm
  double delta = 1e-4, sink = 0;
  for (auto _ : state) {
    sink += K * std::pow(delta, n);
    delta = delta < 5e-3 ? delta * 1.001 : 1e-4;
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_KnPowerLaw);
