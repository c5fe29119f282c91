#pragma once
// The resumable partial file of a sweep (private to src/sweep): <out>.partial holds the CSV
// header and complete rows in point order; <out>.partial.json holds the run's identity (config,
// space, kernel columns, tolerances, shard, version). --resume continues only a partial whose
// identity matches and whose every row carries the expected point index; a torn last row (an
// interrupted write) is dropped, an empty partial (killed before the header) starts afresh.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace calib::sweep::detail {

// FNV-1a 64 of the canonical JSON text (keys sorted), as 16 hex digits.
std::string fingerprint_of(const nlohmann::json& identity);

struct OpenedPartial {
  std::ofstream file;     // positioned after the last complete row
  std::size_t rows = 0;   // complete rows already there (resumed points)
};

// Starts (truncates) or resumes `partial` for a run of `identity` whose rows are points
// begin, begin+1, ...; InputError (exit 2) when a resume does not belong to this run.
OpenedPartial open_partial(const std::filesystem::path& partial, const std::string& header,
                           const nlohmann::json& identity, std::size_t begin, bool resume);

// The point index of a CSV row (its first field); false when the row has none.
bool row_index(const std::string& row, std::size_t& index);

}  // namespace calib::sweep::detail
