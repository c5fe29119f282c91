#include <cstdio>
#include "calib/calibrate/calibrate.hpp"
#include "calib/version.hpp"
int main() {
  const double zeta = calib::calibrate::zeta_exact(0.5, 1.5).damping;
  std::printf("libcalib %s: zeta*(0.5, 1.5) = %.10f\n", calib::kVersion, zeta);
  return zeta > 0.49 && zeta < 0.50 ? 0 : 1;
}
