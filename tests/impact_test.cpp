#include <gtest/gtest.h>
#include "calib/impact.hpp"
#include "calib/calibrate.hpp"
TEST(Smoke, Runs) {
  auto r = calib::impact::solve({calib::Family::linear_damper, 1.5, 0.3, true});
  std::printf("%s\n", r.BriefReport().c_str());
  EXPECT_EQ(r.status, calib::impact::Status::separated);
}
