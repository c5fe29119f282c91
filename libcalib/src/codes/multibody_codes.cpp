// Multibody codes with Hunt–Crossley-type contact: Exudyn, MBDyn.
// Every law here is F = Kδ^{3/2}(1 + h δ'/v) with h fixed by the code's formula; libcalib's exact
// value is h*(e) (Gonthier / Zhang–Sharf, SF2020 eq. 39), so the inverse types the e whose
// formula gives h*(target).
//  * Exudyn (ObjectContactSphereSphere, impact models 1 and 2; δ̇₋ captured at contact start):
//    model 1 h = (3/2)(1 − e); model 2 h = (3/2)(1 − e)(11 − e)/(1 + 9e) for e > 1/3, else
//    (1 − e²)/e.
//  * MBDyn (hunt-crossley style constitutive laws, D/K = h/v₀ with the user's v₀): three
//    options, flores 8(1−e)/(5e), hunt-crossley 3(1−e)/2, lankarani-nikravesh 3(1−e²)/4;
//    h = formula(e)·v/v₀, v₀ = --v-char.
// The API parameter names in these snippets are from the codes' documentation: Debian 12 ships
// neither code, so no running binary checks them.
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
         fmt::format(fmt::runtime(lines), num(value), num(c.k_hertz),
                     c.v_char ? num(*c.v_char) : std::string("(no v_char)"));
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
                return hertz_hysteresis(1.6 * (1 - e) / e * c.v / c.char_velocity(), c);
              }},
        Mbdyn{"hunt-crossley", "h = 3(1−e)/2·v/v₀",
              +[](double e, bool, const Contact& c) {
                return hertz_hysteresis(1.5 * (1 - e) * c.v / c.char_velocity(), c);
              }},
        Mbdyn{"lankarani-nikravesh", "h = 3(1−e²)/4·v/v₀", +[](double e, bool, const Contact& c) {
                return hertz_hysteresis(0.75 * (1 - e * e) * c.v / c.char_velocity(), c);
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

}  // namespace calib::codes::detail
