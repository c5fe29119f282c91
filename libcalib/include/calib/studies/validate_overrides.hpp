#pragma once
// The typed command-line settings of `calib validate` (studies/validate.hpp applies them).
#include <string>
#include <vector>

namespace calib::studies::validate {

struct Overrides {
  std::vector<std::string> formulas;  // catalog names replacing the config's list (empty: keep)
  std::string clamp = "default";      // default | on | off | both, for `formulas`
  int samples = 0;                    // random parameter sets per e (0: the config's)
};

}  // namespace calib::studies::validate
