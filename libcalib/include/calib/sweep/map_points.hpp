#pragma once
// Implementation detail of calib::sweep::map_points (declared in sweep.hpp): a template,
// so the TBB call is hidden behind a type-erased parallel loop defined in sweep/run.cpp.
#include <cstddef>
#include <functional>
#include <vector>

namespace calib::sweep {

struct Execution;

namespace detail {
// Calls body(i) for i in [0, count) in parallel, block by block (progress, stop requests);
// exceptions propagate to the caller; a stop request throws calib::Interrupted.
void parallel_indices(std::size_t count, const std::function<void(std::size_t)>& body,
                      const Execution& execution);
}  // namespace detail

template <class Result>
std::vector<Result> map_points(std::size_t count, const std::function<Result(std::size_t)>& f,
                               const Execution& execution) {
  std::vector<Result> out(count);
  detail::parallel_indices(
      count, [&](std::size_t i) { out[i] = f(i); }, execution);
  return out;
}

}  // namespace calib::sweep
