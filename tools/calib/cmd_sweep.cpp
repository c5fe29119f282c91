// `calib sweep` (generic config-driven sweeps) and `calib merge` (combine shard outputs).
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/resources.hpp"
#include "calib/studies/config_sweep.hpp"
#include "calib/sweep/sweep.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {
struct SweepArgs {
  StudyFlags flags;
  std::string shard;
  bool resume = false;
  bool example = false;
};
struct MergeArgs {
  std::vector<std::string> shards;
  std::string out;
};
}  // namespace

void register_sweep(CLI::App& app) {
  auto args = std::make_shared<SweepArgs>();
  SweepArgs& a = *args;
  auto* cmd = app.add_subcommand(
      "sweep", "run a kernel (impact | calibrate) over a parameter space from a config");
  auto* config = cmd->add_option("--config", a.flags.config,
                                 "sweep config (e.g. configs/sweeps/copt_grid.toml)");
  cmd->add_flag("--example", a.example,
                "print a sweep config with every key explained (runs as is with --config)")
      ->excludes(config);
  cmd->add_option("--out", a.flags.out, "output CSV; {shard} in it becomes the shard index")
      ->check(not_empty_path())
      ->default_str("results/sweep/<config stem>[.shardIofN].csv");
  add_threads_flag(*cmd, a.flags.threads);
  cmd->add_flag("--quiet", a.flags.quiet, "no progress or summary on stderr");
  cmd->add_flag("--progress", a.flags.progress,
                "show a progress bar even when stderr is not a terminal");
  cmd->add_option("--shard", a.shard,
                  "run the deterministic block i of N (i/N, 0-based); auto: i and N from the "
                  "Slurm job array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT); auto/N: i "
                  "from the array, N given");
  cmd->add_flag("--resume", a.resume, "continue from <out>.partial left by an interrupted run");
  cmd->callback([args] {
    const SweepArgs& a = *args;
    if (a.example) {
      fmt::print("{}", studies::example_sweep_config());
      return;
    }
    if (a.flags.config.empty())
      throw InputError(
          "sweep: --config is required (calib sweep --example prints one to start from)");
    sweep::SweepOptions opt;
    opt.threads = a.flags.threads;
    opt.progress = a.flags.execution().progress;
    opt.resume = a.resume;
    if (!a.shard.empty()) std::tie(opt.shard_index, opt.shard_count) = sweep::parse_shard(a.shard);
    const auto r =
        studies::run_config_sweep(io::resolve_input_path(a.flags.config), a.flags.out, opt);
    if (!a.flags.quiet)
      fmt::print(stderr, "sweep: {} -> {}\n", r.summary.BriefReport(), r.out.string());
  });

  auto margs = std::make_shared<MergeArgs>();
  auto* merge =
      app.add_subcommand("merge", "combine shard outputs into the file a single run writes");
  merge->add_option("--out", margs->out, "merged CSV")->required();
  merge->add_option("shards", margs->shards, "shard CSVs in shard order (0/N, 1/N, ...)")
      ->required();
  merge->callback([margs] {
    const std::vector<std::filesystem::path> paths(margs->shards.begin(), margs->shards.end());
    sweep::merge(paths, margs->out);
  });
}

}  // namespace calib::cli
