// The record fit's robust loss and Ctrl-C (fit_impact_record.hpp): without a given scale, the
// loss takes 1.4826 MAD of a plain fit's residuals and says so, and it holds the truth where
// outliers pull the plain fit off; a stop requested before the fit ends it in its first grid
// scan with calib::Interrupted naming the fit.
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/core/interrupt.hpp"
#include "calib/fit/fit_impact_record.hpp"
#include "calib/fit/fit_monitor.hpp"
#include "synthetic_record.hpp"

using namespace calib;
using namespace calib::fit;
using namespace calib::fit::test;

namespace {

const Truth kHuntCrossley{ImpactLaw::hunt_crossley_alpha, {1e9, 1.5, 0.2}};

// K and n at the truth, the damping and t0 fitted: two free parameters keep the test to a few
// fits of a 200-sample force record.
ImpactFitOptions damping_only(Loss loss) {
  ImpactFitOptions o;
  o.fit_K = o.fit_n = false;
  o.fit.loss = loss;
  return o;
}

// 1.4826 · median |r − median r|, computed here independently of the library's.
double mad_scale(std::vector<double> r) {
  const auto median = [](std::vector<double> x) {
    std::sort(x.begin(), x.end());
    return x.size() % 2 ? x[x.size() / 2] : 0.5 * (x[x.size() / 2 - 1] + x[x.size() / 2]);
  };
  const double centre = median(r);
  for (double& x : r) x = std::abs(x - centre);
  return 1.4826 * median(r);
}

}  // namespace

TEST(FitImpactRecordLoss, HuberScaleFromTheDataHoldsTheTruthWhereOutliersPullThePlainFit) {
  // Noise 1e-3 of the peak force (σ_F given), and 8 samples of the unloading half raised by
  // 40 σ_F: extra force after the peak reads as less dissipation, so the plain fit's alpha drops
  // (to 0.1842 ± 0.0004, 40 standard errors off; the Huber fit: 0.1993 ± 0.0004).
  Synthetic s = synthetic(kHuntCrossley, 200, 1e-3, true, false, 11);
  const auto peak = std::max_element(s.record.force.begin(), s.record.force.end());
  const auto first = static_cast<std::size_t>(peak - s.record.force.begin()) + 10;
  for (std::size_t k = 0; k < 8; ++k) s.record.force[first + 4 * k] += 40 * s.record.sigma_force[0];

  const RecordFitReport plain = fit_impact_record(kHuntCrossley.law, kM, kV, {1e9, 1.5, 0.0},
                                                  s.record, damping_only(Loss::none));
  const RecordFitReport huber = fit_impact_record(kHuntCrossley.law, kM, kV, {1e9, 1.5, 0.0},
                                                  s.record, damping_only(Loss::huber));
  // Both fits end at their minimum; χ² still counts the outliers at full weight (poor_fit).
  for (const RecordFitReport* r : {&plain, &huber})
    ASSERT_TRUE(r->fit.status == "converged" || r->fit.status == "poor_fit") << r->fit.message;
  EXPECT_EQ(plain.fit.loss.name, "none");
  EXPECT_EQ(huber.fit.loss.name, "huber");
  EXPECT_NE(huber.fit.loss.scale_source.find("1.4826 MAD"), std::string::npos)
      << huber.fit.loss.scale_source;
  // The scale: the MAD of the plain fit's residuals (in σ_F), recomputed here; the plain fit is
  // deterministic, so to rounding.
  const double scale = mad_scale(plain.force_residuals);
  EXPECT_NEAR(huber.fit.loss.scale, scale, 1e-9 * scale);
  // (It is ~1.9 σ_F here, not 1: the plain fit's pull by the outliers widens its residuals.)
  const double truth = kHuntCrossley.p.damping;
  const FittedParameter& a_plain = plain.fit.parameters[2];
  const FittedParameter& a_huber = huber.fit.parameters[2];
  EXPECT_LT(std::abs(a_huber.value - truth), 3 * a_huber.std_error)
      << a_huber.value << " ± " << a_huber.std_error;
  EXPECT_GT(std::abs(a_plain.value - truth), 3 * a_plain.std_error)
      << a_plain.value << " ± " << a_plain.std_error;
}

TEST(FitImpactRecordLoss, AGivenScaleIsUsedAndNamedGiven) {
  const Synthetic s = synthetic(kHuntCrossley, 200, 1e-3, true, false, 11);
  ImpactFitOptions o = damping_only(Loss::cauchy);
  o.loss_scale_from_data = false;
  o.fit.loss_scale = 2.0;
  const RecordFitReport r =
      fit_impact_record(kHuntCrossley.law, kM, kV, {1e9, 1.5, 0.0}, s.record, o);
  EXPECT_EQ(r.fit.loss.name, "cauchy");
  EXPECT_EQ(r.fit.loss.scale, 2.0);
  EXPECT_EQ(r.fit.loss.scale_source, "given");
}

TEST(FitImpactRecordLoss, AStopRequestedEndsTheFitInItsGridScanNamingIt) {
  // Without the grid's poll the fit would scan, solve and return a report (Ceres' callback
  // only ends its iterations); with it, the first grid point throws the monitor's message.
  const Synthetic s = synthetic(kHuntCrossley, 200, 1e-3, true, false, 11);
  FitMonitor monitor(false);
  monitor.begin("record (200 samples)");
  ImpactFitOptions o = damping_only(Loss::none);
  o.fit.monitor = &monitor;
  calib::request_stop();
  try {
    fit_impact_record(kHuntCrossley.law, kM, kV, {1e9, 1.5, 0.0}, s.record, o);
    ADD_FAILURE() << "no Interrupted";
  } catch (const Interrupted& e) {
    EXPECT_NE(std::string(e.what()).find("stopped during the record (200 samples) fit"),
              std::string::npos)
        << e.what();
  }
}
