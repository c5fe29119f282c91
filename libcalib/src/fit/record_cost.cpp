#include "fit/record_cost.hpp"

#include <cmath>

namespace calib::fit::detail {

bool RecordEvaluation::refresh(const std::array<double, 4>& x, bool with_jacobian) const {
  if (x == x_ && (with_jacobian_ || !with_jacobian)) return valid_;
  x_ = x, with_jacobian_ = with_jacobian, valid_ = false;
  const int n = residuals_.count();
  r_.assign(n, 0.0);
  for (auto& c : columns_) c.assign(n, 0.0);
  const ImpactLawParameters p{scaling_.value(0, x[0]), scaling_.value(1, x[1]),
                              scaling_.value(2, x[2])};
  const double t0 = scaling_.value(3, x[3]);
  double t_contact = NAN;
  if (!residuals_.evaluate(p, t0, r_.data(), with_jacobian ? columns_[3].data() : nullptr,
                           &t_contact))
    return false;
  if (with_jacobian && omitted_ >= 0 && omitted_ < n) columns_[3][omitted_] = 0.0;
  if (with_jacobian &&
      !residuals_.parameter_gradients(p, t0, r_.data(), t_contact, free_,
                                      {columns_[0].data(), columns_[1].data(), columns_[2].data()},
                                      extrapolated_))
    return false;
  valid_ = true;
  return true;
}

bool RecordEvaluation::at(const std::array<double, 4>& x, int k, double* r, double** jac) const {
  if (!refresh(x, jac != nullptr)) return false;
  r[0] = r_[k];
  if (jac)
    for (int i = 0; i < 4; ++i)
      if (jac[i]) jac[i][0] = columns_[i][k] * scaling_.scale[i];
  return true;
}

}  // namespace calib::fit::detail
