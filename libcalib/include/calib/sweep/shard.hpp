#pragma once
// Which shard a run computes: `--shard i/N`, or read from a Slurm job array's environment
// (`--shard auto`), and the output name that carries the shard index (`part_{shard}.csv`).
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace calib::sweep {

// Looks up an environment variable: its value, or nullopt when it is not set.
using Environment = std::function<std::optional<std::string>(const std::string& name)>;

// The environment of this process (std::getenv).
Environment process_environment();

// Parses the --shard value into (i, N), 0 <= i < N:
//   "i/N"     the deterministic block i of N;
//   "auto"    i = SLURM_ARRAY_TASK_ID, N = SLURM_ARRAY_TASK_COUNT (or SLURM_ARRAY_TASK_MAX −
//             SLURM_ARRAY_TASK_MIN + 1 where COUNT is not set): an array 0-(N-1), one task a shard;
//   "auto/N"  i = SLURM_ARRAY_TASK_ID, N given: an array that holds only some shards of N (the
//             tasks of an N-task array submitted again, e.g. --array=3,5).
// InputError naming the variables when they are missing, not integers, or inconsistent (a
// COUNT that differs from MAX − MIN + 1, an array that does not start at 0, a task id ≥ N):
// an array with a step or a gap would otherwise leave shards that no task computes.
std::pair<int, int> parse_shard(const std::string& text,
                                const Environment& environment = process_environment());

// The output path with every "{shard}" replaced by the shard index (part_{shard}.csv →
// part_3.csv), so the tasks of an array given one --out write one file each.
std::filesystem::path shard_output_path(const std::filesystem::path& pattern, int shard_index);

}  // namespace calib::sweep
