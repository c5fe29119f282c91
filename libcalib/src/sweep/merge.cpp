// calib merge: shard outputs into the file a single run writes, after checking each shard's rows
// against the checksums of its sidecar, that they are one sweep's shards and that they cover
// every point exactly once.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/core/error.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/output_target.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"
#include "calib/io/row_digest.hpp"
#include "calib/sweep/sweep.hpp"
#include "sweep/partial.hpp"

namespace calib::sweep {

using detail::row_index;

namespace {

// merge holds every shard's rows in memory, so what it reads is bounded (a device or FIFO given
// as a shard is refused outright).
constexpr std::uintmax_t kMaxShardBytes = std::uintmax_t{16} << 30;  // 16 GiB

struct ShardFile {
  std::filesystem::path path;
  std::unique_ptr<std::string> text;  // the whole file (on the heap: the views below stay valid)
  std::string_view header;
  std::vector<std::string_view> rows;
  std::size_t first = 0;
  nlohmann::json meta;  // <shard>.meta.json
};

// The sidecar `calib sweep` wrote, checked against the shard's text: required, since it holds
// the rows' checksums and the sweep's fingerprint.
nlohmann::json shard_sidecar(const std::filesystem::path& path, std::string_view text) {
  const std::filesystem::path sidecar = io::sidecar_of(path);
  if (!io::path_exists(sidecar) && !io::path_exists(io::pending_sidecar_of(path)))
    throw InputError(fmt::format("merge: {} has no sidecar {}: its rows and its sweep cannot be "
                                 "checked (merge only the outputs of calib sweep --shard, with "
                                 "their .meta.json)",
                                 path.string(), sidecar.filename().string()));
  nlohmann::json meta = io::verified_sidecar(path, text);
  if (!meta.contains("extra") || !meta["extra"].contains("fingerprint"))
    throw InputError(fmt::format("merge: {} records no checksum or fingerprint of {}",
                                 sidecar.string(), path.string()));
  return meta;
}

ShardFile read_shard(const std::filesystem::path& path) {
  io::require_input_file(path, kMaxShardBytes, "merge: shard");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("merge: cannot read {}", path.string()));
  ShardFile s{path, std::make_unique<std::string>(), {}, {}, 0, {}};
  s.text->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  s.meta = shard_sidecar(path, *s.text);
  const std::string_view text = *s.text;
  std::size_t pos = text.find('\n');
  if (text.empty() || pos == std::string_view::npos)
    throw InputError(fmt::format("merge: {} is empty", path.string()));
  s.header = text.substr(0, pos);
  for (++pos; pos < text.size();) {
    const std::size_t nl = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, nl - pos);
    std::size_t index = 0;
    if (!row_index(line, index))
      throw InputError(fmt::format("merge: {} row {} has no point index", path.string(), s.rows.size() + 1));
    if (s.rows.empty()) s.first = index;
    else if (index != s.first + s.rows.size())
      throw InputError(fmt::format("merge: {} row {} has point {}, expected {} (a gap or a repeat)",
                                   path.string(), s.rows.size() + 1, index, s.first + s.rows.size()));
    s.rows.push_back(line);
    pos = nl + 1;
  }
  return s;
}

// The shards cover 0..N-1 once, come from one sweep, and N is that sweep's point count.
std::size_t check_cover(const std::vector<ShardFile>& shards) {
  std::size_t next = 0;
  for (const ShardFile& s : shards) {
    if (s.header != shards.front().header)
      throw InputError(fmt::format("merge: {} has a different header than {}", s.path.string(),
                                   shards.front().path.string()));
    if (s.rows.empty()) continue;
    if (s.first != next)
      throw InputError(fmt::format("merge: {} starts at point {}, expected {} ({})", s.path.string(),
                                   s.first, next, s.first > next ? "a shard is missing" : "shards overlap"));
    next += s.rows.size();
  }
  for (const ShardFile& s : shards) {
    if (s.meta["extra"]["fingerprint"] != shards.front().meta["extra"]["fingerprint"])
      throw InputError(fmt::format("merge: {} belongs to a different sweep than {} (fingerprints differ)",
                                   s.path.string(), shards.front().path.string()));
    if (const auto points = s.meta["extra"].value("space_points", nlohmann::json());
        points.is_number() && points.get<std::size_t>() != next)
      throw InputError(fmt::format("merge: the shards hold {} of the sweep's {} points (a shard is missing)",
                                   next, points.get<std::size_t>()));
  }
  return next;
}

// The merged file's provenance: the sweep's (from the first shard), the shards merged.
io::Provenance merged_provenance(const std::vector<ShardFile>& shards, const io::WallClock& clock) {
  const nlohmann::json& first = shards.front().meta;
  io::Provenance p{"calib merge",
                   first.value("config", nlohmann::json::object()),
                   first.value("tolerances", nlohmann::json::object()),
                   first.value("threads", 1),
                   clock.started_utc(),
                   clock.seconds(),
                   first["extra"]};
  std::size_t failures = 0;
  nlohmann::json merged = nlohmann::json::array();
  for (const ShardFile& s : shards) {
    failures += s.meta["extra"].value("failures", std::size_t{0});
    merged.push_back(s.path.filename().string());
  }
  p.extra["shard"] = "0/1";
  p.extra["failures"] = failures;
  p.extra["merged"] = merged;
  return p;
}

}  // namespace

void merge(const std::vector<std::filesystem::path>& paths, const std::filesystem::path& out) {
  io::WallClock clock;
  if (paths.empty()) throw InputError("merge: no shard files given");
  io::prepare_output_file(out, paths);
  const io::OutputLock lock(out);
  io::settle_result(out);  // a merge killed while publishing: its pair, whole, or the previous one
  std::vector<ShardFile> shards;
  for (const auto& p : paths) shards.push_back(read_shard(p));
  // Shards may be given in any order; the rows must then cover 0..N-1 exactly once.
  std::stable_sort(shards.begin(), shards.end(),
                   [](const ShardFile& a, const ShardFile& b) { return a.first < b.first; });
  check_cover(shards);
  io::AtomicFile dest(out);
  dest.stream() << shards.front().header << '\n';
  for (const ShardFile& s : shards)
    for (std::string_view row : s.rows) dest.stream() << row << '\n';
  io::publish_with_sidecar(dest, merged_provenance(shards, clock));
}

}  // namespace calib::sweep
