// The rms_table study's entry in the registry: config in, results folder out, summary back.
#include "calib/io/provenance.hpp"
#include "calib/studies/rms_table.hpp"

namespace calib::studies::rms_table {

std::string run_study(const RunRequest& request) {
  io::WallClock clock;
  const auto cfg = Config::from(io::ConfigNode::load_file(request.config));
  const auto result = run(cfg, request.execution);
  write(result, cfg, request.out, request.execution.threads, clock.started_utc(), clock.seconds());
  return report(result);
}

}  // namespace calib::studies::rms_table
