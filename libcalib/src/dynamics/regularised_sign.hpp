#pragma once
// The smooth sign of regularised Coulomb friction: v/√(v² + v_r²), → ±1 for |v| ≫ v_r and
// linear (v/v_r) near v = 0, so a friction force −μN·sign_r(v) is continuous in the velocity
// and the equations of motion stay smooth for the integrator.
#include <cmath>

namespace calib::dynamics::detail {

inline double regularised_sign(double v, double v_r) { return v / std::sqrt(v * v + v_r * v_r); }

}  // namespace calib::dynamics::detail
