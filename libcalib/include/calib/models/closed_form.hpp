#pragma once
#include <cmath>

namespace calib::models {

// libcalib closed form for the linear damper, dimensionless:
//   ζ(e, n) = κ^{1/(n+1)} (e^{−1/(n+1)} − 1) · exp(t·Q(t, n)),  κ = (n+1)/2, t = e^{1/(n+1)},
//   Q = Σ_{i<ne} Σ_{j<nn} q_ij tⁱ (n − 3/2)^j.
// t rather than e: ζ* changes on the scale of e^{1/(n+1)} (e.g. e ~ 0.03 is t ~ 0.2–0.3), which
// a polynomial in e cannot follow on [1e-4, 1].
// It honours the exact e → 0 limit (PN2020 eq. 33: ζ → (κ/e)^{1/(n+1)}) by construction,
// and Q(1, n) carries the e → 1 slope. Coefficients row-major q[i*nn + j].
template <class T>
T closed_form_zeta_q(const T* q, int ne, int nn, double e, double n) {
  const double a = 1.0 / (n + 1.0);
  const double t = std::pow(e, a);
  T Q = T(0.0);
  double ei = 1.0;
  for (int i = 0; i < ne; ++i, ei *= t) {
    double nj = 1.0;
    for (int j = 0; j < nn; ++j, nj *= n - 1.5) Q += q[i * nn + j] * (ei * nj);
  }
  using std::exp;
  return std::pow(0.5 * (n + 1.0), a) * (1.0 / t - 1.0) * exp(t * Q);
}
}  // namespace calib::models
