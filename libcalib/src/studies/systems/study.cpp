// The systems study's entry in the registry: config in, results folder out, summary back.
#include "calib/studies/systems.hpp"
#include "studies/run_config_study.hpp"

namespace calib::studies::systems {

std::string run_study(const RunRequest& request) {
  return run_config_study<Config>(request, run, write, report);
}

}  // namespace calib::studies::systems
