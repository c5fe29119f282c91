// libFuzzer target: the TOML config reader, the [space] parser of the sweep engine, the sweep
// kernels' config and every study's Config::from. Any input must end in a value or a
// calib::Error (exit 2 in the CLI) — never a crash, a hang, a leak or another exception.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "calib/core/error.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/damping_fit.hpp"
#include "calib/studies/effective_mass.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/rms_table.hpp"
#include "calib/studies/validate.hpp"
#include "calib/sweep/sweep.hpp"
#include "studies/sweep_kernels.hpp"

namespace {
template <class Config>
void try_config(const std::string& text) {
  try {
    (void)Config::from(calib::io::ConfigNode::parse(text, "fuzz.toml"));
  } catch (const calib::Error&) {
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto node = calib::io::ConfigNode::parse(text, "fuzz.toml");
    if (const auto table = node.optional_table("space")) {
      const calib::sweep::Space space = calib::sweep::parse_space(*table);
      const std::size_t n = std::min<std::size_t>(space.size(), 8);
      for (std::size_t i = 0; i < n; ++i) (void)space.point(i);
      if (node.has("kernel")) (void)calib::studies::make_kernel(node, space);
    }
  } catch (const calib::Error&) {
  }
  try_config<calib::studies::rms_table::Config>(text);
  try_config<calib::studies::damping_fit::Config>(text);
  try_config<calib::studies::validate::Config>(text);
  try_config<calib::studies::kn_fit::Config>(text);
  try_config<calib::studies::effective_mass::Config>(text);
  return 0;
}
