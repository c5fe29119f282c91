// The fit layer (Ceres): parameters recovered from exact data, and the standard errors against
// the textbook linearisation σ²(JᵀJ)⁻¹ computed independently here with Eigen.
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "calib/fit/fit.hpp"

using namespace calib;

namespace {
// A measured-looking force–indentation curve: y = K xⁿ (1 + noise), fixed seed.
struct Curve {
  std::vector<double> x, y;
};
Curve power_law_curve(double K, double n, double noise, unsigned seed) {
  Curve c;
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> eps(0.0, noise);
  for (int i = 0; i < 40; ++i) {
    c.x.push_back(0.002 + 0.05 * i / 39.0);
    c.y.push_back(K * std::pow(c.x.back(), n) * (1.0 + eps(rng)));
  }
  return c;
}
}  // namespace

TEST(Fit, PowerLawRecoversExactParameters) {
  // Exact data y = K xⁿ: the fit stops on the data (tolerances 1e-15–1e-16), so K and n come
  // back to rounding; 1e-10 relative leaves room for the solver's last step.
  const Curve c = power_law_curve(2.5e4, 1.08, 0.0, 1);
  const fit::FitReport r = fit::fit_power_law(c.x, c.y);
  ASSERT_TRUE(r.converged);
  EXPECT_NEAR(r.parameters[0], 2.5e4, 1e-10 * 2.5e4);
  EXPECT_NEAR(r.parameters[1], 1.08, 1e-10);
  EXPECT_LT(r.residual_rms, 1e-9 * 2.5e4);
}

TEST(Fit, PowerLawStandardErrorsAreTheLinearisedCovariance) {
  // Independent computation: J_i = [x_iⁿ, K x_iⁿ ln x_i] at the fitted (K, n),
  // σ² = Σr²/(N − 2), cov = σ² (JᵀJ)⁻¹ (e.g. Bates & Watts 1988 §2.3). Ceres' Covariance
  // evaluates the same Jacobian by automatic differentiation: equal to 1e-8 relative.
  const Curve c = power_law_curve(2.5e4, 1.08, 0.01, 7);
  const fit::FitReport r = fit::fit_power_law(c.x, c.y);
  ASSERT_EQ(r.standard_errors.size(), 2u);
  const double K = r.parameters[0], n = r.parameters[1];
  Eigen::MatrixXd J(c.x.size(), 2);
  double ss = 0.0;
  for (std::size_t i = 0; i < c.x.size(); ++i) {
    const double xn = std::pow(c.x[i], n);
    J(i, 0) = xn;
    J(i, 1) = K * xn * std::log(c.x[i]);
    ss += (K * xn - c.y[i]) * (K * xn - c.y[i]);
  }
  const Eigen::Matrix2d cov = (ss / (c.x.size() - 2.0)) * (J.transpose() * J).inverse();
  EXPECT_NEAR(r.standard_errors[0], std::sqrt(cov(0, 0)), 1e-8 * std::sqrt(cov(0, 0)));
  EXPECT_NEAR(r.standard_errors[1], std::sqrt(cov(1, 1)), 1e-8 * std::sqrt(cov(1, 1)));
}

TEST(Fit, HuberLossLimitsTheEffectOfAnOutlier) {
  // One point 50 % off among 40 with 0.1 % noise. The yardstick is the clean data's own
  // statistics: the fit of the same 40 points without the outlier and its standard error σ_n.
  // The Huber fit (scale 1 % of a mid-range force) stays within 3σ_n of that clean fit; the
  // plain least-squares fit of the contaminated data does not (its bias is the outlier's
  // leverage), so the test fails if the loss is not applied.
  const Curve clean = power_law_curve(2.5e4, 1.08, 0.001, 3);
  Curve c = clean;
  c.y[35] *= 1.5;
  const fit::FitReport reference = fit::fit_power_law(clean.x, clean.y);
  const double n_clean = reference.parameters[1], sigma_n = reference.standard_errors[1];
  const fit::FitReport plain = fit::fit_power_law(c.x, c.y);
  fit::FitOptions huber;
  huber.loss = fit::Loss::huber;
  huber.loss_scale = 0.01 * c.y[20];
  const fit::FitReport robust = fit::fit_power_law(c.x, c.y, huber);
  EXPECT_LT(std::abs(robust.parameters[1] - n_clean), 3.0 * sigma_n)
      << "robust n " << robust.parameters[1] << ", clean n " << n_clean << " ± " << sigma_n;
  EXPECT_GT(std::abs(plain.parameters[1] - n_clean), 3.0 * sigma_n)
      << "plain n " << plain.parameters[1];
}

TEST(Fit, LineStandardErrorOfTheSlopeIsTheClosedForm) {
  // y = a + b x with noise: the fitted slope is the least-squares slope
  // b = Σ(x − x̄)(y − ȳ)/Σ(x − x̄)² (closed form), to 1e-10 relative.
  std::vector<double> x, y;
  std::mt19937_64 rng(11);
  std::normal_distribution<double> eps(0.0, 0.05);
  for (int i = 0; i < 30; ++i) {
    x.push_back(i * 0.1);
    y.push_back(0.7 + 1.3 * x.back() + eps(rng));
  }
  double xm = 0, ym = 0;
  for (std::size_t i = 0; i < x.size(); ++i) xm += x[i] / x.size(), ym += y[i] / y.size();
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sxy += (x[i] - xm) * (y[i] - ym), sxx += (x[i] - xm) * (x[i] - xm);
  const fit::FitReport r = fit::fit_line(x, y);
  EXPECT_NEAR(r.parameters[1], sxy / sxx, 1e-10 * std::abs(sxy / sxx));
  EXPECT_NEAR(r.parameters[0], ym - (sxy / sxx) * xm, 1e-10);
}

TEST(Fit, InvalidOptionsNameTheField) {
  fit::FitOptions o;
  std::string why;
  o.max_iterations = 0;
  EXPECT_FALSE(o.IsValid(&why));
  EXPECT_NE(why.find("max_iterations"), std::string::npos) << why;
  o = {};
  o.loss_scale = -1;
  EXPECT_FALSE(o.IsValid(&why));
  EXPECT_NE(why.find("loss_scale"), std::string::npos) << why;
  o = {};
  o.function_tolerance = 0;
  EXPECT_FALSE(o.IsValid(&why));
  EXPECT_NE(why.find("tolerances"), std::string::npos) << why;
}
