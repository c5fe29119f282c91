// The goals of one benchmark each (1 thread unless stated; compare with SciPy in the
// same run: tools/bench/goals.sh). The sweep cases run `calib sweep`'s own path
// (studies::run_config_sweep: config → kernel → CSV + sidecar) on PN2020 §5.1's random SI points.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "calib/calibrate/calibrate.hpp"
#include "calib/studies/config_sweep.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {
// 20,000 random points: m, k, v log-uniform as in PN2020 §5.1, n ∈ [1, 2], e ∈ [0.3, 1].
fs::path sweep_config(const std::string& kernel, const std::string& model, bool verify = true) {
  const fs::path file = fs::temp_directory_path() /
                        ("calib_goal_" + kernel + "_" + model + (verify ? "" : "_table") + ".toml");
  std::ofstream(file) << "kernel = \"" << kernel << "\"\nmodel = \"" << model << "\"\n"
                      << R"([space]
samples = 20000
seed = 2020
m = { random = { dist = "loguniform", from = 1e-5, to = 1e2 } }
k = { random = { dist = "loguniform", from = 1e5, to = 1e10 } }
v = { random = { dist = "loguniform", from = 1e-3, to = 1e2 } }
n = { random = { dist = "uniform", from = 1.0, to = 2.0 } }
e = { random = { dist = "uniform", from = 0.3, to = 1.0 } }
[solver]
rel_tol = 1e-10
)" << (verify ? "" : "verify = false\n");
  return file;
}

void run_sweep(benchmark::State& state, const std::string& kernel, const std::string& model,
               bool verify = true) {
  const fs::path config = sweep_config(kernel, model, verify);
  const fs::path out = fs::temp_directory_path() / ("calib_goal_" + model + ".csv");
  sweep::SweepOptions options;
  options.threads = static_cast<int>(state.range(0));
  for (auto _ : state) studies::run_config_sweep(config, out, options);
  state.SetItemsProcessed(state.iterations() * 20000);
}
}  // namespace

// Goal: >= 200,000 impact solves/s through `calib sweep` (kernel impact, rel_tol 1e-10).
static void BM_GoalSweepImpactPoursinaNikravesh(benchmark::State& state) {
  run_sweep(state, "impact", "poursina-nikravesh");
}
BENCHMARK(BM_GoalSweepImpactPoursinaNikravesh)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
static void BM_GoalSweepImpactHuntCrossley(benchmark::State& state) {
  run_sweep(state, "impact", "hunt-crossley");
}
BENCHMARK(BM_GoalSweepImpactHuntCrossley)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// Goal: <= 10 µs per exact c_opt through `calib sweep` (kernel calibrate, |e_out − e|/e <= 1e-10).
static void BM_GoalSweepExactCOpt(benchmark::State& state) {
  run_sweep(state, "calibrate", "linear-damper");
}
BENCHMARK(BM_GoalSweepExactCOpt)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
// The same sweep with [solver] verify = false: c_opt from the certified table (|e_out − e|/e ≤
// 1e-10 by ExactDamping::kCertifiedRelErr), no ODE solve; the CSV writer is part of the time.
static void BM_GoalSweepExactCOptTable(benchmark::State& state) {
  run_sweep(state, "calibrate", "linear-damper", false);
}
BENCHMARK(BM_GoalSweepExactCOptTable)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
