#pragma once
// The work budget and progress of one simulation (SimulateOptions: max_steps, max_wall_time,
// stop_requested, progress), checked before every step, and the words of a stop.
#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "calib/dynamics/simulate.hpp"

namespace calib::dynamics::detail {

class RunBudget {
 public:
  explicit RunBudget(const SimulateOptions& options) : o_(options) {}
  // Why the run must stop before its next step, if it must (steps: accepted so far).
  std::optional<Stop> exceeded(std::size_t steps) const;
  // The progress line on stderr (options.progress) at most twice a second; finish() ends it.
  void report(double t, std::size_t steps);
  void finish() const;

 private:
  // The clock is read only when a wall budget or progress asks for it: a small system's step
  // costs about a microsecond.
  bool timed() const { return o_.progress || std::isfinite(o_.max_wall_time); }
  double elapsed() const;

  const SimulateOptions& o_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double last_report_ = 0;  // elapsed seconds at the last progress line
  bool reported_ = false;
};

// Where a run's steps went: each contact's name and the accepted steps it was open during.
using ContactSteps = std::vector<std::pair<std::string, std::size_t>>;

// What stopped the run, the time it reached and, for a budget, the step size there and the
// contact open during most of the steps (the stiff one), or that none was.
std::string stop_reason(Stop stop, const SimulateOptions& options, double t, std::size_t steps,
                        double last_step, const ContactSteps& contacts);

}  // namespace calib::dynamics::detail
