// libFuzzer target: the measurement-CSV reader of `calib kn-fit --data` (header with units,
// fast-cpp-csv-parser rows, std::from_chars numbers). Any input must give measurements or a
// calib::Error — never a crash, a hang or another exception.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "calib/core/error.hpp"
#include "calib/studies/kn_fit_single.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/calib_fuzz_measurements." + std::to_string(::getpid()) + ".csv";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  calib::studies::kn_fit::MeasurementInput input;
  input.data = path;
  input.length = "10mm";  // so F[unit] columns are read too
  try {
    (void)calib::studies::kn_fit::read_measurements(input);
  } catch (const calib::Error&) {
  }
  return 0;
}
