#pragma once
// The resumable partial file of a sweep (private to src/sweep): <out>.partial holds the CSV
// header and complete rows in point order; <out>.partial.json holds the run's identity (config,
// space, kernel columns, tolerances, shard, version); <out>.partial.xxh3 holds the running
// checksum of the rows (io/row_digest.hpp), one line per flush: "<rows> <XXH3 of rows 1..rows>
// <XXH3 of each 64-row block completed by that flush>". --resume continues only a partial whose
// identity matches, whose every row carries the expected point index and whose rows hash to the
// recorded checksums; a torn last row (an interrupted write) and rows written after the last
// checksum line (a kill between the two writes) are dropped and recomputed, an empty partial
// (killed before the header) starts afresh.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "calib/io/row_digest.hpp"

namespace calib::sweep::detail {

// FNV-1a 64 of the canonical JSON text (keys sorted), as 16 hex digits.
std::string fingerprint_of(const nlohmann::json& identity);

struct OpenedPartial {
  std::filesystem::path path;
  std::ofstream file;       // positioned after the last complete row
  std::ofstream sums;       // the checksum lines, appended
  io::RowDigest digest;     // of every row in the file
  std::size_t rows = 0;     // complete rows already there (resumed points)
  std::size_t logged_blocks = 0;

  // Writes complete rows, flushes them, then appends their checksum line. Error on I/O failure.
  void append(std::string_view block);
  // Closes both files; the digest stays readable.
  void close();
};

// Starts (truncates) or resumes `partial` for a run of `identity` whose rows are points
// begin, begin+1, ...; InputError (exit 2) when a resume does not belong to this run or a row
// changed since it was written.
OpenedPartial open_partial(const std::filesystem::path& partial, const std::string& header,
                           const nlohmann::json& identity, std::size_t begin, bool resume);

// The side files of a partial: <partial>.json (identity) and <partial>.xxh3 (checksums).
std::filesystem::path identity_file(const std::filesystem::path& partial);
std::filesystem::path sums_file(const std::filesystem::path& partial);

// The point index of a CSV row (its first field); false when the row has none.
bool row_index(std::string_view row, std::size_t& index);

}  // namespace calib::sweep::detail
