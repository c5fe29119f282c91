// The library's one Ctrl-C (core/interrupt.hpp): the first signal in a scope is a request that
// nested scopes share, a second one exits with 130, and the outermost scope's end clears the
// request and gives the signals back to the handler it found.
#include <csignal>

#include <gtest/gtest.h>

#include "calib/core/interrupt.hpp"
#include "calib/fit/fit_monitor.hpp"

namespace {

volatile std::sig_atomic_t g_own_handler_calls = 0;
extern "C" void own_handler(int) { g_own_handler_calls = g_own_handler_calls + 1; }

}  // namespace

TEST(Interrupt, ASignalInANestedScopeIsSeenByTheOuterAndClearedAtItsEnd) {
  EXPECT_FALSE(calib::stop_requested());
  {
    const calib::InterruptScope outer;
    {
      const calib::InterruptScope inner;
      std::raise(SIGINT);  // the scope's handler: a request, not the end of this test
      EXPECT_TRUE(inner.requested());
    }
    EXPECT_TRUE(outer.requested());  // the inner scope's end leaves the outer one's request
  }
  EXPECT_FALSE(calib::stop_requested());
}

TEST(Interrupt, AFitMonitorInsideAnOpenScopeKeepsItsRequest) {
  // A fit run inside a sweep's scope: the monitor's own (nested) scope neither clears a request
  // made before it nor, at its end, one made while it lived.
  const calib::InterruptScope sweep;
  calib::request_stop();
  {
    const calib::fit::FitMonitor monitor(false);
    EXPECT_TRUE(calib::fit::FitMonitor::stop_requested());
  }
  EXPECT_TRUE(sweep.requested());
}

TEST(Interrupt, TheOutermostScopeRestoresTheHandlerItFound) {
  const auto previous = std::signal(SIGINT, own_handler);
  { const calib::InterruptScope scope; }
  g_own_handler_calls = 0;
  std::raise(SIGINT);
  EXPECT_EQ(g_own_handler_calls, 1);
  EXPECT_FALSE(calib::stop_requested());
  std::signal(SIGINT, previous);
}

TEST(InterruptDeathTest, ASecondSignalExitsWith130) {
  EXPECT_EXIT(
      {
        const calib::InterruptScope scope;
        std::raise(SIGTERM);
        std::raise(SIGTERM);
      },
      testing::ExitedWithCode(130), "");
}
