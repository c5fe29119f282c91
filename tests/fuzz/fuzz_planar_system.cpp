// libFuzzer target: the planar-system reader (bodies, joints, contact, assembly) and the
// effective-mass analysis on what it accepts (NP eq. 28, 31, 38/39). Any input must give a
// report or a calib::Error — never a crash, a hang or another exception.
#include <cstddef>
#include <cstdint>
#include <string>

#include "calib/core/error.hpp"
#include "calib/io/config.hpp"
#include "calib/models/planar_system.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto system = calib::models::multibody::PlanarSystem::from(
        calib::io::ConfigNode::parse(text, "fuzz.toml"));
    (void)calib::models::multibody::analyse(system);
  } catch (const calib::Error&) {
  }
  return 0;
}
