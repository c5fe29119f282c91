#pragma once
// Implementation detail of calib::sweep::map_points (declared in sweep.hpp): a template,
// so the TBB call is hidden behind a type-erased parallel loop defined in sweep.cpp.
#include <cstddef>
#include <functional>
#include <vector>

namespace calib::sweep {

namespace detail {
// Calls body(i) for i in [0, count) in parallel; exceptions propagate to the caller.
void parallel_indices(std::size_t count, const std::function<void(std::size_t)>& body, int threads);
}  // namespace detail

template <class Result>
std::vector<Result> map_points(std::size_t count, const std::function<Result(std::size_t)>& f,
                               int threads) {
  std::vector<Result> out(count);
  detail::parallel_indices(count, [&](std::size_t i) { out[i] = f(i); }, threads);
  return out;
}

}  // namespace calib::sweep
