#pragma once
// Ctrl-C for the sweep engine (private to src/sweep). The first SIGINT/SIGTERM asks the run to
// stop: points already started finish, nothing new starts, the completed prefix is flushed.
// A second one exits at once (status 130): the partial file holds only complete, flushed rows,
// and a torn last row is dropped on --resume.
#include <atomic>

namespace calib::sweep::detail {

bool stop_requested();
void request_stop_flag();

// Installs the handlers for its lifetime (nested guards share them), restores the old ones.
class SignalGuard {
 public:
  SignalGuard();
  ~SignalGuard();
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  bool outermost_ = false;
  void (*old_int_)(int) = nullptr;
  void (*old_term_)(int) = nullptr;
};

}  // namespace calib::sweep::detail
