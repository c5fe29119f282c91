// The simulator_inputs study's entry in the registry: config in, results folder out, summary back.
#include "calib/studies/simulator_inputs.hpp"
#include "studies/run_config_study.hpp"

namespace calib::studies::simulator_inputs {

std::string run_study(const RunRequest& request) {
  return run_config_study<Config>(request, run, write, report);
}

}  // namespace calib::studies::simulator_inputs
