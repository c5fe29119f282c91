// Simbody (Debian 12: libsimbody-dev 3.7). HuntCrossleyForce: f = k x^{3/2}(1 + (3/2)c ẋ) with
// the dissipation c [s/m] the user types, so the law is of the hysteresis family with
// h = (3/2)c·v (SF2020 eq. 38).
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {
std::string simbody_snippet(std::string_view lines, double value, const Contact& c) {
  return fmt::format("// K = {} N/m^1.5, m* = {} kg, v = {} m/s\n", num(c.k_hertz), num(c.m_eff),
                     num(c.v)) +
         fmt::format(fmt::runtime(lines), num(value));
}
}  // namespace

std::vector<CodeLaw> simbody_laws() {
  std::vector<CodeLaw> laws;
  laws.push_back(
      {"simbody", "hunt-crossley", "3.7", "Simbody HuntCrossleyForce (SimTKsimbody doxygen)",
       "f = k x^{3/2}(1 + (3/2)c ẋ): h = (3/2)c·v",
       {"dissipation c of HuntCrossleyForce::setBodyParameters", "s/m", false, 0.0, 1e30, {}},
       {false, ""}, true,
       {"Hertz K = (4/3)E*sqrt(R*) (Simbody's stiffness for two spheres), m* = m/2",
        "h = (3/2)c v depends on the impact speed: exact at --v only", "no clamp; no gravity"},
       +[](double c_diss, bool, const Contact& c) { return hertz_hysteresis(1.5 * c_diss * c.v, c); },
       +[](double value, bool, const Contact& c) {
         return simbody_snippet("// C++: stiffness [N/m^2] per Simbody's convention, dissipation [s/m]\n"
                           "hc.setBodyParameters(surfaceIndex, stiffness, {0}, 0, 0, 0);\n",
                           value, c);
       }});
  return laws;
}

}  // namespace calib::codes::detail
