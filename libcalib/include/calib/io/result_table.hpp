#pragma once
// A result file and its provenance in one call: the CSV (or JSON) written atomically, then its
// `.meta.json` sidecar with the row count and checksums (io/provenance.hpp). Every result table
// of a study is written this way, so none can be left without its sidecar.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"

namespace calib::io {

// Emits the rows of one table into its writer, row by row (a large table is never held twice).
using TableRows = std::function<void(CsvWriter&)>;

// Writes `path` atomically (the rows go to a temporary file renamed when all are written), then
// its sidecar. If `rows` throws, `path` and its sidecar are left as they were.
void write_table(const std::filesystem::path& path, const std::vector<std::string>& header,
                 const TableRows& rows, const Provenance& provenance);
// The same for rows already in memory.
void write_table(const std::filesystem::path& path, const std::vector<std::string>& header,
                 const std::vector<std::vector<CsvCell>>& rows, const Provenance& provenance);
// A JSON result (indented by 2, one final newline), atomic, then its sidecar.
void write_json(const std::filesystem::path& path, const nlohmann::json& value,
                const Provenance& provenance);

}  // namespace calib::io
