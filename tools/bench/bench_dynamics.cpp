// Speed goals of the dynamics layer: 8 s of the PN2020 two pendulums (≤ 50 ms), 60 s of the SF2020 impact
// damper (≤ 1 s), and the SF2020 slider–crank's 0.1 s; the planar multibody files of the same
// pendulums and crank (dependent coordinates, augmented equations) for the price of generality;
// the slider–crank with a revolute clearance joint over two crank revolutions (≤ 0.5 s).
#include <benchmark/benchmark.h>

#include <filesystem>

#include "calib/dynamics/systems.hpp"

using namespace calib;

static void BM_System(benchmark::State& state, const char* file) {
  const auto s = dynamics::load_system(std::filesystem::path(CALIB_SOURCE_DIR) / "configs/systems" / file);
  for (auto _ : state)
    benchmark::DoNotOptimize(dynamics::simulate(*s.system, s.q0, s.qd0, s.contact, s.options).steps);
}
BENCHMARK_CAPTURE(BM_System, ImpactDamper60s, "impact_damper.toml")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_System, SliderCrank, "slider_crank.toml")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_System, SliderCrankPlanar, "slider_crank_planar.toml")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_System, SliderCrankClearance2Rev, "slider_crank_clearance.toml")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_System, TwoPendulums8s, "two_pendulums.toml")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_System, TwoPendulumsPlanar8s, "two_pendulums_planar.toml")->Unit(benchmark::kMillisecond);
