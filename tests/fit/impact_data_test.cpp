// The checks of fit-impact's data (fit_impact.hpp, fit_impact_record.hpp): a measured e above 1
// within its noise is data, values outside the ranges of core/units are refused naming the row,
// and a record without a contact is refused as such.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "calib/fit/fit_impact.hpp"
#include "calib/fit/fit_impact_record.hpp"

using namespace calib;
using calib_test::input_error_of;

namespace {

std::string curve_error(std::vector<double> v, std::vector<double> e, std::vector<double> sigma) {
  fit::RestitutionCurve d;
  d.v_in = std::move(v), d.e = std::move(e), d.sigma_e = std::move(sigma);
  return input_error_of([&] { fit::validate(d); });
}

std::string record_error(std::vector<double> t, std::vector<double> F) {
  fit::ImpactRecord d;
  d.t = std::move(t), d.force = std::move(F);
  return input_error_of([&] { fit::validate(d); });
}

}  // namespace

TEST(ImpactData, EAboveOneWithinThreeSigmaIsData) {
  // The rule of fit_impact.hpp: with sigma_e = 0.01, e = 1.02 (2 σ above 1) is data and 1.04
  // (4 σ) is refused; without sigma_e the margin is 0.05: 1.04 is data, 1.06 refused.
  EXPECT_EQ(curve_error({1, 2, 3}, {1.02, 0.8, 0.7}, {0.01, 0.01, 0.01}), "");
  EXPECT_NE(curve_error({1, 2, 3}, {1.04, 0.8, 0.7}, {0.01, 0.01, 0.01})
                .find("row 1: e = 1.04 is more than 3 sigma_e (sigma_e = 0.01) above 1"),
            std::string::npos);
  EXPECT_EQ(curve_error({1, 2, 3}, {1.04, 0.8, 0.7}, {}), "");
  EXPECT_NE(curve_error({1, 2, 3}, {1.06, 0.8, 0.7}, {}).find("row 1: e = 1.06 is more than 0.05"),
            std::string::npos);
  EXPECT_NE(curve_error({1, 2, 3}, {0.9, 0.0, 0.7}, {}).find("row 2: e = 0 must be a number > 0"),
            std::string::npos);
}

TEST(ImpactData, ValuesOutsideTheirQuantitysRangeNameTheRow) {
  // core/units: an impact speed lies in [1e-9, 1e4] m/s; a sigma_e in (0, 1].
  EXPECT_NE(curve_error({1, 1e300}, {0.9, 0.8}, {})
                .find("row 2: v_in = 1e+300 m/s is outside the accepted range of an impact speed"),
            std::string::npos);
  EXPECT_NE(curve_error({1, 2}, {0.9, 0.8}, {0.01, 2}).find("row 2: sigma_e = 2 must be"),
            std::string::npos);
  // A force lies within 1e12 N, a time within 1e9 s.
  EXPECT_NE(record_error({0, 1e-6, 2e-6}, {0, 1e300, 1}).find("row 2: F = 1e+300 N is outside"),
            std::string::npos);
  EXPECT_NE(record_error({0, 1e-6, 1e300}, {0, 1, 1}).find("row 3: t = 1e+300 s is outside"),
            std::string::npos);
}

TEST(ImpactData, RecordWithoutContactSaysSo) {
  const std::string message = record_error({0, 1e-6, 2e-6, 3e-6}, {0, 0, -0.5, 0});
  EXPECT_NE(message.find("no contact: F <= 0 at every sample"), std::string::npos) << message;
  EXPECT_EQ(message.find("K "), std::string::npos) << message;
}
