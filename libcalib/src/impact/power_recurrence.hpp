#pragma once
// Private to libcalib/src: the pieces of J.C.P. Miller's power recurrence shared by the impact
// solve's series (series_start.cpp, taylor_series.hpp, energy_time.cpp's end series). For
// y = x^m with x = Σ a_k tᵏ (a_0 ≠ 0), x·y' = m x'·y gives, term by term,
//   k a_0 y_k = Σ_{j=1..k} ((m + 1) j − k) a_j y_{k−j}.
#include <array>

namespace calib::impact::detail {

// 1/k for k = 1 … N − 1 (entry 0 unused): the recurrences multiply instead of dividing (a
// division on their dependency chain costs ~14 cycles a term).
template <int N>
constexpr std::array<double, N> inverse_integers() {
  std::array<double, N> inverse{};
  for (int k = 1; k < N; ++k) inverse[k] = 1.0 / k;
  return inverse;
}

// Σ_{j=2..k} (alpha j − k) a_j y_{k−j} (alpha = m + 1): the recurrence's sum without its newest
// term j = 1, which holds y_{k−1}. The recurrence is a chain (y_k needs y_{k−1}), so the older
// terms are summed off it, in four partial sums, and the caller adds (alpha − k) a_1 y_{k−1}
// last: with one running sum every term would wait for the one before.
inline double miller_older_terms(double alpha, const double* a, const double* y, int k) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  int j = 2;
  for (; j + 3 <= k; j += 4) {
    s0 += (alpha * j - k) * a[j] * y[k - j];
    s1 += (alpha * (j + 1) - k) * a[j + 1] * y[k - j - 1];
    s2 += (alpha * (j + 2) - k) * a[j + 2] * y[k - j - 2];
    s3 += (alpha * (j + 3) - k) * a[j + 3] * y[k - j - 3];
  }
  for (; j <= k; ++j) s0 += (alpha * j - k) * a[j] * y[k - j];
  return (s0 + s1) + (s2 + s3);
}

}  // namespace calib::impact::detail
