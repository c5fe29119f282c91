#pragma once
// Private to the Yade mappings (yade.cpp: Hertz–Mindlin; yade_viscel.cpp: ViscElMat): what their
// snippets share, and the ViscElMat mappings yade_laws() lists.
#include <string>
#include <string_view>

#include "codes/laws.hpp"

namespace calib::codes::detail::yade {

inline constexpr std::string_view kDebian = "2023.02a";  // Debian 12's yade package

// Yade's leapfrog applies the dashpot with the half-step velocity: its e error is first order in
// the time step, below 1e-4 at t_contact/4000 in every case of tests/peers/test_yade.py.
inline constexpr double kStepsPerContact = 4000;

inline bool on_wall(const Contact& c) { return c.geometry == Geometry::sphere_wall; }

// ρ(4/3)πR³: the mass Yade's utils.sphere gives a body.
double sphere_mass(const Contact& c);

// The comment naming the bodies to create with `mat`, and O.engines up to the physics functor:
// the collider and geometry functors the geometry needs (`wall_functor` for a utils.wall).
std::string bodies_and_collider(const Contact& c, std::string_view wall_functor);

inline constexpr std::string_view kNewtonIntegrator =
    "    NewtonIntegrator(damping=0)]  # the default numerical damping 0.2 changes e\n";

CodeLaw viscel_tc_en();
CodeLaw viscel_young_en();

}  // namespace calib::codes::detail::yade
