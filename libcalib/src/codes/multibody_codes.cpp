// Multibody codes with Hunt–Crossley-type contact (SIMULATOR_LAWS.md §c.8), and MuJoCo.
// Every law here is F = Kδ^{3/2}(1 + h δ'/v) with h fixed by the code's formula; libcalib's exact
// value is h*(e) (Gonthier / Zhang–Sharf, SF2020 eq. 39), so the inverse types the e whose
// formula gives h*(target).
//  * Simbody HuntCrossleyForce: f = k x^{3/2}(1 + (3/2)c ẋ); the user types the dissipation c
//    [s/m]; h = (3/2)c·v.
//  * Exudyn (ObjectContactSphereSphere, impact models 1 and 2; δ̇₋ captured at contact start):
//    model 1 h = (3/2)(1 − e); model 2 h = (3/2)(1 − e)(11 − e)/(1 + 9e) for e > 1/3, else
//    (1 − e²)/e.
//  * MBDyn (hunt-crossley style constitutive laws, D/K = h/v₀ with the user's v₀): three
//    options, flores 8(1−e)/(5e), hunt-crossley 3(1−e)/2, lankarani-nikravesh 3(1−e²)/4;
//    h = formula(e)·v/v₀, v₀ = --v-char.
//  * MuJoCo (documentation "Computation → Soft constraints", solref = (timeconst, dampratio)):
//    with solimp dmin = dmax the contact is a Kelvin–Voigt spring–damper in acceleration space
//    with damping ratio = dampratio, and contact forces cannot pull (clamp). So e is the clamped
//    Kelvin–Voigt COR of dampratio (Butcher–Segalman / Schwager–Pöschel). Not faithful when dmin
//    ≠ dmax (the impedance then varies with the penetration) or when timestep is not ≪ timeconst.
// The API parameter names in these snippets are from the codes' documentation, not checked
// against a running binary (unlike LAMMPS and LIGGGHTS, tests/peers).
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

const std::vector<std::string_view> kHc = {
    "Hertz K = (4/3)E*sqrt(R*) of two identical spheres, m* = m/2",
    "the code captures the impact speed at contact start (exact at --v)",
    "no clamp (the law's force can pull at the end of restitution); no gravity"};

std::string hc_snippet(std::string_view lines, double value, const Contact& c) {
  return fmt::format("# K = {} N/m^1.5, m* = {} kg, v = {} m/s\n", num(c.k_hertz), num(c.m_eff),
                     num(c.v)) +
         fmt::format(fmt::runtime(lines), num(value), num(c.k_hertz), num(c.v_char));
}

// Exudyn ObjectContactSphereSphere with impactModel 1 or 2.
template <int ImpactModel>
std::string exudyn_snippet(double e, bool, const Contact& c) {
  return hc_snippet(fmt::format("# Python: contactStiffness = K, exponent 1.5\n"
                                "ObjectContactSphereSphere(..., contactStiffness={{1}}, "
                                "contactStiffnessExponent=1.5, contactDamping=0,\n"
                                "    impactModel={}, restitutionCoefficient={{0}})\n",
                                ImpactModel),
                    e, c);
}

CodeLaw exudyn(std::string_view model, PhysicalImpact (*impact)(double, bool, const Contact&),
               std::string (*snippet)(double, bool, const Contact&)) {
  return {"exudyn", model, "1.8",
          "Exudyn ObjectContactSphereSphere (impactModel 1/2), theDoc.pdf contact section",
          model == "impact-model-1" ? "Hunt–Crossley type, h = (3/2)(1 − e)"
                                    : "Hunt–Crossley type, h = (3/2)(1−e)(11−e)/(1+9e) (e > 1/3), "
                                      "(1−e²)/e (e ≤ 1/3)",
          {"restitutionCoefficient", "-", true, 1e-6, 1.0, {}},
          {false, ""}, false, kHc, impact, snippet};
}

}  // namespace

std::vector<CodeLaw> multibody_laws() {
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
         return hc_snippet("// C++: stiffness [N/m^2] per Simbody's convention, dissipation [s/m]\n"
                           "hc.setBodyParameters(surfaceIndex, stiffness, {0}, 0, 0, 0);\n",
                           value, c);
       }});
  auto model1 = +[](double e, bool, const Contact& c) { return hertz_hysteresis(1.5 * (1 - e), c); };
  auto model2 = +[](double e, bool, const Contact& c) {
    const double h = e > 1.0 / 3.0 ? 1.5 * (1 - e) * (11 - e) / (1 + 9 * e) : (1 - e * e) / e;
    return hertz_hysteresis(h, c);
  };
  laws.push_back(exudyn("impact-model-1", model1, &exudyn_snippet<1>));
  laws.push_back(exudyn("impact-model-2", model2, &exudyn_snippet<2>));
  struct Mbdyn {
    const char* model;
    const char* law;
    PhysicalImpact (*impact)(double, bool, const Contact&);
  };
  for (const Mbdyn& m :
       {Mbdyn{"flores", "h = 8(1−e)/(5e)·v/v₀",
              +[](double e, bool, const Contact& c) {
                return hertz_hysteresis(1.6 * (1 - e) / e * c.v / c.v_char, c);
              }},
        Mbdyn{"hunt-crossley", "h = 3(1−e)/2·v/v₀",
              +[](double e, bool, const Contact& c) {
                return hertz_hysteresis(1.5 * (1 - e) * c.v / c.v_char, c);
              }},
        Mbdyn{"lankarani-nikravesh", "h = 3(1−e²)/4·v/v₀", +[](double e, bool, const Contact& c) {
                return hertz_hysteresis(0.75 * (1 - e * e) * c.v / c.v_char, c);
              }}}) {
    laws.push_back(
        {"mbdyn", m.model, "1.7.3", "MBDyn input manual, hunt-crossley-type constitutive laws",
         m.law,
         {"coefficient of restitution (with the reference velocity v0 = --v-char)", "-", true, 1e-6,
          1.0, {}},
         {false, ""}, true,
         {"Hertz K = (4/3)E*sqrt(R*), m* = m/2",
          "D/K = formula(e)/v0 with the user's reference velocity v0 = --v-char: exact only at v = v0",
          "no clamp; no gravity"},
         m.impact,
         +[](double e, bool, const Contact& c) {
           return hc_snippet("# K = {1}, e = {0}, v0 = {2} m/s; D = K * h(e)/v0\n", e, c);
         }});
  }
  return laws;
}

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
