#pragma once
// The smooth sign of regularised Coulomb friction: sign_r(v) = v/√(v² + v_r²). It tends to ±1
// for |v| ≫ v_r (the Coulomb force, short of it by the factor 1 − v_r²/(2v²) + …) and is
// linear, v/v_r, near v = 0, so a friction force −μN·sign_r(v) is a smooth (C∞) function of the
// velocity: the adaptive integrator needs no event at stick–slip transitions, and sticking
// becomes a stiff viscous lock of slope μN/v_r. The same idea as the velocity-dependent
// correction coefficient of Ambrósio (2003, "Impact of rigid and flexible multibody systems:
// deformation description and contact models", NATO Sci. Ser. II 103) and of Flores, Ambrósio,
// Claro and Lankarani (J. Comput. Nonlinear Dyn. 3, 011007, 2008), which is piecewise linear in
// |v|; this algebraic form is one of the smooth regularisations surveyed by Marques, Flores,
// Claro and Lankarani (Nonlinear Dyn. 86, 1407–1443, 2016).
#include <cmath>

namespace calib::dynamics::detail {

inline double regularised_sign(double v, double v_r) { return v / std::sqrt(v * v + v_r * v_r); }

}  // namespace calib::dynamics::detail
