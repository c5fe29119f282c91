#pragma once
// q̈ of the equations of motion for one simulation (simulate.cpp); its constructor, and
// accelerations() and effective_mass() of system.hpp, are in accelerations.cpp.
#include <vector>

#include "calib/dynamics/system.hpp"

namespace calib::dynamics {

// q̈ of the equations of motion for one simulation, with its scratch kept between calls: where
// the mass matrix is constant and nothing constrains the system (the lumped systems), M_ff is
// factored once and a right-hand side allocates nothing; otherwise constrained_accelerations.
// A right-hand side runs at every stage of every step: allocating there would dominate a lumped
// system's time and serialise threads on the allocator.
class AccelerationSolver {
 public:
  explicit AccelerationSolver(const System& sys);
  // The same q̈ as constrained_accelerations(sys, t, q, qd, f, alpha); driven coordinates 0.
  const Vector& operator()(double t, const Vector& q, const Vector& qd, const Vector& f,
                           double alpha) {
    if (!factored_) return out_ = constrained_accelerations(sys_, t, q, qd, f, alpha);
    for (std::size_t a = 0; a < free_.size(); ++a) ff_[a] = f[free_[a]];
    x_ = ldlt_.solve(ff_);
    for (std::size_t a = 0; a < free_.size(); ++a) out_[free_[a]] = x_[a];
    return out_;
  }

 private:
  const System& sys_;
  bool factored_ = false;
  std::vector<int> free_;
  Eigen::LDLT<Matrix> ldlt_;
  Vector ff_, x_, out_;
};

}  // namespace calib::dynamics
