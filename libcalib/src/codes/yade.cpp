// Yade (SIMULATOR_LAWS.md §c.5). Debian 12 ships yade 2023.02a.
//  * mindlin, 2023.02a: Ip2_FrictMat_FrictMat_MindlinPhys(en=…) (pkg/dem/HertzMindlin.cpp
//    l.80–81, 315): c_n = 2√(5/6)·ζ(e)·√(2E*√R*)·√m̄·δ^{1/4} = √5ζ(e)√(m̄K)δ^{1/4}; the normal
//    force is clamped at 0 for non-adhesive contacts.
//  * mindlin, thornton: the trunk forks replace ζ by the Thornton, Cummins & Cleary 2013 fit
//    (eq. B6–B7): c_n = 2β_n√(m̄k_n), k_n = (3/2)K√δ → χ = √6·β_n(e) (the catalog's thornton2013).
//  * viscel, 2023.02a: ViscElMat with (tc, en) (pkg/dem/ViscoelasticPM.cpp l.210–260): k =
//    m_R(π²+L²)/tc², c = −2m_R L/tc, i.e. a Kelvin–Voigt contact with ζ = ζ(e), clamped.
// ViscElMat with (young, en) inverts the clamped Kelvin–Voigt COR by a finite-difference Newton
// stopped at 1e-2 relative error (l.309–347): its achieved e is E to ~1e-2 and not mapped here.
#include <cmath>

#include "codes/laws.hpp"

namespace calib::codes::detail {

namespace {

std::string mindlin_snippet(double e, const Contact& c) {
  return fmt::format(
      "# Yade Python\n"
      "mat = O.materials.append(FrictMat(young={}, poisson={}, density={}, frictionAngle=0))\n"
      "# spheres: sphere(center, radius={}, material=mat)\n"
      "O.engines = [ForceResetter(), InsertionSortCollider([Bo1_Sphere_Aabb()]),\n"
      "    InteractionLoop([Ig2_Sphere_Sphere_ScGeom()],\n"
      "        [Ip2_FrictMat_FrictMat_MindlinPhys(en=MatchMaker(algo='val', val={}))],\n"
      "        [Law2_ScGeom_MindlinPhys_Mindlin()]),\n"
      "    NewtonIntegrator(damping=0)]  # the default numerical damping 0.2 changes e\n",
      num(c.youngs), num(c.poisson), num(c.density), num(c.radius), num(e));
}

const std::vector<std::string_view> kMindlinAssumptions = {
    "two identical dynamic spheres: m* = m/2 (Yade's m-bar; a sphere on a fixed wall uses m)",
    "E* = E/(2(1-nu^2)), R* = R/2; normal force clamped at 0 (Yade, not switchable)",
    "NewtonIntegrator(damping=0); no gravity"};

}  // namespace

std::vector<CodeLaw> yade_laws() {
  return {
      {"yade", "mindlin", "2023.02a", "Yade 2023.02a pkg/dem/HertzMindlin.cpp l.80-81, 315",
       "Hertz–Mindlin + c_n = √5ζ(e)√(m̄K)δ^{1/4}, clamped",
       {"en of Ip2_FrictMat_FrictMat_MindlinPhys", "-", true, 1e-9, 1.0, {}},
       {true, ""}, false, kMindlinAssumptions,
       +[](double v, bool clamp, const Contact& c) {
         return hertz_tsuji(std::sqrt(5.0) * zeta(v), clamp, c);
       },
       +[](double v, bool, const Contact& c) { return mindlin_snippet(v, c); }},
      {"yade", "mindlin", "thornton",
       "Yade trunk forks pkg/dem/HertzMindlin.cpp (Thornton, Cummins & Cleary 2013 eq. B6-B7)",
       "Hertz–Mindlin + c_n = 2β_n(e)√(m̄k_n), k_n = (3/2)K√δ: χ = √6β_n(e), clamped",
       {"en of Ip2_FrictMat_FrictMat_MindlinPhys", "-", true, 1e-9, 1.0, {}},
       {true, ""}, false, kMindlinAssumptions,
       +[](double v, bool clamp, const Contact& c) {
         return hertz_tsuji(models::find("thornton2013").damping(v, 1.5), clamp, c);
       },
       +[](double v, bool, const Contact& c) { return mindlin_snippet(v, c); }},
      {"yade", "viscel", "2023.02a", "Yade 2023.02a pkg/dem/ViscoelasticPM.cpp l.210-260",
       "ViscElMat (tc, en): Kelvin–Voigt k = m_R(π²+L²)/tc², c = −2m_R L/tc, clamped: χ = 2ζ(e)",
       {"en of ViscElMat", "-", true, 1e-9, 1.0, {}},
       {true, ""}, false,
       {"two identical spheres: m_R = m/2", "the stiffness follows from tc (e does not depend on it)",
        "normal force clamped at 0 (Yade, not switchable); NewtonIntegrator(damping=0)"},
       +[](double v, bool clamp, const Contact& c) {
         return hooke_tsuji(2.0 * zeta(v), clamp, c, c.k_linear);
       },
       +[](double v, bool, const Contact& c) {
         return fmt::format(
             "# Yade Python; tc = contact time [s] of your choice (e does not depend on it)\n"
             "mat = O.materials.append(ViscElMat(tc=1e-4, en={}, et=1, density={}, frictionAngle=0))\n"
             "O.engines = [ForceResetter(), InsertionSortCollider([Bo1_Sphere_Aabb()]),\n"
             "    InteractionLoop([Ig2_Sphere_Sphere_ScGeom()], [Ip2_ViscElMat_ViscElMat_ViscElPhys()],\n"
             "        [Law2_ScGeom_ViscElPhys_Basic()]), NewtonIntegrator(damping=0)]\n",
             num(v), num(c.density));
       }},
  };
}

}  // namespace calib::codes::detail
