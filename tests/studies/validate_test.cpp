// Study validate: PN2020 Fig. 8 generalised — formulas against the exact ODE over random
// parameters.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "calib/calibrate/calibrate.hpp"
#include "calib/core/error.hpp"
#include "calib/fit/fit.hpp"
#include "calib/models/catalog.hpp"
#include "calib/studies/damping_fit.hpp"
#include "calib/studies/validate.hpp"

using namespace calib;

TEST(Validate, ExactTableAndClosedFormOnRandomParameters) {
  auto c = studies::validate::Config::defaults();
  c.e_count = 12;
  c.samples = 20;
  c.formulas = studies::validate::catalog_formulas("exact-table", "default");
  for (auto& f : studies::validate::catalog_formulas("libcalib-closed-form", "default"))
    c.formulas.push_back(f);
  for (auto& f : studies::validate::catalog_formulas("dem-sqrt5", "both")) c.formulas.push_back(f);
  const auto r = studies::validate::run(c, 0);
  ASSERT_EQ(r.summary.size(), 4u);
  EXPECT_LE(r.summary[0].worst_in_range, 1e-8);  // the table's promise
  EXPECT_LE(r.summary[1].worst_in_range, 1e-3);  // the closed form's promise
  // dem-sqrt5 with clamp (on) is far off at low e; without clamp it is exact (u-substitution).
  EXPECT_GT(r.summary[2].worst_in_range, 1e-2);
  EXPECT_LE(r.summary[3].worst_in_range, 1e-7);
}

TEST(Validate, BadFormulasAreRejectedWithTheirKey) {
  try {
    studies::validate::check_expression("1.95*(e^(-0.3)-1", "validate.toml: custom[0].c");
    FAIL() << "no exception";
  } catch (const InputError& ex) {
    EXPECT_NE(std::string(ex.what()).find("custom[0].c"), std::string::npos) << ex.what();
  }
  EXPECT_THROW(studies::validate::check_expression("alpha*e", "x"),
               InputError);  // unknown variable
  EXPECT_THROW(studies::validate::check_expression("log(e-1)", "x"),
               InputError);  // NaN at the test point
  const auto cfg =
      io::ConfigNode::parse("[formulas]\nnames = [\"no-such-model\"]\n", "validate.toml");
  try {
    studies::validate::Config::from(cfg);
    FAIL() << "no exception";
  } catch (const InputError& ex) {
    EXPECT_NE(std::string(ex.what()).find("formulas.names"), std::string::npos) << ex.what();
  }
  EXPECT_THROW(studies::validate::Config::from(
                   io::ConfigNode::parse("[[custom]]\nname=\"x\"\nc=\"e*\"\n", "v.toml")),
               InputError);
  EXPECT_THROW(
      studies::validate::Config::from(io::ConfigNode::parse("[grid]\nsamples = 0\n", "v.toml")),
      InputError);
}
