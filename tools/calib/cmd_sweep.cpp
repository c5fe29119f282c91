// `calib sweep` (generic config-driven sweeps) and `calib merge` (combine shard outputs).
#include <unistd.h>

#include <fmt/format.h>

#include "calib/error.hpp"
#include "calib/io/provenance.hpp"
#include "calib/sweep.hpp"
#include "calib/sweep_kernels.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

struct SweepArgs {
  StudyFlags flags;
  std::string shard;
  bool resume = false;
};

}  // namespace

void register_sweep(CLI::App& app) {
  static SweepArgs a;
  auto* cmd = app.add_subcommand("sweep", "run a kernel (impact | calibrate) over a parameter space from a config");
  add_study_flags(*cmd, a.flags, "sweep_example");
  a.flags.out.clear();
  cmd->add_option("--shard", a.shard, "run the deterministic block i of N (i/N, 0-based)");
  cmd->add_flag("--resume", a.resume, "continue from <out>.partial left by an interrupted run");
  cmd->callback([] {
    io::WallClock clock;
    const auto config = io::ConfigNode::load_file(a.flags.config);
    const sweep::Space space = sweep::parse_space(config.table("space"));
    const sweep::KernelSpec kernel = sweep::make_kernel(config, space.names());
    config.reject_unknown();
    sweep::SweepOptions opt;
    opt.threads = a.flags.threads;
    opt.progress = !a.flags.quiet && (a.flags.progress || ::isatty(STDERR_FILENO));
    opt.resume = a.resume;
    if (!a.shard.empty()) std::tie(opt.shard_index, opt.shard_count) = sweep::parse_shard(a.shard);
    std::filesystem::path out = a.flags.out;
    if (out.empty())
      out = std::filesystem::path("results/sweep") /
            (std::filesystem::path(a.flags.config).stem().string() +
             (opt.shard_count > 1 ? fmt::format(".shard{}of{}", opt.shard_index, opt.shard_count) : "") + ".csv");
    const sweep::SweepSummary s = sweep::run(space, kernel.outputs, kernel.kernel, out, opt);
    if (s.interrupted)
      throw Interrupted(fmt::format("sweep interrupted after {} of {} points; rerun with --resume to continue from {}.partial",
                                    s.resumed + s.computed, s.points, out.string()));
    io::Provenance p{"calib sweep", config.to_json(), kernel.tolerances, a.flags.threads,
                     clock.started_utc(), clock.seconds(),
                     {{"shard", fmt::format("{}/{}", opt.shard_index, opt.shard_count)},
                      {"failures", s.failures}}};
    io::write_provenance_sidecar(out, p);
    if (!a.flags.quiet) fmt::print(stderr, "sweep: {} -> {}\n", s.BriefReport(), out.string());
  });

  static std::vector<std::string> shards;
  static std::string merged;
  auto* merge = app.add_subcommand("merge", "combine shard outputs into the file a single run writes");
  merge->add_option("--out", merged, "merged CSV")->required();
  merge->add_option("shards", shards, "shard CSVs in shard order (0/N, 1/N, ...)")->required();
  merge->callback([] {
    std::vector<std::filesystem::path> paths(shards.begin(), shards.end());
    sweep::merge(paths, merged);
  });
}

}  // namespace calib::cli
