#pragma once
// Ctrl-C for one long computation outside the engine (`calib simulate`, Python's simulate): the
// engine's own handling (sweep/signals.hpp). While an InterruptScope lives, the first
// SIGINT/SIGTERM only asks the computation to stop — it polls requested() and ends with what it
// has — and a second one exits at once with status 130.
#include <memory>

namespace calib::sweep {

namespace detail {
class SignalGuard;
}

class InterruptScope {
 public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;
  bool requested() const;  // a signal came (or request_stop() was called)

 private:
  std::unique_ptr<detail::SignalGuard> guard_;
};

}  // namespace calib::sweep
