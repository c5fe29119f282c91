// Built against calib_sweep alone: the sweep engine knows nothing of physics, so neither Eigen
// (models) nor Ceres (fit) may be on its include path or in its link closure.
#include "calib/sweep/sweep.hpp"

#if __has_include(<Eigen/Core>)
#error "Eigen is on the sweep layer's include path"
#endif

int main() { return 0; }
