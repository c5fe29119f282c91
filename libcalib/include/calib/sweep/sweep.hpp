#pragma once
// The sweep engine: runs a per-point kernel over a parameter
// space with oneTBB. The only code in libcalib that knows about threads.
//
// Determinism: point i is a pure function of (space, i) — random draws come from a
// counter-based generator (SplitMix64 of seed, axis, i) — and records are written in point
// order, so the output is byte-identical for any thread count, shard split or resume.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "calib/core/interrupt.hpp"
#include "calib/core/units.hpp"
#include "calib/io/config.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/sweep/shard.hpp"

namespace calib::sweep {

// A generated grid axis: value k is computed from the rule on demand, so an axis of 10^12
// values costs no memory. Rule none: the axis is an explicit list (Axis::values).
struct Grid {
  enum class Rule { none, linspace, logspace, range };
  Rule rule = Rule::none;
  double from = 0.0, to = 0.0, step = 0.0;  // step: range only
  std::size_t count = 0;
  double value(std::size_t k) const;
};

struct Axis {
  enum class Kind { values, random };
  std::string name;
  Kind kind = Kind::values;
  std::vector<double> values;   // values = [...]: the explicit list (empty for a generated grid)
  Grid grid;                    // linspace, logspace or range: generated from the index
  bool log_uniform = false;     // random: "loguniform" instead of "uniform"
  double from = 0.0, to = 0.0;  // random bounds

  // Number of grid values (0 for a random axis) and value k < count().
  std::size_t count() const;
  double value(std::size_t k) const;
  // What identifies the axis's values for --resume and merge: the values themselves (shortest
  // round-trip text, concatenated) for lists and for grids of up to kIdentityValues values, the
  // rule and its numbers for longer grids (so the start of a run does not grow with the axis).
  std::string values_identity() const;
};
inline constexpr std::size_t kIdentityValues = 65'536;

// Spaces larger than this are refused before anything is allocated (a typo such as
// step = 1e-300 or count = 1e10 would otherwise run "forever" or end in bad_alloc); a config
// raises it with `max_points` in [space].
inline constexpr std::size_t kDefaultMaxPoints = 100'000'000;

struct Space {
  std::vector<Axis> axes;
  bool zipped = false;      // false: cartesian product; true: i-th value of every axis
  std::size_t samples = 0;  // number of random draws (random axes)
  std::uint64_t seed = 0;
  std::size_t max_points = kDefaultMaxPoints;

  std::size_t size() const;
  std::vector<std::string> names() const;
  // Values of point i, in axis order. Pure function of (space, i).
  std::vector<double> point(std::size_t i) const;
};

// How an axis's numbers (its values, grid bounds and step, random bounds) are read. The engine
// knows no physics: the caller says which axes are quantities.
struct AxisReading {
  // A quantity (ConfigNode::quantity: a number is SI, a string may carry a unit of q's
  // dimension, each value range-checked); none: plain numbers.
  std::optional<units::Quantity> quantity;
  // Without a quantity: why a number is required, added to the refusal of anything else
  // ("the restitution e is dimensionless: a number").
  std::string numbers_only;
};
using AxisReadings = std::map<std::string, AxisReading, std::less<>>;

// table.key read as `reading` says (a config's fixed value of an axis parameter reads the same).
double read_number(const io::ConfigNode& table, const std::string& key,
                   const AxisReading& reading);

// Parses a [space] table (axes in alphabetical key order — toml++ tables are sorted — the
// last grid axis varying fastest): per parameter one of values = [...], linspace = {from,to,count},
// logspace = {from,to,count}, range = {from,to,step}, random = {dist,from,to}; plus
// optional keys combine = "cartesian"|"zipped", samples, seed (both required with random),
// max_points. Sizes are computed in checked arithmetic: InputError above max_points. An axis
// named in `readings` is read as it says, the others as plain numbers.
Space parse_space(const io::ConfigNode& table, const AxisReadings& readings = {});

// Draw i of stream `stream` in [0, 1): SplitMix64 of (seed, stream, i), independent of
// thread scheduling. Used by random axes and by `calib validate`.
double unit_draw(std::uint64_t seed, std::size_t stream, std::size_t i);

// A kernel maps one point to its output cells; it may throw for a point (recorded as a
// failure with the message, the sweep goes on).
using Kernel = std::function<std::vector<io::CsvCell>(const std::vector<double>& point)>;

struct SweepOptions {
  int threads = 0;                       // 0 = all cores (tbb::global_control otherwise)
  bool progress = false;                 // progress bar on stderr
  int shard_index = 0, shard_count = 1;  // --shard i/N: contiguous block i of N
  bool resume = false;                   // continue from <out>.partial
  std::size_t chunk = 2048;              // points per flush to the partial file
  // The caller's identity of the run (canonical config, kernel, tolerances): --resume refuses a
  // partial made with another one; `calib sweep` also records its hash in the sidecar.
  nlohmann::json fingerprint = nlohmann::json::object();
  // What <out>.meta.json records besides the engine's facts (tool, config, tolerances, extra);
  // run() adds the shard, failures, fingerprint, point count, wall time and the rows' checksums.
  io::Provenance provenance;

  bool IsValid(std::string* error) const;
};

struct SweepSummary {
  std::size_t points = 0;    // points in this shard
  std::size_t resumed = 0;   // points taken from an existing partial
  std::size_t computed = 0;  // points computed in this run
  std::size_t failures = 0;  // points whose kernel threw
  bool interrupted = false;
  double wall_seconds = 0.0;
  nlohmann::json table;  // row count and checksums of the output (io/row_digest.hpp)
  std::string BriefReport() const;
};

// Runs `kernel` over `space` (or its shard) and writes CSV columns
// point, <axis names>, <output_columns>, status to `out` (atomically, via <out>.partial), then
// its sidecar <out>.meta.json with the rows' checksums. One writer per output: the run holds
// <out>.lock (io/output_lock.hpp), so a second run on the same `out` is refused (InputError).
// If interrupted (SIGINT/SIGTERM or request_stop()), the partial is left flushed and
// resumable and the summary says `interrupted`; the final file is not written.
SweepSummary run(const Space& space, const std::vector<std::string>& output_columns,
                 const Kernel& kernel, const std::filesystem::path& out,
                 const SweepOptions& options = {});

// How a study's grid runs on the engine: threads, progress bar, and the same Ctrl-C handling as
// `calib sweep` (a stop request ends the map at the next block with calib::Interrupted).
// Implicit from a thread count, so `run(config, 2)` reads as it did.
struct Execution {
  Execution(int threads_ = 0, bool progress_ = false)
      : threads(threads_), progress(progress_) {}  // NOLINT
  int threads = 0;                                 // 0 = all cores
  bool progress = false;                           // progress bar on stderr
};

// Same engine, results in memory (studies run their grids through it): f(i) for i < count, in
// parallel, returned in index order (each f(i) must be a pure function of i: deterministic).
template <class Result>
std::vector<Result> map_points(std::size_t count, const std::function<Result(std::size_t)>& f,
                               const Execution& execution = {});

// Runs `serial` and `parallel` at the same time within execution.threads (one after the other
// for one thread): a step that cannot use more than one core (a least-squares fit) next to one
// that can (map_points inside `parallel`). Exceptions propagate, after both have ended.
void run_both(const std::function<void()>& serial, const std::function<void()>& parallel,
              const Execution& execution);

// The hash of a sweep's identity (space, columns, options.fingerprint, version) without the
// shard: what the shards of one sweep share (recorded in their sidecars, checked by merge).
std::string run_fingerprint(const Space& space, const std::vector<std::string>& output_columns,
                            const SweepOptions& options);

// Ask a running sweep to stop after the points in flight (what the first Ctrl-C does:
// core/interrupt.hpp).
using calib::request_stop;

// Combine shard outputs (any order) into exactly the file a single run writes, with its sidecar.
// InputError when a shard has no sidecar, when a shard's rows differ from the checksums its
// sidecar records (naming the file and the rows), when the shards come from different sweeps,
// or when the rows do not cover 0..N-1 exactly once. Holds <out>.lock while it writes.
void merge(const std::vector<std::filesystem::path>& shards, const std::filesystem::path& out);

// from, from+step, ..., to (inclusive end counted from the rounded quotient, so
// 0.01:0.01:0.99 has 99 points; each value is from + i*step, no accumulated drift).
// InputError (naming `where`) when that is more than max_points values or when step is below
// the resolution of the numbers (from + step == from).
std::vector<double> inclusive_range(double from, double to, double step,
                                    std::size_t max_points = kDefaultMaxPoints,
                                    const std::string& where = "range");

}  // namespace calib::sweep

#include "calib/sweep/map_points.hpp"
