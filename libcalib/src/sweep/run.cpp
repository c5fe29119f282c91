// Execution of sweeps: TBB parallel chunks, ordered streaming to <out>.partial, progress,
// interrupt/resume, shards and merge.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <fstream>
#include <iterator>

#include <fmt/format.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/task_arena.h>

#include "calib/core/error.hpp"
#include "calib/core/interrupt.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/output_target.hpp"
#include "calib/version.hpp"
#include "sweep/partial.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::sweep {

using detail::OpenedPartial;
using detail::open_partial;
using detail::row_index;

namespace {

std::unique_ptr<oneapi::tbb::global_control> thread_limit(int threads) {
  if (threads <= 0) return nullptr;
  return std::make_unique<oneapi::tbb::global_control>(
      oneapi::tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
}

std::string header_line(const Space& space, const std::vector<std::string>& outputs) {
  std::string h = "point";
  for (const auto& n : space.names()) h.append(1, ',').append(n);
  for (const auto& n : outputs) h.append(1, ',').append(n);
  return h + ",status\n";
}

std::string record_line(std::size_t index, const std::vector<double>& point,
                        const std::vector<std::string>& outputs, const Kernel& kernel,
                        bool& failed) {
  std::string line;
  line.reserve(256);  // one allocation per point: the cells are formatted into it
  fmt::format_to(std::back_inserter(line), "{}", index);
  for (double x : point) {
    line += ',';
    io::append_number(line, x);
  }
  try {
    const auto cells = kernel(point);
    if (cells.size() != outputs.size())
      throw Error(
          fmt::format("kernel returned {} cells for {} columns", cells.size(), outputs.size()));
    for (const auto& c : cells) {
      line += ',';
      io::append_cell(line, c);
    }
    line += ",ok\n";
    failed = false;
  } catch (const std::exception& e) {
    for (std::size_t i = 0; i < outputs.size(); ++i) line += ",";
    line.append(1, ',').append(io::format_cell(std::string("failed: ") + e.what())).append(1, '\n');
    failed = true;
  }
  return line;
}

class Progress {
 public:
  Progress(bool enabled, std::size_t total) : enabled_(enabled), total_(total) {}
  void update(std::size_t done) {
    if (!enabled_) return;
    const double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = t > 0 ? static_cast<double>(done - first_) / t : 0.0;
    const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
    const int width = 30;
    const int filled = total_ ? static_cast<int>(width * done / total_) : width;
    fmt::print(stderr, "\r[{}{}] {}/{} {:.0f}/s ETA {:.0f}s ", std::string(filled, '#'),
               std::string(width - filled, '.'), done, total_, rate, eta);
    if (done == total_) fmt::print(stderr, "\n");
  }
  void start_at(std::size_t done) { first_ = done; }

 private:
  bool enabled_;
  std::size_t total_, first_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

bool SweepOptions::IsValid(std::string* error) const {
  if (shard_count < 1 || shard_index < 0 || shard_index >= shard_count) {
    if (error)
      *error = fmt::format("shard {}/{} is not valid (need 0 <= i < N)", shard_index, shard_count);
    return false;
  }
  if (chunk == 0) {
    if (error) *error = "chunk must be > 0";
    return false;
  }
  return true;
}

std::string SweepSummary::BriefReport() const {
  return fmt::format("{} points ({} computed, {} resumed), {} failed, {:.3f} s{}", points, computed,
                     resumed, failures, wall_seconds,
                     interrupted ? ", INTERRUPTED (resumable)" : "");
}

namespace detail {
void parallel_indices(std::size_t count, const std::function<void(std::size_t)>& body,
                      const Execution& execution) {
  const InterruptScope interrupts;  // Ctrl-C: the points started finish, nothing new starts
  auto limit = thread_limit(execution.threads);
  // Blocks of ~1/100 of the work (at least 64 points): enough to keep every core busy, small
  // enough that progress moves and a stop request ends the map quickly.
  const std::size_t block = std::max<std::size_t>(64, count / 100);
  Progress progress(execution.progress, count);
  for (std::size_t begin = 0; begin < count; begin += block) {
    const std::size_t end = std::min(count, begin + block);
    // Each worker takes the next index in order (a shared counter) rather than a contiguous
    // range: a block of unequal points balances itself, and a caller that lists its longest
    // tasks first gets longest-first scheduling (contiguous ranges would leave one thread with
    // the few long tasks and the other idle). The results stay in index order whatever thread
    // computed them.
    std::atomic<std::size_t> next{begin};
    const int workers = static_cast<int>(std::min<std::size_t>(
        end - begin, static_cast<std::size_t>(oneapi::tbb::this_task_arena::max_concurrency())));
    oneapi::tbb::parallel_for(0, workers, [&](int) {
      for (std::size_t i = next++; i < end; i = next++) {
        if (stop_requested()) return;  // per point: ≤ 1 point latency
        try {
          body(i);
        } catch (const Interrupted&) {  // a point that polls the stop itself (a record fit)
          if (!stop_requested()) throw;
          return;  // ends as the map's stop below, naming the points
        }
      }
    });
    if (stop_requested())
      throw Interrupted(fmt::format("stopped during points {}..{} of {}", begin, end, count));
    progress.update(end);
  }
}
}  // namespace detail

void run_both(const std::function<void()>& serial, const std::function<void()>& parallel,
              const Execution& execution) {
  if (execution.threads == 1) {
    serial();
    parallel();
    return;
  }
  auto limit = thread_limit(execution.threads);
  oneapi::tbb::parallel_invoke(serial, parallel);
}

namespace {

// What a resumed or merged run must share with the run that started it.
nlohmann::json identity_of(const Space& space, const std::string& header, const SweepOptions& o) {
  std::uint64_t values_hash = 0xcbf29ce484222325ULL;
  nlohmann::json axes = nlohmann::json::array();
  for (const Axis& a : space.axes) {
    for (unsigned char c : a.values_identity()) values_hash = (values_hash ^ c) * 0x100000001b3ULL;
    axes.push_back({{"name", a.name}, {"count", a.count()}, {"random", a.kind == Axis::Kind::random},
                    {"from", a.from}, {"to", a.to}, {"log", a.log_uniform}});
  }
  return {{"run", o.fingerprint},
          {"space", {{"axes", axes}, {"values", fmt::format("{:016x}", values_hash)},
                     {"zipped", space.zipped}, {"samples", space.samples}, {"seed", space.seed},
                     {"points", space.size()}}},
          {"columns", header},
          {"shard", fmt::format("{}/{}", o.shard_index, o.shard_count)},
          {"libcalib_version", kVersion}};
}

// The partial becomes the output with its sidecar, published as a pair (io/provenance.hpp
// publish_result); then the partial's identity and checksum files go.
void publish(const std::filesystem::path& partial, const std::filesystem::path& out,
             const std::string& fingerprint, std::size_t space_points, const SweepOptions& options,
             const SweepSummary& summary) {
  io::Provenance p = options.provenance;
  if (p.tool.empty()) p.tool = "calib::sweep::run";
  if (p.started_utc.empty()) p.started_utc = io::utc_now_iso8601();
  p.threads = options.threads;
  p.wall_seconds = summary.wall_seconds;
  p.extra["shard"] = fmt::format("{}/{}", options.shard_index, options.shard_count);
  p.extra["failures"] = summary.failures;
  p.extra["fingerprint"] = fingerprint;
  p.extra["space_points"] = space_points;
  io::publish_result(partial, out, p, summary.table);
  std::error_code ec;
  std::filesystem::remove(detail::identity_file(partial), ec);
  std::filesystem::remove(detail::sums_file(partial), ec);
}

}  // namespace

std::string run_fingerprint(const Space& space, const std::vector<std::string>& outputs,
                            const SweepOptions& options) {
  nlohmann::json id = identity_of(space, header_line(space, outputs), options);
  id.erase("shard");  // every shard of one sweep shares it
  return detail::fingerprint_of(id);
}

SweepSummary run(const Space& space, const std::vector<std::string>& outputs, const Kernel& kernel,
                 const std::filesystem::path& out, const SweepOptions& options) {
  std::string why;
  if (!options.IsValid(&why)) throw InputError("sweep options: " + why);
  const auto t0 = std::chrono::steady_clock::now();
  const InterruptScope interrupts;  // Ctrl-C: the points started finish, nothing new starts
  auto limit = thread_limit(options.threads);

  const std::size_t total = space.size();
  const std::size_t begin = total * options.shard_index / options.shard_count;
  const std::size_t end = total * (options.shard_index + 1) / options.shard_count;
  SweepSummary summary;
  summary.points = end - begin;

  const std::string header = header_line(space, outputs);
  std::filesystem::path partial = out;
  partial += ".partial";
  io::prepare_output_file(out);
  io::prepare_output_file(partial);
  const io::OutputLock lock(out);
  io::settle_result(out);  // a run killed while publishing: its pair, whole, or the previous one
  OpenedPartial opened =
      open_partial(partial, header, identity_of(space, header, options), begin, options.resume);
  summary.resumed = opened.rows;
  std::size_t next = begin + summary.resumed;

  Progress progress(options.progress, summary.points);
  progress.start_at(summary.resumed);
  std::vector<std::string> lines;
  std::string block;  // a chunk's completed lines, written at once
  std::vector<char> failed, done;
  while (next < end && !summary.interrupted) {
    const std::size_t n = std::min(options.chunk, end - next);
    lines.assign(n, {});
    failed.assign(n, 0);
    done.assign(n, 0);
    // A stop request is honoured per point (latency: one point, not one chunk); only the
    // completed prefix of the chunk is written, so the partial stays resumable to the same bytes.
    oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>(0, n),
                              [&](const oneapi::tbb::blocked_range<std::size_t>& r) {
                                for (std::size_t j = r.begin(); j != r.end(); ++j) {
                                  if (stop_requested()) return;
                                  bool f = false;
                                  lines[j] = record_line(next + j, space.point(next + j), outputs,
                                                         kernel, f);
                                  failed[j] = f;
                                  done[j] = 1;
                                }
                              });
    // The completed prefix in one write: line by line, the stream's 8 KB buffer made ~600
    // write system calls per 20,000 impact points.
    std::size_t written = 0;
    block.clear();
    while (written < n && done[written]) {
      block += lines[written];
      summary.failures += failed[written];
      ++written;
    }
    opened.append(block);
    next += written;
    summary.computed += written;
    progress.update(next - begin);
    if (written < n || stop_requested()) summary.interrupted = next < end;
  }
  opened.close();
  summary.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (summary.interrupted) return summary;
  summary.table = opened.digest.to_json(io::xxh3(header));
  publish(partial, out, run_fingerprint(space, outputs, options), space.size(), options, summary);
  return summary;
}

}  // namespace calib::sweep
