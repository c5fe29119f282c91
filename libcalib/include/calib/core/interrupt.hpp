#pragma once
// Ctrl-C for the whole library: one flag and one pair of signal handlers. While an
// InterruptScope lives (nested scopes share it), the first SIGINT or SIGTERM only asks the work
// to stop: stop_requested() turns true, and each long computation polls it (the sweep engine
// between points, simulate before each step, the fits between iterations and grid points) and
// ends with what it has or throws calib::Interrupted (CLI exit 130). A second signal exits at
// once with status 130. The outermost scope clears the request when it begins and when it ends,
// so a later run in the same process (Python, a test) is not stopped by an earlier one's Ctrl-C.
namespace calib {

class InterruptScope {
 public:
  InterruptScope();   // the outermost one installs the handlers and clears the request
  ~InterruptScope();  // the outermost one restores the handlers it found and clears the request
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;
  bool requested() const;  // stop_requested(), for a caller that holds the scope
};

// A signal came (or request_stop() was called) in the scope now open; cheap enough to poll per
// residual or per point.
bool stop_requested();

// Asks the work in the open scope to stop, as the first signal does (a sweep kernel, a test).
void request_stop();

}  // namespace calib
