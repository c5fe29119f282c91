#pragma once
// A result file and its provenance in one call: the CSV (or JSON) and its `.meta.json` sidecar
// with the row count and checksums, published as a pair (io/provenance.hpp publish_result: the
// previous pair or the new one is seen, whenever the run stops). Every result table of a study
// is written this way, so none can be left without its sidecar.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/io/atomic_file.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/provenance.hpp"

namespace calib::io {

// A single result file (and its sidecar) written as one transaction: checked (io/output_target
// prepare_output_file: an input among the files it is published as is refused) and locked
// (`<path>.lock`) before any computation, a publication that a killed run left settled
// (settle_result); write_table or write_json then publishes the pair.
class ResultFile {
 public:
  ResultFile(const std::filesystem::path& path, const std::vector<std::filesystem::path>& inputs);
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  OutputLock lock_;
};

// Emits the rows of one table into its writer, row by row (a large table is never held twice).
using TableRows = std::function<void(CsvWriter&)>;

// Publishes a finished AtomicFile with its sidecar (publish_result); `table` as there.
void publish_with_sidecar(AtomicFile& file, const Provenance& provenance,
                          const nlohmann::json& table = nullptr);

// Writes `path` and its sidecar (the rows go to a temporary file published when all are
// written). If `rows` throws, `path` and its sidecar are left as they were.
void write_table(const std::filesystem::path& path, const std::vector<std::string>& header,
                 const TableRows& rows, const Provenance& provenance);
// The same for rows already in memory.
void write_table(const std::filesystem::path& path, const std::vector<std::string>& header,
                 const std::vector<std::vector<CsvCell>>& rows, const Provenance& provenance);
// A JSON result (indented by 2, one final newline) and its sidecar.
void write_json(const std::filesystem::path& path, const nlohmann::json& value,
                const Provenance& provenance);

}  // namespace calib::io
