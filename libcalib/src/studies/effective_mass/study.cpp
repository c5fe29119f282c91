// The effective_mass study's entry in the registry: config in, results folder out, summary back.
#include "calib/io/provenance.hpp"
#include "calib/studies/effective_mass.hpp"

namespace calib::studies::effective_mass {

std::string run_study(const RunRequest& request) {
  io::WallClock clock;
  const auto cfg = Config::from(io::ConfigNode::load_file(request.config));
  const auto result = run(cfg);
  write(result, cfg, request.out, clock.started_utc(), clock.seconds());
  return report(result);
}

}  // namespace calib::studies::effective_mass
