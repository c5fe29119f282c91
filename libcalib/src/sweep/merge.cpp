// calib merge: shard outputs into the file a single run writes, after checking they are one
// sweep's shards and cover every point exactly once.
#include <algorithm>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/core/error.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/output_target.hpp"
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
  std::string header;
  std::vector<std::string> rows;
  std::size_t first = 0;
  nlohmann::json meta;  // <shard>.meta.json when present
};

ShardFile read_shard(const std::filesystem::path& path) {
  ShardFile s{path, {}, {}, 0, nullptr};
  io::require_input_file(path, kMaxShardBytes, "merge: shard");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("merge: cannot read {}", path.string()));
  if (!std::getline(in, s.header)) throw InputError(fmt::format("merge: {} is empty", path.string()));
  std::string line;
  while (std::getline(in, line)) {
    std::size_t index = 0;
    if (!row_index(line, index))
      throw InputError(fmt::format("merge: {} row {} has no point index", path.string(), s.rows.size() + 1));
    if (s.rows.empty()) s.first = index;
    else if (index != s.first + s.rows.size())
      throw InputError(fmt::format("merge: {} row {} has point {}, expected {} (a gap or a repeat)",
                                   path.string(), s.rows.size() + 1, index, s.first + s.rows.size()));
    s.rows.push_back(std::move(line));
  }
  std::filesystem::path meta = path;
  meta += ".meta.json";
  if (std::ifstream m(meta); m) {
    try {
      s.meta = nlohmann::json::parse(m);
    } catch (const nlohmann::json::exception&) {
      throw InputError(fmt::format("merge: {} is damaged", meta.string()));
    }
  }
  return s;
}

}  // namespace

void merge(const std::vector<std::filesystem::path>& paths, const std::filesystem::path& out) {
  if (paths.empty()) throw InputError("merge: no shard files given");
  io::prepare_output_file(out, paths);
  std::vector<ShardFile> shards;
  for (const auto& p : paths) shards.push_back(read_shard(p));
  // Shards may be given in any order; the rows must then cover 0..N-1 exactly once.
  std::stable_sort(shards.begin(), shards.end(),
                   [](const ShardFile& a, const ShardFile& b) { return a.first < b.first; });
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
  // With the sidecars `calib sweep` writes: the same sweep, and every point of it.
  const auto extra = [](const ShardFile& s, const char* key) {
    return s.meta.is_object() && s.meta.contains("extra") && s.meta["extra"].contains(key)
               ? s.meta["extra"][key]
               : nlohmann::json();
  };
  for (const ShardFile& s : shards) {
    if (s.meta.is_null()) continue;
    if (extra(s, "fingerprint") != extra(shards.front(), "fingerprint"))
      throw InputError(fmt::format("merge: {} belongs to a different sweep than {} (fingerprints differ)",
                                   s.path.string(), shards.front().path.string()));
    if (const auto points = extra(s, "space_points"); points.is_number() && points.get<std::size_t>() != next)
      throw InputError(fmt::format("merge: the shards hold {} of the sweep's {} points (a shard is missing)",
                                   next, points.get<std::size_t>()));
  }
  io::AtomicFile dest(out);
  dest.stream() << shards.front().header << '\n';
  for (const ShardFile& s : shards)
    for (const std::string& row : s.rows) dest.stream() << row << '\n';
  dest.commit();
}

}  // namespace calib::sweep
