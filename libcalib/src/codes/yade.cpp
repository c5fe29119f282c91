// Yade (docs/simulators/yade.md). Debian 12 ships yade 2023.02a. Each mapping is labelled with the
// first release it applies to, read from that release's source and, for 2023.02a, confirmed with
// the Debian binary (tests/peers/test_yade.py).
//  * mindlin 2023.02a (Yade commit 8766c063 of 25 Jan 2023, first released in 2023.02a):
//    Ip2_FrictMat_FrictMat_MindlinPhys(en) sets β_n by Thornton, Cummins & Cleary 2013 eq. B6–B7
//    (β_n = 0 when en == 1 exactly); Law2_ScGeom_MindlinPhys_Mindlin: c_n = 2β_n√(m̄ k_n),
//    k_n = (3/2)K√δ, so χ = √6·β_n(e) (the catalog's thornton2013); normal force clamped at 0.
//  * mindlin 2016.06a (the law of releases 1.00.0 … 2022.01a): α = 2√(5/6)ζ(e)√(2E*√R*),
//    c_n = α√m̄ δ^{1/4} = √5ζ(e)√(m̄K)δ^{1/4}, clamped (pkg/dem/HertzMindlin.cpp of 2022.01a
//    l.77–78, 362, 396).
//  * viscel, viscel-young: ViscElMat, yade_viscel.cpp.
// Walls (utils.wall: mass 0, not dynamic): m̄ is the sphere's mass; R* takes the wall's "radius"
// from the Ig2: the sphere's radius (R* = R/2) unless Ig2_Wall_Sphere_ScGeom(hertzian=True)
// (from 2022.01a: 1e8 R, so R* = R; pkg/dem/Ig2_Facet_Sphere_ScGeom.cpp).
#include <cmath>
#include <numbers>

#include "codes/yade.hpp"

namespace calib::codes::detail {

namespace {

using yade::bodies_and_collider;
using yade::kDebian;
using yade::on_wall;

constexpr std::string_view kTsujiEra = "2016.06a";
// The largest en the 2023.02a mapping types: β_n(1.1) ≈ 3e-6, e ≈ 1 − 1e-5.
constexpr double kThorntonEnMax = 1.1;

std::string mindlin_snippet(double en, const Contact& c, std::string_view releases,
                            std::string_view wall_functor) {
  return fmt::format(
      "# Yade {} Python\n"
      "mat = O.materials.append(FrictMat(young={}, poisson={}, density={}, frictionAngle=0))\n"
      "{}"
      "        [Ip2_FrictMat_FrictMat_MindlinPhys(en={})],\n"
      "        [Law2_ScGeom_MindlinPhys_Mindlin()]),\n{}",
      releases, num(c.youngs), num(c.poisson), num(c.density), bodies_and_collider(c, wall_functor),
      num(en),
      yade::kNewtonIntegrator);
}

// Thornton et al. 2013 eq. B6–B7 as Yade 2023.02a evaluates it: β_n = 0 for en == 1, and for
// en > 1 the same polynomial, whose β_n keeps falling (≈ 0.0029 at en = 1.012, 3e-6 at 1.1).
double thornton_chi(double en) {
  return en == 1.0 ? 0.0 : models::find("thornton2013").damping(en, 1.5);
}

// The Hertz stiffness Yade uses on a wall without hertzian=True: R* = R/2.
PhysicalImpact hertz_on_wall_radius_halved(double chi, bool clamp, const Contact& c) {
  PhysicalImpact p = hertz_tsuji(chi, clamp, c);
  if (on_wall(c)) p.law.k = 4.0 / 3.0 * c.e_star * std::sqrt(c.radius / 2.0);
  return p;
}

// The assumptions of a Mindlin mapping, with what its wall functor makes of R*.
std::vector<std::string_view> mindlin_assumptions(std::string_view wall_radius) {
  return {"m-bar = m/2 for two spheres, m (the sphere's) on a fixed wall; E* = E/(2(1-nu^2))",
          wall_radius,
          "normal force clamped at 0 (Yade, not switchable); NewtonIntegrator(damping=0); no "
          "gravity"};
}

CodeLaw mindlin_thornton() {
  return {"yade", "mindlin", kDebian,
          "Yade 2023.02a pkg/dem/HertzMindlin.cpp l.75-100 (Thornton, Cummins & Cleary 2013 eq. "
          "B6-B7), l.345-356, 396",
          "Hertz–Mindlin + c_n = 2β_n(e)√(m̄k_n), k_n = (3/2)K√δ: χ = √6β_n(e), clamped",
          // Yade takes en > 1 without a warning; the fit's e stays below 0.985 for en < 1 and
          // en in (1, 1.1] reaches (0.985, 1) (checked in Yade 2023.02a, tests/peers).
          {"en of Ip2_FrictMat_FrictMat_MindlinPhys", "-", true, 1e-9, kThorntonEnMax, {}},
          {true, ""}, false,
          [] {
            auto a = mindlin_assumptions(
                "R* = R/2 for two spheres, R on a wall (hertzian=True: the wall's radius 1e8 R)");
            a.push_back("en may exceed 1 (Yade takes it without a warning; calib types at most 1.1): the Thornton fit's beta_n "
                        "keeps falling past en = 1, so en in (1, 1.1] gives e in (0.985, 1); "
                        "en = 1 exactly is elastic (beta_n = 0)");
            return a;
          }(),
          +[](double v, bool clamp, const Contact& c) {
            return hertz_tsuji(thornton_chi(v), clamp, c);  // hertzian wall: R* = R
          },
          +[](double v, bool, const Contact& c) {
            return mindlin_snippet(v, c, "2023.02a", "Ig2_Wall_Sphere_ScGeom(hertzian=True)");
          },
          yade::kStepsPerContact};
}

CodeLaw mindlin_sqrt5_zeta() {
  return {"yade", "mindlin", kTsujiEra,
          "Yade 2022.01a pkg/dem/HertzMindlin.cpp l.77-78, 362, 396 (the same in 1.00.0 to "
          "2022.01a)",
          "Hertz–Mindlin + c_n = √5ζ(e)√(m̄K)δ^{1/4}, clamped; a wall's R* = R/2",
          {"en of Ip2_FrictMat_FrictMat_MindlinPhys", "-", true, 1e-9, 1.0, {}},
          {true, ""}, false,
          mindlin_assumptions("R* = R/2 for two spheres and on a wall (the wall's radius is the "
                              "sphere's)"),
          +[](double v, bool clamp, const Contact& c) {
            return hertz_on_wall_radius_halved(std::sqrt(5.0) * zeta(v), clamp, c);
          },
          +[](double v, bool, const Contact& c) {
            return mindlin_snippet(v, c, "1.00.0-2022.01a", "Ig2_Wall_Sphere_ScGeom()");
          },
          yade::kStepsPerContact};
}

}  // namespace

namespace yade {

double sphere_mass(const Contact& c) {
  return c.density * 4.0 / 3.0 * std::numbers::pi * c.radius * c.radius * c.radius;
}

std::string bodies_and_collider(const Contact& c, std::string_view wall_functor) {
  if (!on_wall(c))
    return fmt::format(
        "# bodies: two spheres, each sphere(center, {}, material=mat)\n"
        "O.engines = [ForceResetter(), InsertionSortCollider([Bo1_Sphere_Aabb()]),\n"
        "    InteractionLoop([Ig2_Sphere_Sphere_ScGeom()],\n",
        num(c.radius));
  return fmt::format(
      "# bodies: sphere(center, {}, material=mat) and a fixed utils.wall(position, axis, "
      "material=mat)\n"
      "O.engines = [ForceResetter(), InsertionSortCollider([Bo1_Sphere_Aabb(), Bo1_Wall_Aabb()]),\n"
      "    InteractionLoop([Ig2_Sphere_Sphere_ScGeom(), {}],\n",
      num(c.radius), wall_functor);
}

}  // namespace yade

std::vector<CodeLaw> yade_laws() {
  return {mindlin_thornton(), mindlin_sqrt5_zeta(), yade::viscel_tc_en(), yade::viscel_young_en()};
}

}  // namespace calib::codes::detail
