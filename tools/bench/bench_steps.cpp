// Steps per contact and RHS evaluations per solve (issue #15 closing-note table): the exact
// dimensionless laws at n ∈ {1, 1.3, 1.5, 2}, e ∈ {0.1, 0.5, 0.9}, rel_tol 1e-10, no diagnostics
// (the calibration path). Args: family (0 linear damper clamped with ζ*(e), 1 hysteresis with
// h*(e), 2 the same hysteresis law in τ: ImpactOptions::strategy.energy_time = false, the solve before
// energy time), 10 n, 10 e. Counters: steps, rhs per solve. n = 1.3 stands for a generic n: xⁿ
// is tracked in the τ solve's bulk there, a power (x, x√x, x²) at the other three.
#include <benchmark/benchmark.h>

#include "calib/impact/impact.hpp"
#include "calib/models/exact_damping.hpp"
#include "calib/models/exact_formulas.hpp"

using namespace calib;

static void BM_ImpactSteps(benchmark::State& state) {
  const bool hysteresis = state.range(0) >= 1;
  const double n = state.range(1) / 10.0, e = state.range(2) / 10.0;
  const ContactLaw law =
      hysteresis ? ContactLaw{Family::hysteresis, n, models::hysteresis_h_exact(e), false}
                 : ContactLaw{Family::linear_damper, n, models::ExactDamping::builtin().zeta(e, n), true};
  impact::ImpactOptions opt{.rel_tol = 1e-10, .abs_tol = 1e-12, .diagnostics = false};
  opt.strategy.energy_time = state.range(0) != 2;
  impact::ImpactResult r;
  for (auto _ : state) {
    r = impact::solve(law, opt);
    benchmark::DoNotOptimize(r.e_out);
  }
  state.counters["steps"] = static_cast<double>(r.steps);
  state.counters["rhs"] = static_cast<double>(r.rhs_evaluations);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ImpactSteps)
    ->ArgsProduct({{0, 1, 2}, {10, 13, 15, 20}, {1, 5, 9}})
    ->ArgNames({"hyst", "n10", "e10"})
    ->Unit(benchmark::kMicrosecond);
