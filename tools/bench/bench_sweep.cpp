// Sweep engine: overhead per point with an empty kernel, and parallel speed-up
// of an impact-solve sweep (compare threads:1 with threads:2).
#include <benchmark/benchmark.h>

#include <filesystem>

#include "calib/impact/impact.hpp"
#include "calib/sweep/sweep.hpp"

using namespace calib;

namespace {
sweep::Space grid(std::size_t count) {
  sweep::Space s;
  sweep::Axis a;
  a.name = "zeta";
  for (std::size_t i = 0; i < count; ++i)
    a.values.push_back(2.0 * static_cast<double>(i) / static_cast<double>(count));
  s.axes.push_back(a);
  return s;
}
const std::filesystem::path kOut = std::filesystem::temp_directory_path() / "calib_bench_sweep.csv";
}  // namespace

static void BM_SweepEmptyKernel(benchmark::State& state) {
  const auto space = grid(100000);
  sweep::SweepOptions opt;
  opt.threads = static_cast<int>(state.range(0));
  const sweep::Kernel empty = [](const std::vector<double>&) -> std::vector<io::CsvCell> {
    return {};
  };
  for (auto _ : state) sweep::run(space, {}, empty, kOut, opt);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(space.size()));
}
BENCHMARK(BM_SweepEmptyKernel)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

static void BM_SweepImpact(benchmark::State& state) {
  const auto space = grid(20000);
  sweep::SweepOptions opt;
  opt.threads = static_cast<int>(state.range(0));
  const sweep::Kernel k = [](const std::vector<double>& p) -> std::vector<io::CsvCell> {
    return {impact::solve({Family::linear_damper, 1.5, p[0], true}).e_out};
  };
  for (auto _ : state) sweep::run(space, {"e_out"}, k, kOut, opt);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(space.size()));
}
BENCHMARK(BM_SweepImpact)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
