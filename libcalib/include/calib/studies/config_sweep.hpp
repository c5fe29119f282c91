#pragma once
// `calib sweep`: a per-point kernel (impact | calibrate) over the [space] of a config file, on
// the sweep engine (threads, shards, progress, interrupt and resume), with its provenance.
#include <filesystem>
#include <string_view>

#include "calib/sweep/sweep.hpp"

namespace calib::studies {

struct ConfigSweepResult {
  sweep::SweepSummary summary;
  std::filesystem::path out;  // the CSV written
};

// Reads `config` ([space], kernel, model, [fixed], [solver]); `out` empty means
// results/sweep/<config stem>[.shardIofN].csv; every "{shard}" in `out` becomes the shard index
// (out/part_{shard}.csv). Writes <out> and <out>.meta.json; throws
// Interrupted (resumable) when stopped, InputError for a bad config.
ConfigSweepResult run_config_sweep(const std::filesystem::path& config, std::filesystem::path out,
                                   const sweep::SweepOptions& options);

// A config with every key explained (meaning, unit, default) that run_config_sweep runs as is:
// what `calib sweep --example` prints.
std::string_view example_sweep_config();

}  // namespace calib::studies
