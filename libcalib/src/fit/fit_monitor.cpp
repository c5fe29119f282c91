// Progress lines and Ctrl-C for long fits (fit_monitor.hpp).
#include "calib/fit/fit_monitor.hpp"

#include <cmath>

#include <ceres/ceres.h>
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "fit/ceres_options.hpp"

namespace calib::fit {

struct FitMonitor::Callback final : ceres::IterationCallback {
  explicit Callback(FitMonitor& m) : monitor(m) {}
  ceres::CallbackReturnType operator()(const ceres::IterationSummary& s) override {
    return monitor.iteration(s.iteration, s.cost) ? ceres::SOLVER_CONTINUE : ceres::SOLVER_ABORT;
  }
  FitMonitor& monitor;
};

FitMonitor::FitMonitor(bool progress, double delay_s)
    : progress_(progress), delay_s_(delay_s), callback_(std::make_unique<Callback>(*this)) {}

FitMonitor::~FitMonitor() {
  if (printed_) fmt::print(stderr, "\n");
}

void FitMonitor::begin(std::string_view what) {
  what_ = what;
  start_ = std::chrono::steady_clock::now();
  evaluations_ = 0;
  iteration_ = 0;
  cost_ = NAN;
}

// At most two lines a second, from the thread that holds the lock (Ceres may evaluate residuals
// on several).
void FitMonitor::print_line() {
  const std::unique_lock<std::mutex> lock(print_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  const auto now = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(now - start_).count();
  if (seconds < delay_s_ || now - last_line_ < std::chrono::milliseconds(500)) return;
  last_line_ = now;
  const std::string step = std::isnan(cost_) ? std::string("start")
                                             : fmt::format("iteration {}, cost {:.6g}",
                                                           iteration_.load(), cost_);
  const long solves = evaluations_.load();  // 0: the fit's residuals do not count theirs
  fmt::print(stderr, "\rfit-impact: {}: {}{}, {:.0f} s   ", what_, step,
             solves > 0 ? fmt::format(", {} solves", solves) : std::string(), seconds);
  printed_ = true;
}

bool FitMonitor::iteration(int number, double cost) {
  if (stop_requested()) return false;
  iteration_ = number;
  cost_ = cost;
  last_line_ = {};  // each iteration's line is shown
  if (progress_) print_line();
  return true;
}

void FitMonitor::evaluated() {
  if (progress_ && ++evaluations_ % 256 == 0) print_line();
}

void FitMonitor::throw_if_stopped() const {
  if (stop_requested())
    throw Interrupted(fmt::format("fit-impact stopped during the {} fit; nothing was written",
                                  what_));
}

bool FitMonitor::stop_requested() { return calib::stop_requested(); }

namespace detail {

void attach_monitor(const FitOptions& options, ceres::Solver::Options* o) {
  if (options.monitor) o->callbacks.push_back(&options.monitor->callback());
}

void throw_if_stopped(const FitOptions& options) {
  if (!calib::stop_requested()) return;
  if (options.monitor) options.monitor->throw_if_stopped();
  throw Interrupted("the fit was stopped (SIGINT or SIGTERM); it has no result");
}

}  // namespace detail

}  // namespace calib::fit
