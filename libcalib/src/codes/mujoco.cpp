// MuJoCo (Debian 12: libmujoco-dev). Documentation "Computation → Soft constraints", solref = (timeconst, dampratio)):
// with solimp dmin = dmax the contact is a Kelvin–Voigt spring–damper in acceleration space
// with damping ratio = dampratio, and contact forces cannot pull (clamp). So e is the clamped
// Kelvin–Voigt COR of dampratio (Butcher–Segalman / Schwager–Pöschel). Not faithful when dmin
// ≠ dmax (the impedance then varies with the penetration) or when timestep is not ≪ timeconst.
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

std::vector<CodeLaw> mujoco_laws() {
  return {
      {"mujoco", "solref", "3.x",
       "MuJoCo documentation, Computation: Soft constraints (solref, solimp); mjModel defaults",
       "soft constraint a = −d(b v + k r), b = 2/(d_max τ), k = d/(d_max² τ² ζ²): with d = d_max a "
       "clamped Kelvin–Voigt contact of damping ratio ζ = dampratio",
       {"dampratio (second number of solref)", "-", false, 0.0, 1e3, 1.0},
       {true, ""}, false,
       {"solimp with dmin = dmax (else the impedance varies with the penetration and this mapping "
        "is not faithful)",
        "timestep << timeconst (MuJoCo recommends timeconst >= 2 timestep); implicit damping "
        "not modelled",
        "contact forces cannot pull (clamp); no gravity; frictionless normal impact"},
       +[](double ratio, bool clamp, const Contact& c) {
         return hooke_tsuji(2.0 * ratio, clamp, c, c.k_linear);  // ζ = χ/2 at n = 1
       },
       +[](double ratio, bool, const Contact&) {
         return fmt::format(
             "<!-- MJCF: timeconst 0.02 s (your choice: >= 2 timesteps), dampratio {} -->\n"
             "<default><geom solref=\"0.02 {}\" solimp=\"0.95 0.95 0.001 0.5 2\"/></default>\n",
             num(ratio), num(ratio));
       }},
  };
}

}  // namespace calib::codes::detail
