// The systems study: every law in the SF2020 bouncing ball, every gap in the impact damper.
#include "calib/studies/systems.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <limits>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/planar_multibody.hpp"
#include "calib/impact/impact.hpp"
#include "core/checks.hpp"

namespace calib::studies::systems {

namespace fs = std::filesystem;

Config Config::from(const io::ConfigNode& node) {
  Config c;
  if (auto b = node.optional_table("bouncing_ball")) {
    if (b->has("file")) c.ball_file = b->path("file");
    if (b->has("restitutions")) c.ball_restitutions = b->numbers("restitutions");
    if (b->has("models")) c.ball_models = b->strings("models");
    require_listed(b->where("restitutions"), c.ball_restitutions.size());
    require_listed(b->where("models"), c.ball_models.size());
    c.ball_t_end = b->number("t_end", c.ball_t_end);
  }
  if (auto d = node.optional_table("impact_damper")) {
    if (d->has("file")) c.damper_file = d->path("file");
    if (d->has("gaps")) c.damper_gaps = d->numbers("gaps");
    require_listed(d->where("gaps"), c.damper_gaps.size());
    c.damper_t_end = d->number("t_end", c.damper_t_end);
  }
  if (auto k = node.optional_table("slider_crank")) {
    if (k->has("file")) c.crank_file = k->path("file");
    if (k->has("planar_file")) c.crank_planar_file = k->path("planar_file");
  }
  if (auto p = node.optional_table("two_pendulums")) {
    if (p->has("file")) c.pendulums_file = p->path("file");
    if (p->has("planar_file")) c.pendulums_planar_file = p->path("planar_file");
    if (p->has("methods")) c.pendulum_methods = p->strings("methods");
    require_listed(p->where("methods"), c.pendulum_methods.size());
  }
  for (double e : c.ball_restitutions)
    if (!(e > 0 && e <= 1)) throw InputError(fmt::format("[bouncing_ball] restitutions: every c_r must be in (0, 1], got {}", e));
  for (double g : c.damper_gaps)
    if (!(g > 0 && std::isfinite(g))) throw InputError(fmt::format("[impact_damper] gaps: every gap must be > 0 [m], got {}", g));
  if (!(c.ball_t_end > 0) || !(c.damper_t_end > 0))
    throw InputError("t_end must be > 0 [s] in [bouncing_ball] and [impact_damper]");
  node.reject_unknown();
  c.as_json = node.to_json();
  return c;
}

// Every simulation of the study is independent: they run as one pool of tasks, the long ones
// first — the 60 s impact-damper runs (~0.06 s each, 60 % of the study), then the slider-crank
// and pendulum runs (0.005–0.025 s) — and the bouncing-ball runs (~0.005 s each) last.
Result run(const Config& config, const sweep::Execution& execution) {
  Result r;
  std::vector<std::function<void()>> heavy, tasks;  // long ones, bouncing-ball ones

  // SF2020 §9: one run per gap.
  const dynamics::SystemSetup damper = dynamics::load_system(config.damper_file);
  const auto& base = dynamic_cast<const dynamics::ImpactDamper&>(*damper.system).parameters();
  r.damper.resize(config.damper_gaps.size());
  for (std::size_t i = 0; i < r.damper.size(); ++i)
    heavy.emplace_back([&, i] {
      auto p = base;
      p.gap = config.damper_gaps[i];
      const dynamics::ImpactDamper sys(p);
      dynamics::SimulateOptions o = damper.options;
      o.t_end = config.damper_t_end;
      o.output_dt = 2e-3;
      DamperRun run{p.gap, dynamics::simulate(sys, damper.q0, damper.qd0, damper.contact, o), 0, 0};
      run.t_last_impact = run.result.impacts.empty() ? 0.0 : run.result.impacts.back().t_start;
      // Sticking: from the last sample after which the relative speed stays below 10 ε.
      run.t_stick = o.t_end;
      for (auto it = run.result.series.rbegin(); it != run.result.series.rend(); ++it) {
        if (std::abs(it->qd[0] - it->qd[1]) > 10 * p.friction_velocity) break;
        run.t_stick = it->t;
      }
      r.damper[i] = std::move(run);
    });

  // SF2020 §8: Hertz and every law at every c_r.
  const dynamics::SystemSetup ball = dynamics::load_system(config.ball_file);
  const auto& bb = dynamic_cast<const dynamics::BouncingBall&>(*ball.system);
  r.ball_radius = bb.penetration(0, dynamics::Vector::Zero(1));  // δ at y = 0 is R
  r.g = -bb.applied(0, ball.q0, ball.qd0)[0] / bb.mass(ball.q0)(0, 0);
  struct Point {
    std::string model;
    double cr;
  };
  std::vector<Point> points;
  for (double cr : config.ball_restitutions) {
    points.push_back({"hertz", cr});
    for (const auto& m : config.ball_models) points.push_back({m, cr});
  }
  r.ball.resize(points.size());
  for (std::size_t i = 0; i < points.size(); ++i)
    tasks.emplace_back([&, i] {
      const Point& p = points[i];
      dynamics::ContactModel c = ball.contact;
      c.model = p.model == "hertz" ? "hunt-crossley" : p.model;  // h = 0 at e = 1: pure Hertz
      c.e = p.model == "hertz" ? 1.0 : p.cr;
      dynamics::SimulateOptions o = ball.options;
      o.t_end = config.ball_t_end;
      o.record_loops = true;
      BallRun run{p.model, p.cr, dynamics::simulate(bb, ball.q0, ball.qd0, c, o), {}};
      for (const auto& imp : run.result.impacts) {  // the same law as a single impact, no gravity
        const auto single = impact::solve_physical(
            {imp.law.family, imp.m_eff, imp.law.k, imp.v_in, imp.law.n, imp.law.damping, imp.law.clamp},
            {.rel_tol = 1e-11, .abs_tol = 1e-13});
        run.single_impact_e.push_back(single.e_out);
      }
      r.ball[i] = std::move(run);
    });

  // SF2020 §10 under both readings of Table 6's 200 rad/s (systems.hpp), in both formulations.
  const dynamics::SystemSetup crank = dynamics::load_system(config.crank_file);
  const dynamics::SystemSetup crank_planar = dynamics::load_system(config.crank_planar_file);
  const auto& free_crank = dynamic_cast<const dynamics::PlanarMultibody&>(*crank_planar.system);
  const std::vector<std::string> readings{"free", "constant-speed"};
  r.crank.resize(readings.size());
  std::vector<dynamics::SimulationResult> crank_planar_runs(readings.size());
  for (std::size_t i = 0; i < readings.size(); ++i) {
    heavy.emplace_back([&, i] {
      auto p = dynamic_cast<const dynamics::SliderCrank&>(*crank.system).parameters();
      p.driven = readings[i] == "constant-speed";
      CrankRun run{readings[i], std::make_unique<dynamics::SliderCrank>(p), {}};
      run.result = dynamics::simulate(*run.system, crank.q0, crank.qd0, crank.contact, crank.options);
      r.crank[i] = std::move(run);
    });
    heavy.emplace_back([&, i] {
      auto description = free_crank.description();
      if (readings[i] == "constant-speed") {  // a motor on the crank at its initial speed
        const int phi = description.coordinate_index(description.bodies.front().name + ".angle");
        description.drives.push_back({phi, crank_planar.qd0[phi]});
      }
      const dynamics::PlanarMultibody sys(description);
      crank_planar_runs[i] = dynamics::simulate(sys, crank_planar.q0, sys.initial_velocities(),
                                                crank_planar.contact, crank_planar.options);
    });
  }

  // PN2020 §6: each method over the same 8 s, in both formulations.
  const dynamics::SystemSetup pend = dynamics::load_system(config.pendulums_file);
  const dynamics::SystemSetup pend_planar = dynamics::load_system(config.pendulums_planar_file);
  const auto& methods = config.pendulum_methods;
  r.pendulums.resize(methods.size());
  std::vector<dynamics::SimulationResult> pendulum_planar_runs(methods.size());
  auto pendulum_run = [&](const dynamics::SystemSetup& setup, const std::string& m) {
    dynamics::ContactModel c = setup.contact;
    dynamics::SimulateOptions o = setup.options;
    if (m == "piecewise")
      o.method = dynamics::Method::piecewise;
    else
      c.model = m, o.method = dynamics::Method::continuous;
    return dynamics::simulate(*setup.system, setup.q0, setup.qd0, c, o);
  };
  for (std::size_t i = 0; i < methods.size(); ++i) {
    heavy.emplace_back([&, i] { r.pendulums[i] = {methods[i], pendulum_run(pend, methods[i])}; });
    heavy.emplace_back([&, i] { pendulum_planar_runs[i] = pendulum_run(pend_planar, methods[i]); });
  }

  // Longest first: map_points hands indices out in order, so the long runs start at once
  // and the short ones fill in around them.
  tasks.insert(tasks.begin(), std::make_move_iterator(heavy.begin()),
               std::make_move_iterator(heavy.end()));
  sweep::map_points<char>(
      tasks.size(),
      [&](std::size_t i) {
        tasks[i]();
        return char{0};
      },
      execution);
  for (std::size_t i = 0; i < methods.size(); ++i)
    r.formulations.push_back({"two-pendulums", methods[i], r.pendulums[i].result,
                              std::move(pendulum_planar_runs[i])});
  for (std::size_t i = 0; i < readings.size(); ++i)
    r.formulations.push_back(
        {"slider-crank", readings[i], r.crank[i].result, std::move(crank_planar_runs[i])});
  return r;
}

FormulationGap formulation_gap(const FormulationRun& f) {
  FormulationGap g;
  const std::size_t n = std::min(f.generalized.impacts.size(), f.planar.impacts.size());
  for (std::size_t k = 0; k < n; ++k) {
    const auto &a = f.generalized.impacts[k], &b = f.planar.impacts[k];
    g.t_start = std::max(g.t_start, std::abs(a.t_start - b.t_start));
    g.v_in = std::max(g.v_in, std::abs(a.v_in - b.v_in) / a.v_in);
    g.e = std::max(g.e, std::abs(a.e - b.e));
  }
  if (f.generalized.impacts.size() != f.planar.impacts.size())
    g.t_start = g.v_in = g.e = std::numeric_limits<double>::infinity();
  return g;
}

std::string report(const Result& r) {
  std::string s = "bouncing ball (SF2020 §8): first-bounce e achieved vs target c_r\n";
  s += fmt::format("{:<26}", "model");
  std::vector<double> crs;
  for (const auto& b : r.ball)
    if (std::find(crs.begin(), crs.end(), b.cr) == crs.end()) crs.push_back(b.cr);
  for (double cr : crs) s += fmt::format(" {:>9}", fmt::format("c_r={}", cr));
  s += "\n";
  std::vector<std::string> models;
  for (const auto& b : r.ball)
    if (std::find(models.begin(), models.end(), b.model) == models.end()) models.push_back(b.model);
  for (const auto& m : models) {
    s += fmt::format("{:<26}", m);
    for (double cr : crs)
      for (const auto& b : r.ball)
        if (b.model == m && b.cr == cr)
          s += fmt::format(" {:>9.5f}", b.result.impacts.empty() ? NAN : b.result.impacts[0].e);
    s += "\n";
  }
  s += "impact damper (SF2020 §9): zones per gap\n";
  for (const auto& d : r.damper)
    s += fmt::format("  gap {:>4.0f} mm: {:>4} impacts, impact zone until {:6.2f} s, sliding until {:6.2f} s\n",
                     1e3 * d.gap, d.result.impacts.size(), d.t_last_impact, d.t_stick);
  s += "two pendulums (PN2020 §6): impacts per method\n";
  for (const auto& p : r.pendulums)
    for (const auto& i : p.result.impacts)
      s += fmt::format("  {:<20} t = {:.4f} s, e = {:.4f}, θ̇₁ = {:+.4f}, θ̇₂ = {:+.4f} rad/s after\n",
                       p.method, i.t_start, i.e, i.qd_after[0], i.qd_after[1]);
  s += "slider-crank (SF2020 §10): impacts per reading of the crank's 200 rad/s\n";
  for (const auto& c : r.crank)
    for (const auto& i : c.result.impacts)
      s += fmt::format("  {:<15} t = {:.5f} s, v_in = {:.3f} m/s, e = {:.4f}\n", c.reading,
                       i.t_start, i.v_in, i.e);
  s += "planar multibody files against the generalized coordinates: largest differences\n";
  for (const auto& f : r.formulations) {
    const FormulationGap g = formulation_gap(f);
    s += fmt::format("  {:<14} {:<20} {} vs {} impacts, |dt| {:.1e} s, |dv_in|/v_in {:.1e}, "
                     "|de| {:.1e}, drift {:.1e}\n",
                     f.system, f.method, f.generalized.impacts.size(), f.planar.impacts.size(),
                     g.t_start, g.v_in, g.e, f.planar.max_drift);
  }
  return s;
}

}  // namespace calib::studies::systems
