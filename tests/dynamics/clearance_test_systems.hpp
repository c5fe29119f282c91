#pragma once
// Planar test systems shared by the clearance-joint tests.
#include <string>

namespace calib::dynamics::test_systems {

// A free pin (0.2 kg, R_p = 7.9 mm; `pin_keys`: its position, velocity, ...) in a slot of the
// ground of half-width 8 mm (`slot_keys`: the curve); the regions' tables and the rest follow.
inline std::string ground_slot_pin(const std::string& pin_keys, const std::string& slot_keys) {
  return R"(
type = "planar"
name = "pin"
[[body]]
name = "pin"
mass = 0.2
inertia = 1e-5
)" + pin_keys +
         R"(
[[joint]]
type = "pin-in-slot"
name = "slot"
body_i = "ground"
body_j = "pin"
pin_radius = 0.0079
half_width = 0.008
)" + slot_keys +
         "\n";
}

// Two free bodies: a 1 kg bearing body and a 0.4 kg journal body whose journal centre is off
// its mass centre (point_j), so the contact turns the journal body; e = 1 (no damping).
inline constexpr const char* kTwoFreeBodies = R"(
type = "planar"
name = "two-bodies"
[[body]]
name = "housing"
mass = 1.0
inertia = 1e-3
vx = -0.3
omega = 2.0
[[body]]
name = "shaft"
mass = 0.4
inertia = 2e-4
x = -0.02
vx = 0.9
vy = 0.6
omega = -5.0
[[joint]]
type = "revolute-clearance"
body_i = "housing"
point_i = [0.0, 0.0]
body_j = "shaft"
point_j = [0.02, 0.0]
bearing_radius = 0.010
journal_radius = 0.009
k = 5e9
n = 1.5
alpha = 0.0
[simulate]
t_end = 0.05
rel_tol = 1e-12
abs_tol = 1e-15
output_dt = 1e-3
)";

}  // namespace calib::dynamics::test_systems
