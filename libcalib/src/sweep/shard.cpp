// --shard: "i/N", or the task of a Slurm job array ("auto", "auto/N"); the {shard} output name.
#include "calib/sweep/shard.hpp"

#include <charconv>
#include <cstdlib>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::sweep {

namespace {

constexpr const char* kTaskId = "SLURM_ARRAY_TASK_ID";
constexpr const char* kTaskCount = "SLURM_ARRAY_TASK_COUNT";
constexpr const char* kTaskMin = "SLURM_ARRAY_TASK_MIN";
constexpr const char* kTaskMax = "SLURM_ARRAY_TASK_MAX";

// A whole non-negative int, nothing before or after it.
std::optional<int> whole_number(std::string_view text) {
  int value = -1;
  const char* end = text.data() + text.size();
  const auto [last, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || last != end || value < 0) return std::nullopt;
  return value;
}

// A Slurm variable read as a task number: nullopt when unset, InputError when not a number.
std::optional<int> task_variable(const Environment& env, const char* name) {
  const std::optional<std::string> text = env(name);
  if (!text) return std::nullopt;
  const std::optional<int> value = whole_number(*text);
  if (!value)
    throw InputError(fmt::format("--shard auto: {}=\"{}\" is not a task number", name, *text));
  return value;
}

int required_task_id(const Environment& env) {
  const std::optional<int> id = task_variable(env, kTaskId);
  if (!id)
    throw InputError(
        fmt::format("--shard auto: {} is not set: run it as a task of a Slurm job array (sbatch "
                    "--array=0-<N-1>), or give the shard as --shard i/N",
                    kTaskId));
  return *id;
}

// The array size of "auto": COUNT, or MAX − MIN + 1; the two must agree and the array start at 0.
int array_size(const Environment& env) {
  const std::optional<int> count = task_variable(env, kTaskCount);
  const std::optional<int> low = task_variable(env, kTaskMin);
  const std::optional<int> high = task_variable(env, kTaskMax);
  if (!count && !(low && high))
    throw InputError(
        fmt::format("--shard auto: the array size is unknown: neither {} nor both {} "
                    "and {} are set; give the shard as --shard auto/N or i/N",
                    kTaskCount, kTaskMin, kTaskMax));
  if (low && *low != 0)
    throw InputError(fmt::format(
        "--shard auto: {}={}: the array must be 0-<N-1>, one task per shard; to run some "
        "shards of N again (e.g. --array=3,5) give --shard auto/N",
        kTaskMin, *low));
  if (count && high && *count != *high + 1)
    throw InputError(fmt::format(
        "--shard auto: {}={} but {}={} and {}=0: the array has a step or a gap, so some "
        "shards would never run; submit --array=0-<N-1> or give --shard auto/N",
        kTaskCount, *count, kTaskMax, *high, kTaskMin));
  const int size = count ? *count : *high + 1;
  if (size < 1) throw InputError(fmt::format("--shard auto: {}={} is no array", kTaskCount, size));
  return size;
}

std::pair<int, int> shard_of_array_task(std::string_view after_auto, const Environment& env) {
  if (after_auto.empty()) {
    const int id = required_task_id(env);
    const int size = array_size(env);
    if (id >= size)
      throw InputError(
          fmt::format("--shard auto: {}={} is not below the array size {}", kTaskId, id, size));
    return {id, size};
  }
  const std::optional<int> n =
      after_auto[0] == '/' ? whole_number(after_auto.substr(1)) : std::nullopt;
  if (!n || *n < 1)
    throw InputError(
        fmt::format("--shard must be i/N, auto or auto/N (N >= 1), got \"auto{}\"", after_auto));
  const int id = required_task_id(env);
  if (id >= *n)
    throw InputError(fmt::format("--shard auto/{}: {}={} is not a shard of {} (0 to {})", *n,
                                 kTaskId, id, *n, *n - 1));
  return {id, *n};
}

}  // namespace

Environment process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    return value ? std::optional<std::string>(value) : std::nullopt;
  };
}

std::pair<int, int> parse_shard(const std::string& text, const Environment& environment) {
  constexpr std::string_view kAuto = "auto";
  if (std::string_view(text).substr(0, kAuto.size()) == kAuto)
    return shard_of_array_task(std::string_view(text).substr(kAuto.size()), environment);
  // Exactly "<i>/<N>": from_chars on each side, nothing before, between or after.
  const std::size_t slash = text.find('/');
  const std::optional<int> i = slash == std::string::npos
                                   ? std::nullopt
                                   : whole_number(std::string_view(text).substr(0, slash));
  const std::optional<int> n =
      i ? whole_number(std::string_view(text).substr(slash + 1)) : std::nullopt;
  if (!i || !n || *n < 1 || *i >= *n)
    throw InputError(fmt::format("--shard must be i/N with 0 <= i < N, got \"{}\"", text));
  return {*i, *n};
}

std::filesystem::path shard_output_path(const std::filesystem::path& pattern, int shard_index) {
  constexpr std::string_view kPlaceholder = "{shard}";
  std::string path = pattern.string();
  const std::string index = std::to_string(shard_index);
  for (std::size_t at = path.find(kPlaceholder); at != std::string::npos;
       at = path.find(kPlaceholder, at + index.size()))
    path.replace(at, kPlaceholder.size(), index);
  return path;
}

}  // namespace calib::sweep
