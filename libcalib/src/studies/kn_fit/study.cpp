// The kn_fit study's entry in the registry: config in, results folder out, summary back.
#include "calib/io/provenance.hpp"
#include "calib/studies/kn_fit.hpp"

namespace calib::studies::kn_fit {

std::string run_study(const RunRequest& request) {
  io::WallClock clock;
  const auto cfg = Config::from(io::ConfigNode::load_file(request.config));
  const auto result = run(cfg, request.execution);
  write(result, cfg, request.out, request.execution.threads, clock.started_utc(), clock.seconds());
  return report(result);
}

}  // namespace calib::studies::kn_fit
