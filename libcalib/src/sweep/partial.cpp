#include "sweep/partial.hpp"

#include <charconv>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/io/provenance.hpp"

namespace calib::sweep::detail {

namespace fs = std::filesystem;

std::string fingerprint_of(const nlohmann::json& identity) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : identity.dump()) h = (h ^ c) * 0x100000001b3ULL;
  return fmt::format("{:016x}", h);
}

bool row_index(std::string_view row, std::size_t& index) {
  const auto comma = row.find(',');
  const char* end = row.data() + (comma == std::string_view::npos ? row.size() : comma);
  const auto [p, ec] = std::from_chars(row.data(), end, index);
  return ec == std::errc() && p == end && p != row.data();
}

fs::path identity_file(const fs::path& partial) {
  fs::path p = partial;
  p += ".json";
  return p;
}

fs::path sums_file(const fs::path& partial) {
  fs::path p = partial;
  p += ".xxh3";
  return p;
}

void OpenedPartial::append(std::string_view block) {
  file.write(block.data(), static_cast<std::streamsize>(block.size()));
  file.flush();
  if (!file) throw Error(fmt::format("write failed for {}", path.string()));
  digest.add(block);
  std::string line = fmt::format("{} {} ", digest.rows(), io::hex64(digest.running()));
  for (; logged_blocks < digest.blocks().size(); ++logged_blocks)
    line += io::hex64(digest.blocks()[logged_blocks]);
  line += '\n';
  sums.write(line.data(), static_cast<std::streamsize>(line.size()));
  sums.flush();
  if (!sums) throw Error(fmt::format("write failed for {}", sums_file(path).string()));
}

void OpenedPartial::close() {
  file.close();
  sums.close();
}

namespace {

// The keys whose values differ, for a message the user can act on.
std::string differing_keys(const nlohmann::json& a, const nlohmann::json& b) {
  std::string keys;
  for (auto it = a.begin(); it != a.end(); ++it)
    if (!b.contains(it.key()) || b.at(it.key()) != it.value())
      keys += fmt::format("{}{}", keys.empty() ? "" : ", ", it.key());
  for (auto it = b.begin(); it != b.end(); ++it)
    if (!a.contains(it.key())) keys += fmt::format("{}{}", keys.empty() ? "" : ", ", it.key());
  return keys.empty() ? "?" : keys;
}

OpenedPartial start(const fs::path& partial, const std::string& header,
                    const nlohmann::json& identity) {
  // Old files go first and the identity comes back first: a kill at any step leaves no partial
  // (a fresh start) or a partial without identity (refused), never old rows under a new identity.
  std::error_code ec;
  for (const fs::path& old : {partial, sums_file(partial), identity_file(partial)}) fs::remove(old, ec);
  io::write_text_atomically(identity_file(partial), identity.dump(2) + "\n");
  OpenedPartial o;
  o.path = partial;
  o.sums.open(sums_file(partial), std::ios::trunc | std::ios::binary);
  o.file.open(partial, std::ios::trunc | std::ios::binary);
  if (!o.file || !o.sums) throw InputError(fmt::format("cannot write {}", partial.string()));
  o.file << header;
  o.file.flush();
  return o;
}

// The last complete line of the checksum file: rows, running checksum; every block checksum.
struct RecordedSums {
  std::size_t rows = 0;
  std::string running = io::hex64(io::RowDigest().running());
  std::string blocks;  // 16 hex digits each
};

RecordedSums read_sums(const fs::path& partial) {
  const fs::path path = sums_file(partial);
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw InputError(fmt::format("{}: cannot resume: {} is missing (the partial was not written "
                                 "by this version of calib); delete the partial or run without --resume",
                                 partial.string(), path.filename().string()));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  RecordedSums r;
  std::size_t pos = 0, line_no = 0;
  for (std::size_t nl; (nl = text.find('\n', pos)) != std::string::npos; pos = nl + 1) {
    ++line_no;
    std::istringstream line(text.substr(pos, nl - pos));
    std::string blocks;
    if (!(line >> r.rows >> r.running) || r.running.size() != 16 ||
        ((line >> blocks) && blocks.size() % 16 != 0))
      throw InputError(fmt::format("{}: cannot resume: line {} of {} is damaged", partial.string(),
                                   line_no, path.string()));
    r.blocks += blocks;
  }
  return r;  // a torn last line (no newline) is ignored: its rows are recomputed
}

// Hashes the kept rows and compares them with the recorded checksums; names the first bad block.
void verify_rows(OpenedPartial& o, std::string_view rows, const RecordedSums& sums,
                 std::size_t begin) {
  o.digest.add(rows);
  const auto fail = [&](std::size_t first, std::size_t last) {
    throw InputError(fmt::format(
        "{}: cannot resume: row {} to {} (points {}-{}) changed since they were written (XXH3 "
        "checksum differs from {}); delete the partial or run without --resume",
        o.path.string(), first, last, begin + first - 1, begin + last - 1,
        sums_file(o.path).filename().string()));
  };
  const auto& blocks = o.digest.blocks();
  for (std::size_t b = 0; b < blocks.size(); ++b)
    if (sums.blocks.size() < 16 * (b + 1) || sums.blocks.compare(16 * b, 16, io::hex64(blocks[b])) != 0)
      fail(b * io::kDigestBlockRows + 1, (b + 1) * io::kDigestBlockRows);
  if (io::hex64(o.digest.running()) != sums.running || sums.blocks.size() != 16 * blocks.size())
    fail(blocks.size() * io::kDigestBlockRows + 1, sums.rows);
  o.logged_blocks = blocks.size();
}

void load_identity(const fs::path& partial, const nlohmann::json& identity) {
  const fs::path id_file = identity_file(partial);
  if (!fs::exists(id_file))
    throw InputError(fmt::format("{}: cannot resume: {} is missing (the partial was not written by "
                                 "this version of calib); delete the partial or run without --resume",
                                 partial.string(), id_file.filename().string()));
  const nlohmann::json stored = io::read_sidecar(id_file);
  if (stored != identity)
    throw InputError(fmt::format("{}: cannot resume: it was made by a different sweep (differs in: "
                                 "{}); use another --out or run without --resume",
                                 partial.string(), differing_keys(stored, identity)));
}

}  // namespace

OpenedPartial open_partial(const fs::path& partial, const std::string& header,
                           const nlohmann::json& identity, std::size_t begin, bool resume) {
  std::error_code ec;
  if (!resume || !fs::exists(partial, ec)) return start(partial, header, identity);
  load_identity(partial, identity);
  std::ifstream in(partial, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  if (text.empty()) return start(partial, header, identity);  // killed before the header
  if (text.compare(0, header.size(), header) != 0)
    throw InputError(fmt::format("{}: cannot resume: its header does not match this sweep",
                                 partial.string()));
  const RecordedSums sums = read_sums(partial);
  // Every complete row must carry its point index; only the rows the checksums cover are kept.
  OpenedPartial o;
  o.path = partial;
  std::size_t pos = header.size(), rows = 0, keep = sums.rows == 0 ? pos : std::string::npos;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;  // a torn last row: dropped below
    std::size_t index = 0;
    if (!row_index(std::string_view(text).substr(pos, nl - pos), index) || index != begin + rows)
      throw InputError(fmt::format("{}: cannot resume: row {} has point index '{}', expected {}",
                                   partial.string(), rows + 1,
                                   text.substr(pos, std::min<std::size_t>(20, nl - pos)),
                                   begin + rows));
    pos = nl + 1;
    if (++rows == sums.rows) keep = pos;
  }
  if (rows < sums.rows)
    throw InputError(fmt::format("{}: cannot resume: it has {} rows, {} records {} (rows were "
                                 "removed); delete the partial or run without --resume",
                                 partial.string(), rows, sums_file(partial).filename().string(),
                                 sums.rows));
  verify_rows(o, std::string_view(text).substr(header.size(), keep - header.size()), sums, begin);
  o.rows = sums.rows;
  if (keep < text.size()) fs::resize_file(partial, keep);
  // The checksum file restarts as one line for the rows kept (a torn line is gone with it).
  io::write_text_atomically(sums_file(partial),
                            fmt::format("{} {} {}\n", o.rows, sums.running, sums.blocks));
  o.file.open(partial, std::ios::app | std::ios::binary);
  o.sums.open(sums_file(partial), std::ios::app | std::ios::binary);
  if (!o.file || !o.sums) throw InputError(fmt::format("cannot append to {}", partial.string()));
  return o;
}

}  // namespace calib::sweep::detail
