// Ceres fits of the PN2020 damping study. See fit.hpp for the models.
#include <algorithm>
#include <cmath>

#include <ceres/ceres.h>
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/fit/fit.hpp"
#include "fit/ceres_options.hpp"

namespace calib::fit {

namespace {

void check_samples(const char* what, const std::vector<double>& x, const std::vector<double>& y,
                   std::size_t min_size) {
  if (x.size() != y.size() || x.size() < min_size)
    throw InputError(fmt::format("{}: need >= {} samples of equal length, got {} and {}", what,
                                 min_size, x.size(), y.size()));
}

// Solves, then fills the report from plain residuals r(i).
template <class Residual>
FitReport finish(ceres::Problem& problem, const std::vector<double>& params, std::size_t count,
                 const Residual& residual, const char* what, const FitOptions& options) {
  ceres::Solver::Summary summary;
  ceres::Solve(detail::solver_options(options), &problem, &summary);
  FitReport rep;
  rep.parameters = params;  // read after Solve: Ceres wrote into the caller's vector
  rep.converged = summary.IsSolutionUsable() && summary.termination_type == ceres::CONVERGENCE;
  rep.iterations = static_cast<int>(summary.iterations.size());
  double s = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const double r = residual(i);
    s += r * r;
    rep.residual_max = std::max(rep.residual_max, std::abs(r));
  }
  rep.residual_rms = std::sqrt(s / static_cast<double>(count));
  if (!rep.converged)
    throw ComputeError(fmt::format("{} did not converge: {}", what, summary.BriefReport()));
  return rep;
}

struct AlphaBetaResidual {
  double e, c;
  template <class T>
  bool operator()(const T* p, T* r) const {  // PN2020 eq. 45
    using std::exp;
    r[0] = p[0] * (exp(p[1] * std::log(e)) - T(1.0)) - T(c);
    return true;
  }
};

struct PowerOffsetResidual {
  double x, y;
  template <class T>
  bool operator()(const T* p, T* r) const {  // PN2020 eq. 47 form
    using std::exp;
    r[0] = p[0] * exp(p[1] * std::log(x)) + p[2] - T(y);
    return true;
  }
};

struct PolynomialResidual {
  double x, y;
  int degree;
  template <class T>
  bool operator()(const T* const* p, T* r) const {
    T v = T(0.0);
    for (int i = degree; i >= 0; --i) v = v * x + p[0][i];
    r[0] = v - T(y);
    return true;
  }
};

struct ClosedFormResidual {
  double e, n, log_zeta, weight;
  int ne, nn;
  template <class T>
  bool operator()(const T* const* q, T* r) const {
    using std::log;
    r[0] = T(weight) * (log(models::closed_form_zeta_q(q[0], ne, nn, e, n)) - T(log_zeta));
    return true;
  }
};

}  // namespace

FitReport fit_alpha_beta(const std::vector<double>& e, const std::vector<double>& c,
                         double beta_start, const FitOptions& options) {
  check_samples("fit_alpha_beta", e, c, 3);
  std::vector<double> p{1.0, beta_start};
  ceres::Problem problem;
  for (std::size_t i = 0; i < e.size(); ++i)
    problem.AddResidualBlock(
        new ceres::AutoDiffCostFunction<AlphaBetaResidual, 1, 2>(new AlphaBetaResidual{e[i], c[i]}),
        nullptr, p.data());
  return finish(
      problem, p, e.size(),
      [&](std::size_t i) { return p[0] * (std::pow(e[i], p[1]) - 1.0) - c[i]; }, "fit_alpha_beta",
      options);
}

FitReport fit_polynomial(const std::vector<double>& x, const std::vector<double>& y, int degree,
                         const FitOptions& options) {
  check_samples("fit_polynomial", x, y, static_cast<std::size_t>(degree) + 1);
  std::vector<double> p(static_cast<std::size_t>(degree) + 1, 0.0);
  ceres::Problem problem;
  for (std::size_t i = 0; i < x.size(); ++i) {
    auto* cost = new ceres::DynamicAutoDiffCostFunction<PolynomialResidual>(
        new PolynomialResidual{x[i], y[i], degree});
    cost->AddParameterBlock(degree + 1);
    cost->SetNumResiduals(1);
    problem.AddResidualBlock(cost, nullptr, p.data());
  }
  auto value = [&](double t) {
    double v = 0;
    for (int i = degree; i >= 0; --i) v = v * t + p[static_cast<std::size_t>(i)];
    return v;
  };
  return finish(
      problem, p, x.size(), [&](std::size_t i) { return value(x[i]) - y[i]; }, "fit_polynomial",
      options);
}

FitReport fit_power_offset(const std::vector<double>& x, const std::vector<double>& y,
                           const std::vector<double>& start, const FitOptions& options) {
  check_samples("fit_power_offset", x, y, 3);
  if (start.size() != 3) throw InputError("fit_power_offset: start needs {p, q, r}");
  std::vector<double> p = start;
  ceres::Problem problem;
  for (std::size_t i = 0; i < x.size(); ++i)
    problem.AddResidualBlock(new ceres::AutoDiffCostFunction<PowerOffsetResidual, 1, 3>(
                                 new PowerOffsetResidual{x[i], y[i]}),
                             nullptr, p.data());
  return finish(
      problem, p, x.size(),
      [&](std::size_t i) { return p[0] * std::pow(x[i], p[1]) + p[2] - y[i]; }, "fit_power_offset",
      options);
}

FitReport fit_line(const std::vector<double>& x, const std::vector<double>& y,
                   const FitOptions& options) {
  auto rep = fit_polynomial(x, y, 1, options);
  return rep;
}

FitReport fit_closed_form(const std::vector<double>& e, const std::vector<double>& n,
                          const std::vector<double>& zeta, const std::vector<double>& weight,
                          int ne, int nn, int minimax_rounds, const FitOptions& options) {
  check_samples("fit_closed_form", e, zeta, static_cast<std::size_t>(ne * nn));
  if (n.size() != e.size() || weight.size() != e.size())
    throw InputError("fit_closed_form: e, n, zeta and weight must have equal length");
  std::vector<double> q(static_cast<std::size_t>(ne * nn), 0.0);
  std::vector<double> lawson(e.size(), 1.0);  // Lawson weights (start: plain least squares)
  auto residual = [&](std::size_t i) {
    return weight[i] *
           (std::log(models::closed_form_zeta_q(q.data(), ne, nn, e[i], n[i])) - std::log(zeta[i]));
  };
  FitReport rep;
  for (int round = 0; round <= minimax_rounds; ++round) {
    ceres::Problem problem;
    for (std::size_t i = 0; i < e.size(); ++i) {
      auto* cost =
          new ceres::DynamicAutoDiffCostFunction<ClosedFormResidual>(new ClosedFormResidual{
              e[i], n[i], std::log(zeta[i]), weight[i] * std::sqrt(lawson[i]), ne, nn});
      cost->AddParameterBlock(ne * nn);
      cost->SetNumResiduals(1);
      problem.AddResidualBlock(cost, nullptr, q.data());
    }
    const std::vector<double> previous = q;
    try {
      rep = finish(problem, q, e.size(), residual, "fit_closed_form", options);
    } catch (const ComputeError&) {
      if (round == 0) throw;
      q = previous;  // a re-weighted round failed: keep the last converged coefficients
      break;
    }
    // Lawson's iteration: w_i ← w_i |r_i| / Σ w_j |r_j| pushes least squares towards minimax.
    double total = 0;
    for (std::size_t i = 0; i < e.size(); ++i) total += lawson[i] * std::abs(residual(i));
    for (std::size_t i = 0; i < e.size(); ++i)
      lawson[i] = std::max(
          lawson[i] * std::abs(residual(i)) / total * static_cast<double>(e.size()), 1e-12);
  }
  rep.parameters = q;
  return rep;
}

}  // namespace calib::fit
