#pragma once
// The residuals of an impact record and their derivatives, for the Ceres problem (private).
//
// The residuals are (F_model(t − t0) − F)/σ_F at every sample, then (δ_model(t − t0) − δ)/σ_δ.
// ∂/∂t0 is exact: −(dF/dt)/σ_F and −δ'/σ_δ from the trajectory. ∂/∂K, ∂/∂n and ∂/∂d are central
// differences of the trajectory solve, whose values carry an error ε ≈ rel_tol that does not vary
// smoothly with the parameters (adaptive steps): relative step s = ε^{1/3} balances truncation
// (~s²) and noise (ε/s) at ~ε^{2/3} (as impact_model.hpp); one-sided at a bound, and one-sided
// for a force sample that the step carries across the separation (record_residuals.cpp).
#include <array>
#include <vector>

#include "calib/fit/fit_impact_record.hpp"

namespace calib::fit::detail {

class RecordResiduals {
 public:
  RecordResiduals(ImpactLaw law, double m, double v, const ImpactRecord& record,
                  const impact::ImpactOptions& options);
  int count() const { return static_cast<int>(record_.residual_count()); }
  // Residuals at (p, t0) into r (count() values) and, when dt0 is not null, ∂r/∂t0; when
  // t_contact is not null, the impact's contact time there. False when the parameters are
  // outside the law's range or the impact does not separate.
  bool evaluate(const ImpactLawParameters& p, double t0, double* r, double* dt0,
                double* t_contact = nullptr) const;
  // ∂r/∂(K, n, d) for the flagged parameters, into columns[i] (count() values each); r_at_p and
  // t_contact_at_p are evaluate's residuals and contact time at (p, t0). `extrapolated`: the
  // difference at steps h and h/2 combined by Richardson extrapolation (twice the solves), for
  // the samples just before the separation, where F's dependence on the parameters varies on the
  // scale of the step's shift of the separation and the plain difference errs by ~1e-4.
  bool parameter_gradients(const ImpactLawParameters& p, double t0, const double* r_at_p,
                           double t_contact_at_p, const std::array<bool, 3>& need,
                           const std::array<double*, 3>& columns, bool extrapolated = false) const;
  // The model at the record's times (F = 0 outside the contact); false as evaluate.
  bool model(const ImpactLawParameters& p, double t0, RecordModel* out) const;

 private:
  // One evaluation of a finite difference: the parameter's value, the residuals, the contact time.
  struct Step {
    double x;
    const double* r;
    double t_contact;
  };
  void one_sided_across_separation(const Step& at_p, const Step& up, const Step& down, double t0,
                                   double* column, std::vector<char>* crossed) const;
  bool difference(const ImpactLawParameters& p, double t0, const Step& at_p, int i, double h,
                  double* column, std::vector<char>* crossed, bool* central) const;
  ImpactLaw law_;
  double m_, v_;
  const ImpactRecord& record_;
  impact::ImpactOptions options_;
};

}  // namespace calib::fit::detail
