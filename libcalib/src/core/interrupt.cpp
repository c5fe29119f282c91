// The library's one Ctrl-C flag and its signal handlers (core/interrupt.hpp).
#include "calib/core/interrupt.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <mutex>

namespace calib {

namespace {

std::atomic<int> g_signals{0};
std::mutex g_scopes_mutex;  // guards the depth and the saved handlers
int g_depth = 0;
void (*g_old_int)(int) = nullptr;
void (*g_old_term)(int) = nullptr;

extern "C" void on_stop_signal(int) {
  // Async-signal-safe: an atomic increment, and _exit on the second signal.
  if (g_signals.fetch_add(1) >= 1) ::_exit(130);
}

}  // namespace

InterruptScope::InterruptScope() {
  const std::lock_guard<std::mutex> lock(g_scopes_mutex);
  if (g_depth++ > 0) return;
  g_signals.store(0);
  g_old_int = std::signal(SIGINT, on_stop_signal);
  g_old_term = std::signal(SIGTERM, on_stop_signal);
}

InterruptScope::~InterruptScope() {
  const std::lock_guard<std::mutex> lock(g_scopes_mutex);
  if (--g_depth > 0) return;
  std::signal(SIGINT, g_old_int);
  std::signal(SIGTERM, g_old_term);
  g_signals.store(0);
}

bool InterruptScope::requested() const { return stop_requested(); }

bool stop_requested() { return g_signals.load(std::memory_order_relaxed) > 0; }

void request_stop() { g_signals.fetch_add(1); }

}  // namespace calib
