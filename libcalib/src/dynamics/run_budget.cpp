// The work budget and progress of a run, the words of a stop, and a stop turned into its error
// (simulate, require_complete).
#include "run_budget.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::dynamics::detail {

double RunBudget::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::optional<Stop> RunBudget::exceeded(std::size_t steps) const {
  if (o_.stop_requested && o_.stop_requested()) return Stop::interrupted;
  if (steps >= o_.max_steps) return Stop::step_budget;
  if (std::isfinite(o_.max_wall_time) && elapsed() > o_.max_wall_time) return Stop::time_budget;
  return std::nullopt;
}

void RunBudget::report(double t, std::size_t steps) {
  if (!o_.progress) return;
  const double now = elapsed();
  if (now - last_report_ < 0.5) return;
  last_report_ = now;
  reported_ = true;
  // The ETA assumes the rest of the run advances as fast in t as it has so far.
  const double eta = t > 0 ? now * (o_.t_end - t) / t : 0.0;
  fmt::print(stderr, "\rsimulate: t = {:.6g} of {:.6g} s ({:.1f}%), {} steps, {:.0f} steps/s, "
                     "ETA {:.0f} s ",
             t, o_.t_end, 100 * t / o_.t_end, steps, steps / now, eta);
}

void RunBudget::finish() const {
  if (reported_) fmt::print(stderr, "\n");
}

namespace {

// The contact open during most of the steps, as words; that no contact was, otherwise.
std::string where_steps_went(std::size_t steps, const ContactSteps& contacts) {
  const ContactSteps::value_type* most = nullptr;
  for (const auto& c : contacts)
    if (!most || c.second > most->second) most = &c;
  if (!most || 2 * most->second < steps)
    return "no contact was open during most of them: the system's own time scales or its size "
           "set the steps";
  return fmt::format(
      "the steps went to contact '{}', open during {:.1f}% of them: it is stiff at this step "
      "size (a sticking contact's regularised friction locks it with a slope mu F_n / v_r: a "
      "larger friction_velocity v_r or a smaller friction makes it less stiff, as a smaller K "
      "does for its law)",
      most->first, 100.0 * most->second / steps);
}

}  // namespace

std::string stop_reason(Stop stop, const SimulateOptions& o, double t, std::size_t steps,
                        double last_step, const ContactSteps& contacts) {
  const std::string reached =
      fmt::format("t = {:.6g} s of t_end = {:.6g} s after {} steps", t, o.t_end, steps);
  if (stop == Stop::interrupted) return fmt::format("simulate: interrupted at {}", reached);
  const std::string budget =
      stop == Stop::step_budget
          ? fmt::format("step budget spent (max_steps = {})", o.max_steps)
          : fmt::format("wall-time budget spent (max_wall_time = {:g} s)", o.max_wall_time);
  const std::string raise = stop == Stop::step_budget ? "max_steps" : "max_wall_time";
  return fmt::format("simulate: {} at {}, step size {:.3g} s; {}; raise {} to go further",
                     budget, reached, last_step, where_steps_went(steps, contacts), raise);
}

}  // namespace calib::dynamics::detail

namespace calib::dynamics {

SimulationResult simulate(const System& sys, const Vector& q0, const Vector& qd0,
                          const ContactModel& contact, const SimulateOptions& o) {
  SimulationResult r = simulate_until_stop(sys, q0, qd0, contact, o);
  require_complete(r);
  return r;
}

void require_complete(const SimulationResult& r, const std::string& kept) {
  const std::string why = kept.empty() ? r.stop_reason : r.stop_reason + "; " + kept;
  switch (r.stop) {
    case Stop::none:
      return;
    case Stop::interrupted:
      throw Interrupted(why);
    case Stop::step_budget:
    case Stop::time_budget:
      throw ComputeError(why);
  }
}

}  // namespace calib::dynamics
