#include "sweep/signals.hpp"

#include "calib/sweep/interrupt.hpp"

#include <unistd.h>

#include <csignal>

namespace calib::sweep::detail {

namespace {
std::atomic<int> g_signals{0};
std::atomic<int> g_depth{0};

extern "C" void on_signal(int) {
  // Async-signal-safe: an atomic increment, and _exit on the second signal.
  if (g_signals.fetch_add(1) >= 1) ::_exit(130);
}
}  // namespace

bool stop_requested() { return g_signals.load() > 0; }
void request_stop_flag() { g_signals.fetch_add(1); }

SignalGuard::SignalGuard() {
  if (g_depth.fetch_add(1) == 0) {
    outermost_ = true;
    g_signals.store(0);
    old_int_ = std::signal(SIGINT, on_signal);
    old_term_ = std::signal(SIGTERM, on_signal);
  }
}

SignalGuard::~SignalGuard() {
  g_depth.fetch_sub(1);
  if (outermost_) {
    std::signal(SIGINT, old_int_);
    std::signal(SIGTERM, old_term_);
  }
}

}  // namespace calib::sweep::detail

namespace calib::sweep {

InterruptScope::InterruptScope() : guard_(std::make_unique<detail::SignalGuard>()) {}
InterruptScope::~InterruptScope() = default;
bool InterruptScope::requested() const { return detail::stop_requested(); }

}  // namespace calib::sweep
