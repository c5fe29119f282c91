#pragma once
// What the restitution-curve and the impact-record fits share (private): the robust loss, the
// status of a finished fit, the standard errors from Ceres' covariance, the information criteria.
#include <string>
#include <vector>

#include <ceres/ceres.h>

#include "calib/fit/fit_impact.hpp"

namespace calib::fit::detail {

// The robust loss of the options (nullptr: plain least squares); owned by the problem.
ceres::LossFunction* robust_loss(const FitOptions& options);

// "converged", "at_bound" (a free K > 0, n ∈ [1, 2] or damping ≥ 0 parameter ended on its
// bound), "poor_fit" (weighted and χ²/(N − k) > 9) or "not_converged"; the sentence in *message.
std::string fit_status(const ceres::Solver::Summary& summary,
                       const std::vector<FittedParameter>& parameters, int residual_count,
                       int free_parameters, double chi2, bool weighted, std::string* message);

// The covariance of the free scalar blocks (Ceres Covariance, dense SVD), unscaled by the
// blocks' scales and multiplied by χ²/(N − k) when unweighted (σ estimated from the scatter).
// covariance[i][j] of the parameters; NaN when the Jacobian is rank deficient. Sets each free
// parameter's std_error.
std::vector<std::vector<double>> fit_covariance(ceres::Problem& problem,
                                                const std::vector<double*>& blocks,
                                                const std::vector<double>& scales,
                                                std::vector<FittedParameter>* parameters,
                                                double chi2, int residual_count, bool weighted);

// AIC and BIC of the Gaussian log-likelihood (fit_impact.hpp: with σ, χ² + 2k and χ² + k ln N;
// without, N ln(χ²/N) + 2k and N ln(χ²/N) + k ln N).
void information_criteria(double chi2, int count, int free_parameters, bool weighted, double* aic,
                          double* bic);

}  // namespace calib::fit::detail
