#pragma once
// Content checksums of result tables: XXH3-64 (xxHash, streaming) of the header line, of all
// data rows (every line after the header) and of each block of kDigestBlockRows rows, so a
// changed row is located to within one block and a cut file is told apart from an edited one.
//
// The sidecar form (`"table"` in <result>.meta.json):
//   {"rows": N, "block_rows": 64, "header_xxh3": "<16 hex>", "rows_xxh3": "<16 hex>",
//    "blocks_xxh3": "<16 hex per block, concatenated>"}
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace calib::io {

inline constexpr std::size_t kDigestBlockRows = 64;

// 16 lower-case hex digits.
std::string hex64(std::uint64_t value);
// XXH3-64 of one byte string (a header line).
std::uint64_t xxh3(std::string_view bytes);

class RowDigest {
 public:
  RowDigest();
  RowDigest(RowDigest&&) noexcept;
  RowDigest& operator=(RowDigest&&) noexcept;
  ~RowDigest();

  // Adds data bytes; rows end at '\n' (a last row without one counts when the digest is read).
  void add(std::string_view bytes);
  // Complete rows, plus a pending unterminated one.
  std::size_t rows() const { return rows_ + (pending_ ? 1 : 0); }
  // XXH3-64 of every byte added so far (the running checksum; reading it does not end the stream).
  std::uint64_t running() const;
  // Hashes of the completed blocks, in order.
  const std::vector<std::uint64_t>& blocks() const { return blocks_; }
  // The sidecar form above, with the hash of the last, incomplete block.
  nlohmann::json to_json(std::uint64_t header_hash) const;

 private:
  struct States;
  std::unique_ptr<States> states_;
  std::vector<std::uint64_t> blocks_;
  std::size_t rows_ = 0, rows_in_block_ = 0;
  bool pending_ = false;  // bytes after the last '\n'
};

// The digest of a whole file (header = its first line, '\n' included). InputError naming the
// file when it cannot be read.
nlohmann::json digest_table_file(const std::filesystem::path& file);

// Compares `file` with the digest its sidecar recorded; InputError (exit 2) naming the file and
// what differs: a header, a count of rows (truncated or extended), or the first block of rows
// whose checksum changed (rows a-b, file lines a+1-b+1). `sidecar` names the record in messages.
void verify_table_file(const std::filesystem::path& file, const nlohmann::json& recorded,
                       const std::filesystem::path& sidecar);
// The same for a file already read (`text`: all of it, header first).
void verify_table_text(std::string_view text, const nlohmann::json& recorded,
                       const std::filesystem::path& file, const std::filesystem::path& sidecar);

}  // namespace calib::io
