// Issue #16 speed goals: 8 s of the PN2020 two pendulums (≤ 50 ms), 60 s of the SF2020 impact
// damper (≤ 1 s), and the SF2020 slider–crank's 0.1 s.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "calib/dynamics/systems.hpp"

using namespace calib;

static void BM_ImpactDamper60s(benchmark::State& state) {
  const auto s = dynamics::load_system(std::filesystem::path(CALIB_SOURCE_DIR) /
                                       "configs/systems/impact_damper.toml");
  for (auto _ : state)
    benchmark::DoNotOptimize(dynamics::simulate(*s.system, s.q0, s.qd0, s.contact, s.options).steps);
}
BENCHMARK(BM_ImpactDamper60s)->Unit(benchmark::kMillisecond);

static void BM_SliderCrank(benchmark::State& state) {
  const auto s = dynamics::load_system(std::filesystem::path(CALIB_SOURCE_DIR) /
                                       "configs/systems/slider_crank.toml");
  for (auto _ : state)
    benchmark::DoNotOptimize(dynamics::simulate(*s.system, s.q0, s.qd0, s.contact, s.options).steps);
}
BENCHMARK(BM_SliderCrank)->Unit(benchmark::kMillisecond);

static void BM_TwoPendulums8s(benchmark::State& state) {
  const auto s = dynamics::load_system(std::filesystem::path(CALIB_SOURCE_DIR) /
                                       "configs/systems/two_pendulums.toml");
  for (auto _ : state)
    benchmark::DoNotOptimize(dynamics::simulate(*s.system, s.q0, s.qd0, s.contact, s.options).steps);
}
BENCHMARK(BM_TwoPendulums8s)->Unit(benchmark::kMillisecond);
