#pragma once
// Synthetic impact records for the record-fit tests: the trajectory solve at known parameters,
// sampled between two sample times, plus seeded Gaussian noise.
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "calib/fit/fit_impact_record.hpp"

namespace calib::fit::test {

constexpr double kM = 0.01, kV = 1.0;  // a 10 g ball at 1 m/s

struct Truth {
  ImpactLaw law;
  ImpactLawParameters p;
};
inline std::vector<Truth> truths() {
  return {{ImpactLaw::hunt_crossley_alpha, {1e9, 1.5, 0.2}},
          {ImpactLaw::viscoelastic, {1e9, 1.5, 7e-6}},
          {ImpactLaw::linear_damper, {1e9, 1.4, 50.0}},
          {ImpactLaw::tsuji, {1e9, 1.6, 0.3}}};
}

// `samples` times over [−0.2, 1.3] contact times, the contact starting at t0 = `phase` (0.37) of a
// sample interval after the 0th time that is ≥ 0 — between two samples; F and δ from the
// trajectory at the truth plus N(0, (noise·peak)²) from mt19937_64(seed).
struct Synthetic {
  ImpactRecord record;
  double t0 = 0.0, dt = 0.0;
};
inline Synthetic synthetic(const Truth& truth, int samples, double noise, bool force, bool delta,
                    unsigned seed = 7, double phase = 0.37) {
  const double tc = record_model(truth.law, kM, kV, truth.p, 0.0, {0.0}).t_contact;
  Synthetic s;
  s.dt = 1.5 * tc / (samples - 1);
  for (int i = 0; i < samples; ++i) s.record.t.push_back(-0.2 * tc + i * s.dt);
  s.t0 = phase * s.dt + s.dt * std::ceil(0.2 * tc / s.dt) - 0.2 * tc;
  const RecordModel m =
      record_model(truth.law, kM, kV, truth.p, s.t0, s.record.t, ImpactFitOptions{}.impact);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> unit(0.0, 1.0);
  const auto noisy = [&](const std::vector<double>& x, std::vector<double>* out,
                         std::vector<double>* sigma) {
    const double sd = noise * *std::max_element(x.begin(), x.end());
    for (double xi : x) out->push_back(xi + sd * unit(rng));
    if (noise > 0) sigma->assign(x.size(), sd);
  };
  if (force) noisy(m.force, &s.record.force, &s.record.sigma_force);
  if (delta) noisy(m.delta, &s.record.delta, &s.record.sigma_delta);
  return s;
}

}  // namespace calib::fit::test
