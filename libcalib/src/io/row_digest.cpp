#include "calib/io/row_digest.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>

#include <fmt/format.h>
#include <xxhash.h>

#include "calib/core/error.hpp"

namespace calib::io {

namespace fs = std::filesystem;

std::string hex64(std::uint64_t value) { return fmt::format("{:016x}", value); }

std::uint64_t xxh3(std::string_view bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

// Two streaming states of the library: all rows, and the current block.
struct RowDigest::States {
  XXH3_state_t* all = XXH3_createState();
  XXH3_state_t* block = XXH3_createState();
  States() {
    if (!all || !block) throw std::bad_alloc();
    XXH3_64bits_reset(all);
    XXH3_64bits_reset(block);
  }
  ~States() {
    XXH3_freeState(all);
    XXH3_freeState(block);
  }
  States(const States&) = delete;
  States& operator=(const States&) = delete;
};

RowDigest::RowDigest() : states_(std::make_unique<States>()) {}
RowDigest::RowDigest(RowDigest&&) noexcept = default;
RowDigest& RowDigest::operator=(RowDigest&&) noexcept = default;
RowDigest::~RowDigest() = default;

void RowDigest::add(std::string_view bytes) {
  XXH3_64bits_update(states_->all, bytes.data(), bytes.size());
  // The block state takes the bytes up to each block's last newline, then starts afresh.
  while (!bytes.empty()) {
    const void* nl = std::memchr(bytes.data(), '\n', bytes.size());
    if (!nl) {
      XXH3_64bits_update(states_->block, bytes.data(), bytes.size());
      pending_ = true;
      return;
    }
    const std::size_t line = static_cast<const char*>(nl) - bytes.data() + 1;
    XXH3_64bits_update(states_->block, bytes.data(), line);
    bytes.remove_prefix(line);
    pending_ = false;
    ++rows_;
    if (++rows_in_block_ == kDigestBlockRows) {
      blocks_.push_back(XXH3_64bits_digest(states_->block));
      XXH3_64bits_reset(states_->block);
      rows_in_block_ = 0;
    }
  }
}

std::uint64_t RowDigest::running() const { return XXH3_64bits_digest(states_->all); }

nlohmann::json RowDigest::to_json(std::uint64_t header_hash) const {
  std::string blocks;
  blocks.reserve(16 * (blocks_.size() + 1));
  for (std::uint64_t b : blocks_) blocks += hex64(b);
  if (rows_in_block_ > 0 || pending_) blocks += hex64(XXH3_64bits_digest(states_->block));
  return {{"rows", rows()},
          {"block_rows", kDigestBlockRows},
          {"header_xxh3", hex64(header_hash)},
          {"rows_xxh3", hex64(running())},
          {"blocks_xxh3", blocks}};
}

namespace {

struct Scan {
  std::uint64_t header = 0;
  RowDigest rows;
};

Scan scan_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot read {}", file.string()));
  Scan s;
  std::string header;
  std::getline(in, header);
  if (!in.eof()) header += '\n';
  s.header = xxh3(header);
  std::string buffer(1 << 20, '\0');
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    s.rows.add(std::string_view(buffer.data(), static_cast<std::size_t>(in.gcount())));
  }
  return s;
}

Scan scan_text(std::string_view text) {
  const std::size_t nl = text.find('\n');
  const std::size_t rows_at = nl == std::string_view::npos ? text.size() : nl + 1;
  Scan s;
  s.header = xxh3(text.substr(0, rows_at));
  s.rows.add(text.substr(rows_at));
  return s;
}

std::string recorded_text(const nlohmann::json& recorded, const char* key,
                          const fs::path& sidecar) {
  if (!recorded.is_object() || !recorded.contains(key) || !recorded[key].is_string())
    throw InputError(fmt::format("{}: its \"table\" record has no valid \"{}\"", sidecar.string(), key));
  return recorded[key].get<std::string>();
}

std::size_t recorded_count(const nlohmann::json& recorded, const char* key, const fs::path& sidecar) {
  if (!recorded.is_object() || !recorded.contains(key) || !recorded[key].is_number_unsigned())
    throw InputError(fmt::format("{}: its \"table\" record has no valid \"{}\"", sidecar.string(), key));
  return recorded[key].get<std::size_t>();
}

}  // namespace

nlohmann::json digest_table_file(const fs::path& file) {
  const Scan s = scan_file(file);
  return s.rows.to_json(s.header);
}

namespace {

void verify_scan(const Scan& s, const nlohmann::json& recorded, const fs::path& file,
                 const fs::path& sidecar) {
  const std::size_t rows = recorded_count(recorded, "rows", sidecar);
  const std::size_t block_rows = recorded_count(recorded, "block_rows", sidecar);
  const std::string header = recorded_text(recorded, "header_xxh3", sidecar);
  const std::string blocks = recorded_text(recorded, "blocks_xxh3", sidecar);
  const std::string all = recorded_text(recorded, "rows_xxh3", sidecar);
  if (block_rows != kDigestBlockRows)
    throw InputError(fmt::format("{}: block_rows = {} is not this version's {}", sidecar.string(),
                                 block_rows, kDigestBlockRows));
  if (hex64(s.header) != header)
    throw InputError(fmt::format("{}: its header line changed since it was written (checksum "
                                 "differs from {})", file.string(), sidecar.string()));
  if (s.rows.rows() != rows)
    throw InputError(fmt::format("{}: has {} rows, {} records {}: {}", file.string(), s.rows.rows(),
                                 sidecar.string(), rows,
                                 s.rows.rows() < rows ? "the file was truncated" : "rows were added"));
  const std::string now = s.rows.to_json(s.header)["blocks_xxh3"].get<std::string>();
  for (std::size_t b = 0; 16 * b < now.size(); ++b)
    if (blocks.size() < 16 * (b + 1) || now.compare(16 * b, 16, blocks, 16 * b, 16) != 0) {
      const std::size_t first = b * block_rows + 1, last = std::min(rows, (b + 1) * block_rows);
      throw InputError(fmt::format("{}: row {} to {} (file lines {}-{}) changed since they were "
                                   "written (their XXH3 checksum differs from {})",
                                   file.string(), first, last, first + 1, last + 1, sidecar.string()));
    }
  if (hex64(s.rows.running()) != all || now.size() != blocks.size())
    throw InputError(fmt::format("{}: its rows changed since they were written (XXH3 checksum "
                                 "differs from {})", file.string(), sidecar.string()));
}

}  // namespace

void verify_table_file(const fs::path& file, const nlohmann::json& recorded, const fs::path& sidecar) {
  verify_scan(scan_file(file), recorded, file, sidecar);
}

void verify_table_text(std::string_view text, const nlohmann::json& recorded, const fs::path& file,
                       const fs::path& sidecar) {
  verify_scan(scan_text(text), recorded, file, sidecar);
}

}  // namespace calib::io
