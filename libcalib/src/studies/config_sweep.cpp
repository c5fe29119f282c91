#include "calib/studies/config_sweep.hpp"

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/vocabulary.hpp"
#include "calib/calibrate/records.hpp"
#include "calib/io/config.hpp"
#include "calib/io/output_target.hpp"
#include "calib/io/provenance.hpp"
#include "studies/sweep_kernels.hpp"

namespace calib::studies {

ConfigSweepResult run_config_sweep(const std::filesystem::path& config_file,
                                   std::filesystem::path out, const sweep::SweepOptions& options) {
  io::WallClock clock;
  const auto config = io::ConfigNode::load_file(config_file);
  sweep::Space space = sweep::parse_space(config.table("space"), parameter_readings(config));
  const KernelSpec kernel = make_kernel(config, space);
  // The CSV header names the axes with their units (m[kg], k[N/m^n], v[m/s]).
  for (sweep::Axis& axis : space.axes) axis.name = vocabulary::column(axis.name);
  config.reject_unknown();
  if (out.empty())
    out = std::filesystem::path("results/sweep") /
          (config_file.stem().string() +
           (options.shard_count > 1
                ? fmt::format(".shard{}of{}", options.shard_index, options.shard_count)
                : "") +
           ".csv");
  else
    out = sweep::shard_output_path(out, options.shard_index);  // part_{shard}.csv -> part_3.csv
  sweep::SweepOptions opt = options;
  opt.fingerprint = {{"config", config.to_json()}, {"kernel", kernel.name}, {"tolerances", kernel.tolerances}};
  // The engine writes the sidecar (with the shard, fingerprint and the rows' checksums).
  opt.provenance.tool = "calib sweep";
  opt.provenance.config = config.to_json();
  opt.provenance.tolerances = kernel.tolerances;
  opt.provenance.started_utc = clock.started_utc();
  opt.provenance.extra = {{"defaults", kernel.defaults}};
  io::prepare_output_file(out, {config_file});
  const sweep::SweepSummary s = sweep::run(space, kernel.outputs, kernel.kernel, out, opt);
  if (s.interrupted)
    throw Interrupted(fmt::format(
        "sweep interrupted after {} of {} points; rerun with --resume to continue from {}.partial",
        s.resumed + s.computed, s.points, out.string()));
  // Failed points are in the file with their reason (status column); the run still failed.
  if (s.failures > 0)
    throw ComputeError(fmt::format("{} of {} points failed (see the status column of {}); the "
                                   "others are written",
                                   s.failures, s.points, out.string()));
  return {s, out};
}

}  // namespace calib::studies
