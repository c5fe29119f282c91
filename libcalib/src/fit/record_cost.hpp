#pragma once
// The impact record as Ceres residual blocks (private): one block per sample, so that a robust
// loss acts on each sample, all served by one trajectory solve per parameter point (the blocks
// of one evaluation share the parameters; the last evaluation is cached).
#include <array>
#include <vector>

#include <ceres/ceres.h>

#include "fit/record_residuals.hpp"

namespace calib::fit::detail {

// Parameter blocks (K, n, d, t0), each one scalar stored scaled: value = offset + x·scale.
struct RecordScaling {
  std::array<double, 4> scale{1, 1, 1, 1}, offset{0, 0, 0, 0};
  double value(int i, double x) const { return offset[i] + x * scale[i]; }
};

class RecordEvaluation {
 public:
  // `free`: which of K, n, d are fitted (only their derivatives are computed).
  RecordEvaluation(const RecordResiduals& residuals, const RecordScaling& scaling,
                   const std::array<bool, 3>& free)
      : residuals_(residuals), scaling_(scaling), free_(free) {}
  // Residual k and, when jac is not null, its derivatives in the four scaled blocks (all four
  // filled; a fixed parameter's column is 0). False when the model fails there.
  bool at(const std::array<double, 4>& x, int k, double* r, double** jac) const;
  // The t0 column without residual k's entry (k < 0: complete), for the covariance where that
  // sample's rate is unbounded (fit_record.cpp, record_covariance).
  void omit_from_t0_column(int k) const { omitted_ = k, valid_ = false, x_[0] = NAN; }
  // K, n, d columns by Richardson-extrapolated differences (RecordResiduals::parameter_gradients):
  // for the fit's last solve and its covariance.
  void extrapolate(bool on) const { extrapolated_ = on, valid_ = false, x_[0] = NAN; }

 private:
  bool refresh(const std::array<double, 4>& x, bool with_jacobian) const;
  const RecordResiduals& residuals_;
  RecordScaling scaling_;
  std::array<bool, 3> free_;
  mutable std::array<double, 4> x_{NAN, NAN, NAN, NAN};
  mutable bool valid_ = false, with_jacobian_ = false;
  mutable int omitted_ = -1;
  mutable bool extrapolated_ = false;
  mutable std::vector<double> r_;
  mutable std::array<std::vector<double>, 4> columns_;
};

class RecordSampleResidual final : public ceres::SizedCostFunction<1, 1, 1, 1, 1> {
 public:
  RecordSampleResidual(const RecordEvaluation& evaluation, int k)
      : evaluation_(evaluation), k_(k) {}
  bool Evaluate(double const* const* p, double* r, double** jac) const override {
    return evaluation_.at({p[0][0], p[1][0], p[2][0], p[3][0]}, k_, r, jac);
  }

 private:
  const RecordEvaluation& evaluation_;
  int k_;
};

}  // namespace calib::fit::detail
