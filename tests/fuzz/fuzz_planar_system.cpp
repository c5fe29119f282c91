// libFuzzer target: the planar-system reader (bodies, joints, contact, assembly, and the
// dynamics keys: velocities, gravity, springs, drives) and, on what it accepts, the
// effective-mass analysis (NP eq. 28, 31, 38/39) and the planar multibody system's start: its
// consistent initial velocities and one evaluation of the augmented equations of motion. Any
// input must give a result or a calib::Error — never a crash, a hang or another exception.
#include <cstddef>
#include <cstdint>
#include <string>

#include "calib/core/error.hpp"
#include "calib/dynamics/planar_multibody.hpp"
#include "calib/io/config.hpp"
#include "calib/models/planar_system.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto system = calib::models::multibody::PlanarSystem::from(
        calib::io::ConfigNode::parse(text, "fuzz.toml"));
    (void)calib::models::multibody::analyse(system);
    const calib::dynamics::PlanarMultibody dynamic(system);
    const auto q = dynamic.initial_coordinates(), qd = dynamic.initial_velocities();
    (void)calib::dynamics::constrained_accelerations(dynamic, 0.0, q, qd,
                                                     dynamic.applied(0.0, q, qd), 1.0);
  } catch (const calib::Error&) {
  }
  return 0;
}
