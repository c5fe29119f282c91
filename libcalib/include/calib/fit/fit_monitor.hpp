#pragma once
// Progress and Ctrl-C for a long fit (`calib fit-impact` sets one; studies do not). A monitor
// holds an InterruptScope (core/interrupt.hpp): while it lives, SIGINT and SIGTERM ask the fit to
// stop: each Ceres solve that has the monitor in its FitOptions ends at its next iteration, the
// restitution residuals refuse to evaluate, the record fit's grid scans end at their next point,
// and the caller ends with throw_if_stopped() (calib::Interrupted, CLI exit 130) before it writes
// anything. A second signal exits at once with status 130.
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "calib/core/interrupt.hpp"

namespace calib::fit {

class FitMonitor {
 public:
  // progress: a line on stderr for each iteration, once a fit has run delay_s seconds (a fit
  // that ends sooner prints nothing).
  explicit FitMonitor(bool progress, double delay_s = 1.0);
  ~FitMonitor();
  FitMonitor(const FitMonitor&) = delete;
  FitMonitor& operator=(const FitMonitor&) = delete;

  // The fit that starts now, for the progress line and the interrupt message
  // ("tsuji (12 points)").
  void begin(std::string_view what);
  // After each iteration of a solve: false asks it to stop.
  bool iteration(int number, double cost);
  // After each residual evaluation (one impact solve): the progress line counts them, so a fit
  // whose first iteration takes a minute shows it is working.
  void evaluated();
  // Interrupted naming the fit that was running, when a signal came.
  void throw_if_stopped() const;
  // A signal came while a monitor lives (calib::stop_requested; checked by the residuals).
  static bool stop_requested();

  struct Callback;  // the Ceres iteration callback (src/fit/fit_monitor.cpp)
  Callback& callback() { return *callback_; }

 private:
  bool progress_;
  double delay_s_;
  bool printed_ = false;
  std::string what_ = "fit";
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_line_{};
  std::atomic<long> evaluations_{0};
  std::atomic<int> iteration_{0};
  double cost_ = NAN;  // NaN: no iteration yet
  std::mutex print_;
  void print_line();
  std::unique_ptr<Callback> callback_;
  InterruptScope interrupts_;
};

}  // namespace calib::fit
