#include "fit/record_t0_profile.hpp"

#include <algorithm>
#include <map>

#include "fit/ceres_options.hpp"

namespace calib::fit::detail {

namespace {

// One profile point: K, n, d solved from `start` with t0 held at the scaled value x3, loosely
// (relative changes 1e-5, at most 10 iterations): the profile ranks sample intervals, whose
// costs near the optimum differ by (Δt/SE(t0))² ≳ 100 for the records of docs/fit_impact.md, and
// Ceres solves from the best one to the full tolerances afterwards. A point stopped early
// overstates its cost, which can only make the final check against the profile more lenient.
class ProfileSolver {
 public:
  ProfileSolver(ceres::Problem& problem, std::array<double, 4>* x, const FitOptions& fit)
      : problem_(problem), x_(*x), options_(solver_options(fit)) {
    options_.function_tolerance = options_.parameter_tolerance = 1e-5;
    options_.gradient_tolerance = 1e-14;
    options_.max_num_iterations = 10;
    for (int i = 0; i < 3; ++i) any_free_ = any_free_ || !problem.IsParameterBlockConstant(&x_[i]);
  }
  T0Profile at(const std::array<double, 4>& start, double x3) {
    x_ = start, x_[3] = x3;
    T0Profile point;
    problem_.SetParameterBlockConstant(&x_[3]);
    if (any_free_) {
      ceres::Solver::Summary summary;
      ceres::Solve(options_, &problem_, &summary);
      if (summary.IsSolutionUsable()) point.cost = summary.final_cost;
    } else if (double c; problem_.Evaluate({}, &c, nullptr, nullptr, nullptr)) {
      point.cost = c;
    }
    problem_.SetParameterBlockVariable(&x_[3]);
    point.x = x_, point.intervals = 1;
    return point;
  }

 private:
  ceres::Problem& problem_;
  std::array<double, 4>& x_;
  ceres::Solver::Options options_;
  bool any_free_ = false;
};

}  // namespace

T0Profile profile_t0(ceres::Problem& problem, std::array<double, 4>* x,
                     const RecordScaling& scaling, const std::vector<double>& t, double from,
                     double to, const FitOptions& fit) {
  const std::array<double, 4> start = *x;
  std::vector<double> mid;  // scaled t0 at the midpoints of the intervals in the window
  for (std::size_t i = 1; i < t.size(); ++i)
    if (const double m = 0.5 * (t[i - 1] + t[i]); m >= from && m <= to)
      mid.push_back((m - scaling.offset[3]) / scaling.scale[3]);
  T0Profile best;
  if (mid.empty()) return best;
  ProfileSolver solver(problem, x, fit);
  std::map<int, T0Profile> done;
  // The points `indices` in order, each from the last one solved (the first from `from_x`).
  const auto sweep = [&](const std::vector<int>& indices, std::array<double, 4> from_x) {
    for (const int i : indices) {
      if (!done.contains(i)) {
        throw_if_stopped(fit);  // each point is a solve: Ctrl-C ends the profile between them
        done[i] = solver.at(from_x, mid[i]);
      }
      if (std::isfinite(done[i].cost)) from_x = done[i].x;
    }
  };
  // Outward from interval `centre` to `lo` and to `hi` in steps of `stride`.
  const auto outward = [&](int centre, int lo, int hi, int stride, std::array<double, 4> from_x) {
    std::vector<int> up, down;
    for (int i = centre; i <= hi; i += stride) up.push_back(i);
    for (int i = centre - stride; i >= lo; i -= stride) down.push_back(i);
    sweep(up, from_x);
    sweep(down, done.contains(centre) && std::isfinite(done[centre].cost) ? done[centre].x
                                                                          : from_x);
  };
  const int count = static_cast<int>(mid.size());
  const int stride = std::max(1, count / 8);
  const auto nearest = std::min_element(mid.begin(), mid.end(), [&](double a, double b) {
    return std::abs(a - start[3]) < std::abs(b - start[3]);
  });
  const int centre = static_cast<int>(nearest - mid.begin());
  outward(centre, 0, count - 1, stride, start);
  const auto lowest = [&] {
    return std::min_element(done.begin(), done.end(), [](const auto& a, const auto& b) {
      return a.second.cost < b.second.cost;
    });
  };
  // From the best coarse interval to the neighbour of lower cost while there is one.
  for (int at = lowest()->first;;) {
    for (const int i : {at - 1, at + 1})
      if (i >= 0 && i < count) sweep({i}, done[at].x);
    const int next = lowest()->first;
    if (next == at) break;
    at = next;
  }
  best = lowest()->second;
  best.intervals = static_cast<int>(done.size());
  *x = start;
  return best;
}

}  // namespace calib::fit::detail
