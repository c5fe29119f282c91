#pragma once
// The common shape of a study run (studies/study.hpp): read the config, adjust it (command-line
// overrides), run on the sweep engine, write the results with their provenance, summarise.
#include <functional>
#include <string>

#include "calib/io/config.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/output_target.hpp"
#include "calib/io/provenance.hpp"
#include "calib/studies/study.hpp"

namespace calib::studies {

template <class Config, class Run, class Write, class Report>
std::string run_config_study(const RunRequest& request, Run run, Write write, Report report,
                             const std::function<void(Config&)>& adjust = {}) {
  io::WallClock clock;
  Config config = Config::from(io::ConfigNode::load_file(request.config));
  io::prepare_output_dir(request.out, {request.config});
  const io::OutputLock lock(request.out);  // one run per output folder
  if (adjust) adjust(config);
  const auto result = run(config, request.execution);
  write(result, config, request.out, request.execution.threads, clock.started_utc(),
        clock.seconds());
  return report(result);
}

}  // namespace calib::studies
