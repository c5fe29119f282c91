// The kn_fit study's entry in the registry: config in, results folder out, summary back.
#include "calib/studies/kn_fit.hpp"
#include "studies/run_config_study.hpp"

namespace calib::studies::kn_fit {

std::string run_study(const RunRequest& request) {
  return run_config_study<Config>(request, run, write, report);
}

}  // namespace calib::studies::kn_fit
