// Execution of sweeps: TBB parallel chunks, ordered streaming to <out>.partial, progress,
// interrupt/resume, shards and merge.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>

#include <fmt/format.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>

#include "calib/core/error.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::sweep {

namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_signal(int) { g_stop.store(true); }

// Installs SIGINT/SIGTERM handlers for the duration of a run, restores the old ones.
class SignalGuard {
 public:
  SignalGuard() {
    g_stop.store(false);
    old_int_ = std::signal(SIGINT, on_signal);
    old_term_ = std::signal(SIGTERM, on_signal);
  }
  ~SignalGuard() {
    std::signal(SIGINT, old_int_);
    std::signal(SIGTERM, old_term_);
  }

 private:
  void (*old_int_)(int);
  void (*old_term_)(int);
};

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
  std::string line = fmt::format("{}", index);
  // Appends char by char: GCC 12 warns falsely (-Wrestrict) on `"," + std::string`.
  for (double x : point) line.append(1, ',').append(io::format_number(x));
  try {
    const auto cells = kernel(point);
    if (cells.size() != outputs.size())
      throw Error(
          fmt::format("kernel returned {} cells for {} columns", cells.size(), outputs.size()));
    for (const auto& c : cells) line.append(1, ',').append(io::format_cell(c));
    line += ",ok\n";
    failed = false;
  } catch (const std::exception& e) {
    for (std::size_t i = 0; i < outputs.size(); ++i) line += ",";
    line.append(1, ',').append(io::format_cell(std::string("failed: ") + e.what())).append(1, '\n');
    failed = true;
  }
  return line;
}

// Complete records already in a partial file (its header must match).
std::size_t count_resumable(const std::filesystem::path& partial, const std::string& header) {
  std::ifstream in(partial);
  std::string line;
  if (!std::getline(in, line) || line + "\n" != header)
    throw InputError(
        fmt::format("{}: cannot resume, its header does not match this sweep", partial.string()));
  std::size_t n = 0;
  while (std::getline(in, line)) ++n;
  return n;
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

void request_stop() { g_stop.store(true); }

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

std::pair<int, int> parse_shard(const std::string& text) {
  int i = -1, n = 0;
  char slash = 0;
  if (std::sscanf(text.c_str(), "%d%c%d", &i, &slash, &n) != 3 || slash != '/' || n < 1 || i < 0 ||
      i >= n)
    throw InputError(fmt::format("--shard must be i/N with 0 <= i < N, got \"{}\"", text));
  return {i, n};
}

namespace detail {
void parallel_indices(std::size_t count, const std::function<void(std::size_t)>& body,
                      const Execution& execution) {
  SignalGuard signals;
  auto limit = thread_limit(execution.threads);
  // Blocks of ~1/100 of the work (at least 64 points): enough to keep every core busy, small
  // enough that progress moves and a stop request ends the map quickly.
  const std::size_t block = std::max<std::size_t>(64, count / 100);
  Progress progress(execution.progress, count);
  for (std::size_t begin = 0; begin < count; begin += block) {
    if (g_stop.load())
      throw Interrupted(fmt::format("stopped after {} of {} points", begin, count));
    const std::size_t end = std::min(count, begin + block);
    oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>(begin, end),
                              [&](const oneapi::tbb::blocked_range<std::size_t>& r) {
                                for (std::size_t i = r.begin(); i != r.end(); ++i) body(i);
                              });
    progress.update(end);
  }
}
}  // namespace detail

SweepSummary run(const Space& space, const std::vector<std::string>& outputs, const Kernel& kernel,
                 const std::filesystem::path& out, const SweepOptions& options) {
  std::string why;
  if (!options.IsValid(&why)) throw InputError("sweep options: " + why);
  const auto t0 = std::chrono::steady_clock::now();
  SignalGuard signals;
  auto limit = thread_limit(options.threads);

  const std::size_t total = space.size();
  const std::size_t begin = total * options.shard_index / options.shard_count;
  const std::size_t end = total * (options.shard_index + 1) / options.shard_count;
  SweepSummary summary;
  summary.points = end - begin;

  const std::string header = header_line(space, outputs);
  std::filesystem::path partial = out;
  partial += ".partial";
  if (out.has_parent_path()) std::filesystem::create_directories(out.parent_path());
  std::size_t next = begin;
  std::ofstream file;
  if (options.resume && std::filesystem::exists(partial)) {
    summary.resumed = count_resumable(partial, header);
    next = begin + summary.resumed;
    file.open(partial, std::ios::app | std::ios::binary);
  } else {
    file.open(partial, std::ios::trunc | std::ios::binary);
    file << header;
  }
  if (!file) throw Error(fmt::format("cannot write {}", partial.string()));

  Progress progress(options.progress, summary.points);
  progress.start_at(summary.resumed);
  std::vector<std::string> lines;
  std::vector<char> failed;
  while (next < end) {
    if (g_stop.load()) {
      summary.interrupted = true;
      break;
    }
    const std::size_t n = std::min(options.chunk, end - next);
    lines.assign(n, {});
    failed.assign(n, 0);
    oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>(0, n),
                              [&](const oneapi::tbb::blocked_range<std::size_t>& r) {
                                for (std::size_t j = r.begin(); j != r.end(); ++j) {
                                  bool f = false;
                                  lines[j] = record_line(next + j, space.point(next + j), outputs,
                                                         kernel, f);
                                  failed[j] = f;
                                }
                              });
    for (std::size_t j = 0; j < n; ++j) {
      file << lines[j];
      summary.failures += failed[j];
    }
    file.flush();
    if (!file) throw Error(fmt::format("write failed for {}", partial.string()));
    next += n;
    summary.computed += n;
    progress.update(next - begin);
  }
  file.close();
  summary.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (summary.interrupted) return summary;
  std::filesystem::rename(partial, out);
  return summary;
}

void merge(const std::vector<std::filesystem::path>& shards, const std::filesystem::path& out) {
  if (shards.empty()) throw InputError("merge: no shard files given");
  io::AtomicFile dest(out);
  std::string header;
  for (std::size_t s = 0; s < shards.size(); ++s) {
    std::ifstream in(shards[s], std::ios::binary);
    if (!in) throw InputError(fmt::format("merge: cannot read {}", shards[s].string()));
    std::string line;
    if (!std::getline(in, line))
      throw InputError(fmt::format("merge: {} is empty", shards[s].string()));
    if (s == 0) {
      header = line;
      dest.stream() << line << '\n';
    } else if (line != header) {
      throw InputError(fmt::format("merge: {} has a different header than {}", shards[s].string(),
                                   shards[0].string()));
    }
    while (std::getline(in, line)) dest.stream() << line << '\n';
  }
  dest.commit();
}

}  // namespace calib::sweep
