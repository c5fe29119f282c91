// FitMonitor (fit/fit_monitor.hpp): its progress line names the fit, and a SIGINT while it lives
// asks the fit to stop and ends it with calib::Interrupted naming the fit.
#include <csignal>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/fit/fit_monitor.hpp"

using calib::fit::FitMonitor;

TEST(FitMonitor, ProgressLineNamesTheFit) {
  testing::internal::CaptureStderr();
  {
    FitMonitor m(true, 0.0);  // no delay: every iteration prints
    m.begin("tsuji (12 points)");
    EXPECT_TRUE(m.iteration(3, 1.5));
  }
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("fit-impact: tsuji (12 points): iteration 3, cost 1.5"), std::string::npos)
      << err;
  testing::internal::CaptureStderr();
  {
    FitMonitor quiet(false, 0.0);
    EXPECT_TRUE(quiet.iteration(1, 2.0));
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(FitMonitor, SignalStopsTheFitAndItsEndClearsTheRequest) {
  {
    FitMonitor m(false);
    m.begin("viscoelastic (50000 points)");
    EXPECT_FALSE(FitMonitor::stop_requested());
    std::raise(SIGINT);  // the monitor's handler: a request, not the end of this test
    EXPECT_TRUE(FitMonitor::stop_requested());
    EXPECT_FALSE(m.iteration(0, 1.0));
    try {
      m.throw_if_stopped();
      ADD_FAILURE() << "no Interrupted";
    } catch (const calib::Interrupted& e) {
      EXPECT_NE(std::string(e.what()).find("during the viscoelastic (50000 points) fit"),
                std::string::npos)
          << e.what();
    }
  }
  EXPECT_FALSE(FitMonitor::stop_requested());
}
