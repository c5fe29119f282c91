#pragma once
// `calib sweep`: a per-point kernel (impact | calibrate) over the [space] of a config file, on
// the sweep engine (threads, shards, progress, interrupt and resume), with its provenance.
#include <filesystem>

#include "calib/sweep/sweep.hpp"

namespace calib::studies {

struct ConfigSweepResult {
  sweep::SweepSummary summary;
  std::filesystem::path out;  // the CSV written
};

// Reads `config` ([space], kernel, model, [fixed], [solver]); `out` empty means
// results/sweep/<config stem>[.shardIofN].csv. Writes <out> and <out>.meta.json; throws
// Interrupted (resumable) when stopped, InputError for a bad config.
ConfigSweepResult run_config_sweep(const std::filesystem::path& config, std::filesystem::path out,
                                   const sweep::SweepOptions& options);

}  // namespace calib::studies
