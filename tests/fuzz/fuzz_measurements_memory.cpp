// libFuzzer target: the measurement-CSV parser of `calib kn-fit --data` on the bytes in memory
// (kn_fit::parse_measurements — the code read_measurements runs after reading the file, so no
// file is written per input). Any input must give checked measurements or a calib::Error —
// never a crash, a hang or another exception; accepted rows must be finite, positive and
// within the reader's plausibility bounds.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "calib/core/error.hpp"
#include "calib/studies/kn_fit_single.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  calib::studies::kn_fit::MeasurementInput input;
  input.data = "fuzz.csv";  // names the source in messages only
  input.length = "10mm";    // so F[unit] columns are read too
  try {
    const auto m = calib::studies::kn_fit::parse_measurements(
        std::string(reinterpret_cast<const char*>(data), size), input);
    if (m.delta.size() != m.W.size() || m.delta.empty()) std::abort();
    for (std::size_t i = 0; i < m.delta.size(); ++i)
      if (!(m.delta[i] > 0 && m.delta[i] <= 1e3 && m.W[i] > 0 && m.W[i] <= 1e9)) std::abort();
  } catch (const calib::Error&) {
  }
  return 0;
}
