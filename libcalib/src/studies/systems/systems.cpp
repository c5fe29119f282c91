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
#include "scotch_yoke_part.hpp"

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
    c.ball_t_end = b->quantity("t_end", units::duration, c.ball_t_end);
  }
  if (auto d = node.optional_table("impact_damper")) {
    if (d->has("file")) c.damper_file = d->path("file");
    if (d->has("gaps")) c.damper_gaps = d->quantities("gaps", units::length);
    require_listed(d->where("gaps"), c.damper_gaps.size());
    c.damper_t_end = d->quantity("t_end", units::duration, c.damper_t_end);
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
  if (auto s = node.optional_table("slider_crank_clearance"))
    c.clearance_crank = ClearanceCrankConfig::from(*s);
  if (auto y = node.optional_table("scotch_yoke")) c.scotch_yoke = ScotchYokeConfig::from(*y);
  for (double e : c.ball_restitutions)
    if (!(e > 0 && e <= 1))
      throw InputError(
          fmt::format("[bouncing_ball] restitutions: every c_r must be in (0, 1], got {}", e));
  for (double g : c.damper_gaps)
    if (!(g > 0 && std::isfinite(g)))
      throw InputError(fmt::format("[impact_damper] gaps: every gap must be > 0 [m], got {}", g));
  if (!(c.ball_t_end > 0) || !(c.damper_t_end > 0))
    throw InputError("t_end must be > 0 [s] in [bouncing_ball] and [impact_damper]");
  node.reject_unknown();
  c.as_json = node.to_json();
  return c;
}

namespace {

// Sticking: the time of the last sample after which the relative speed of mass and container
// stays below 10 ε (SF2020 §9's friction zone ends there).
double stick_time(const dynamics::SimulationResult& result, double friction_velocity,
                  double t_end) {
  double t_stick = t_end;
  for (auto it = result.series.rbegin(); it != result.series.rend(); ++it) {
    if (std::abs(it->qd[0] - it->qd[1]) > 10 * friction_velocity) break;
    t_stick = it->t;
  }
  return t_stick;
}

// The e_out of each bounce's law as a single impact at the bounce's v_in, without gravity.
std::vector<double> single_impact_restitutions(const dynamics::SimulationResult& result) {
  std::vector<double> out;
  for (const auto& imp : result.impacts) {
    const auto single = impact::solve_physical({imp.law.law, imp.m_eff, imp.v_in},
                                               {.rel_tol = 1e-11, .abs_tol = 1e-13});
    out.push_back(single.e_out);
  }
  return out;
}

// One pendulum run: "piecewise" (PN2020's restitution-law method) or a continuous catalog law.
dynamics::SimulationResult pendulum_run(const dynamics::SystemSetup& setup, const std::string& m) {
  dynamics::ContactModel c = setup.contact;
  dynamics::SimulateOptions o = setup.options;
  if (m == "piecewise")
    o.method = dynamics::Method::piecewise;
  else
    std::get<dynamics::Calibrated>(c.damping).model = m, o.method = dynamics::Method::continuous;
  return dynamics::simulate(*setup.system, setup.q0, setup.qd0, c, o);
}

// The study's simulations as a pool of independent tasks. Each add_* loads its system file and
// queues its runs; the tasks refer to the loaded files and write into `r` and the planar runs,
// so all of them live here until run_tasks returns.
class StudyTasks {
 public:
  StudyTasks(const Config& config, Result& r) : config_(config), r_(r) {}
  void add_damper_runs();
  void add_ball_runs();
  void add_crank_runs();
  void add_pendulum_runs();
  void add_clearance_crank_run();
  void add_scotch_yoke_runs() {
    for (auto& task : scotch_yoke_tasks(config_.scotch_yoke, r_.scotch_yoke))
      heavy_.push_back(std::move(task));
  }
  void run_tasks(const sweep::Execution& execution);
  void pair_formulations();

 private:
  struct BallPoint {
    std::string model;
    double cr;
  };
  const Config& config_;
  Result& r_;
  std::vector<std::function<void()>> heavy_, light_;  // long ones, bouncing-ball ones
  dynamics::SystemSetup damper_, ball_, crank_, crank_planar_, pend_, pend_planar_;
  std::vector<BallPoint> ball_points_;
  const std::vector<std::string> readings_{"free", "constant-speed"};
  std::vector<dynamics::SimulationResult> crank_planar_runs_, pendulum_planar_runs_;
};

// SF2020 §9: one run per gap.
void StudyTasks::add_damper_runs() {
  damper_ = dynamics::load_system(config_.damper_file);
  const auto* base = &dynamic_cast<const dynamics::ImpactDamper&>(*damper_.system).parameters();
  r_.damper.resize(config_.damper_gaps.size());
  for (std::size_t i = 0; i < r_.damper.size(); ++i)
    heavy_.emplace_back([this, base, i] {
      auto p = *base;
      p.gap = config_.damper_gaps[i];
      const dynamics::ImpactDamper sys(p);
      dynamics::SimulateOptions o = damper_.options;
      o.t_end = config_.damper_t_end;
      o.output_dt = 2e-3;
      DamperRun run{p.gap, dynamics::simulate(sys, damper_.q0, damper_.qd0, damper_.contact, o), 0,
                    0};
      run.t_last_impact = run.result.impacts.empty() ? 0.0 : run.result.impacts.back().t_start;
      run.t_stick = stick_time(run.result, p.friction_velocity, o.t_end);
      r_.damper[i] = std::move(run);
    });
}

// SF2020 §8: Hertz and every law at every c_r.
void StudyTasks::add_ball_runs() {
  ball_ = dynamics::load_system(config_.ball_file);
  const auto* bb = &dynamic_cast<const dynamics::BouncingBall&>(*ball_.system);
  r_.ball_radius = bb->penetration(0, dynamics::Vector::Zero(1));  // δ at y = 0 is R
  r_.g = -bb->applied(0, ball_.q0, ball_.qd0)[0] / bb->mass(ball_.q0)(0, 0);
  for (double cr : config_.ball_restitutions) {
    ball_points_.push_back({"hertz", cr});
    for (const auto& m : config_.ball_models) ball_points_.push_back({m, cr});
  }
  r_.ball.resize(ball_points_.size());
  for (std::size_t i = 0; i < ball_points_.size(); ++i)
    light_.emplace_back([this, bb, i] {
      const BallPoint& p = ball_points_[i];
      dynamics::ContactModel c = ball_.contact;
      c.damping = p.model == "hertz"  // h = 0 at e = 1: pure Hertz
                      ? dynamics::Calibrated{"hunt-crossley", 1.0}
                      : dynamics::Calibrated{p.model, p.cr};
      dynamics::SimulateOptions o = ball_.options;
      o.t_end = config_.ball_t_end;
      o.record_loops = true;
      BallRun run{p.model, p.cr, dynamics::simulate(*bb, ball_.q0, ball_.qd0, c, o), {}};
      run.single_impact_e = single_impact_restitutions(run.result);
      r_.ball[i] = std::move(run);
    });
}

// SF2020 §10 under both readings of Table 6's 200 rad/s (systems.hpp), in both formulations.
void StudyTasks::add_crank_runs() {
  crank_ = dynamics::load_system(config_.crank_file);
  crank_planar_ = dynamics::load_system(config_.crank_planar_file);
  const auto* free_crank = &dynamic_cast<const dynamics::PlanarMultibody&>(*crank_planar_.system);
  r_.crank.resize(readings_.size());
  crank_planar_runs_.resize(readings_.size());
  for (std::size_t i = 0; i < readings_.size(); ++i) {
    heavy_.emplace_back([this, i] {
      auto p = dynamic_cast<const dynamics::SliderCrank&>(*crank_.system).parameters();
      p.driven = readings_[i] == "constant-speed";
      CrankRun run{readings_[i], std::make_unique<dynamics::SliderCrank>(p), {}};
      run.result =
          dynamics::simulate(*run.system, crank_.q0, crank_.qd0, crank_.contact, crank_.options);
      r_.crank[i] = std::move(run);
    });
    heavy_.emplace_back([this, free_crank, i] {
      auto description = free_crank->description();
      if (readings_[i] == "constant-speed") {  // a motor on the crank at its initial speed
        const int phi = description.coordinate_index(description.bodies.front().name + ".angle");
        description.drives.push_back({phi, crank_planar_.qd0[phi]});
      }
      const dynamics::PlanarMultibody sys(description);
      crank_planar_runs_[i] = dynamics::simulate(sys, crank_planar_.q0, sys.initial_velocities(),
                                                 crank_planar_.contact, crank_planar_.options);
    });
  }
}

// PN2020 §6: each method over the same 8 s, in both formulations.
void StudyTasks::add_pendulum_runs() {
  pend_ = dynamics::load_system(config_.pendulums_file);
  pend_planar_ = dynamics::load_system(config_.pendulums_planar_file);
  const auto& methods = config_.pendulum_methods;
  r_.pendulums.resize(methods.size());
  pendulum_planar_runs_.resize(methods.size());
  for (std::size_t i = 0; i < methods.size(); ++i) {
    heavy_.emplace_back([this, i] {
      const std::string& method = config_.pendulum_methods[i];
      r_.pendulums[i] = {method, pendulum_run(pend_, method)};
    });
    heavy_.emplace_back([this, i] {
      pendulum_planar_runs_[i] = pendulum_run(pend_planar_, config_.pendulum_methods[i]);
    });
  }
}

// The clearance slider–crank and its ideal-joint twin (systems_clearance_crank.hpp).
void StudyTasks::add_clearance_crank_run() {
  r_.clearance_crank = load_clearance_crank(config_.clearance_crank);
  heavy_.emplace_back([this] { simulate_clearance_crank(r_.clearance_crank); });
}

// Longest first: map_points hands indices out in order, so the long runs start at once and the
// short ones fill in around them.
void StudyTasks::run_tasks(const sweep::Execution& execution) {
  std::vector<std::function<void()>> tasks = std::move(heavy_);
  tasks.insert(tasks.end(), std::make_move_iterator(light_.begin()),
               std::make_move_iterator(light_.end()));
  sweep::map_points<char>(
      tasks.size(),
      [&](std::size_t i) {
        tasks[i]();
        return char{0};
      },
      execution);
}

void StudyTasks::pair_formulations() {
  const auto& methods = config_.pendulum_methods;
  for (std::size_t i = 0; i < methods.size(); ++i)
    r_.formulations.push_back(
        {"two-pendulums", methods[i], r_.pendulums[i].result, std::move(pendulum_planar_runs_[i])});
  for (std::size_t i = 0; i < readings_.size(); ++i)
    r_.formulations.push_back(
        {"slider-crank", readings_[i], r_.crank[i].result, std::move(crank_planar_runs_[i])});
}

}  // namespace

// Every simulation of the study is independent: they run as one pool of tasks, the long ones
// first (the clearance slider-crank, the Scotch yoke's five models, the 60 s impact-damper runs,
// then the slider-crank and pendulum runs) and the short bouncing-ball runs last.
Result run(const Config& config, const sweep::Execution& execution) {
  Result r;
  StudyTasks study(config, r);
  study.add_clearance_crank_run();
  study.add_scotch_yoke_runs();
  study.add_damper_runs();
  study.add_ball_runs();
  study.add_crank_runs();
  study.add_pendulum_runs();
  study.run_tasks(execution);
  study.pair_formulations();
  measure_scotch_yoke(config.scotch_yoke, r.scotch_yoke);
  return r;
}

FormulationGap formulation_gap(const FormulationRun& f) {
  FormulationGap g;
  const std::size_t n = std::min(f.generalized.impacts.size(), f.planar.impacts.size());
  for (std::size_t k = 0; k < n; ++k) {
    const auto &a = f.generalized.impacts[k], &b = f.planar.impacts[k];
    g.t_start = std::max(g.t_start, std::abs(a.t_start - b.t_start));
    g.v_in = std::max(g.v_in, std::abs(a.v_in - b.v_in) / a.v_in);
    // A contact open at the end has no e (Impact): compared only when both closed.
    if (a.closed() != b.closed()) g.e = std::numeric_limits<double>::infinity();
    if (a.closed() && b.closed()) g.e = std::max(g.e, std::abs(a.e - b.e));
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
    s += fmt::format(
        "  gap {:>4.0f} mm: {:>4} impacts, impact zone until {:6.2f} s, sliding until {:6.2f} s\n",
        1e3 * d.gap, d.result.impacts.size(), d.t_last_impact, d.t_stick);
  s += "two pendulums (PN2020 §6): impacts per method\n";
  for (const auto& p : r.pendulums)
    for (const auto& i : p.result.impacts)
      s +=
          fmt::format("  {:<20} t = {:.4f} s, e = {:.4f}, θ̇₁ = {:+.4f}, θ̇₂ = {:+.4f} rad/s after\n",
                      p.method, i.t_start, i.e, i.qd_after[0], i.qd_after[1]);
  s += "slider-crank (SF2020 §10): impacts per reading of the crank's 200 rad/s\n";
  for (const auto& c : r.crank)
    for (const auto& i : c.result.impacts)
      s += fmt::format("  {:<15} t = {:.5f} s, v_in = {:.3f} m/s, e = {:.4f}\n", c.reading,
                       i.t_start, i.v_in, i.e);
  s += clearance_crank_summary(r.clearance_crank);
  s += "planar multibody files against the generalized coordinates: largest differences\n";
  for (const auto& f : r.formulations) {
    const FormulationGap g = formulation_gap(f);
    s += fmt::format(
        "  {:<14} {:<20} {} vs {} impacts, |dt| {:.1e} s, |dv_in|/v_in {:.1e}, "
        "|de| {:.1e}, drift {:.1e}\n",
        f.system, f.method, f.generalized.impacts.size(), f.planar.impacts.size(), g.t_start,
        g.v_in, g.e, f.planar.max_drift);
  }
  return s + scotch_yoke_summary(r.scotch_yoke);
}

}  // namespace calib::studies::systems
