#pragma once
// `.meta.json` sidecars: every result file records how it was made.
#include <chrono>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace calib::io {

struct Provenance {
  std::string tool;           // e.g. "calib rms-table"
  nlohmann::json config;      // the config as parsed (after CLI overrides)
  nlohmann::json tolerances;  // solver tolerances actually used
  int threads = 1;
  std::string started_utc;  // ISO 8601
  double wall_seconds = 0.0;
  nlohmann::json extra = nlohmann::json::object();  // study-specific facts
};

// Current UTC time as ISO 8601 ("2026-11-22T01:02:03Z").
std::string utc_now_iso8601();

// Writes `<result>.meta.json` atomically; adds libcalib version, git revision and the result's
// row count and checksums ("table", io/row_digest.hpp): `table` when given (a writer that
// hashed its rows as it wrote them), else computed from the file.
void write_provenance_sidecar(const std::filesystem::path& result_file, const Provenance& p,
                              const nlohmann::json& table = nullptr);

std::filesystem::path sidecar_of(const std::filesystem::path& result_file);
// Parses a sidecar; InputError naming the file when it is missing, unreadable or not JSON.
nlohmann::json read_sidecar(const std::filesystem::path& sidecar);
// Checks a result file against the row count and checksums its sidecar records: InputError
// (exit 2) naming the file when it has no sidecar, the sidecar no record, or the file changed.
void verify_result_file(const std::filesystem::path& result_file);
// verify_result_file for every result in `dir` (not its subfolders) that has a sidecar.
void verify_results(const std::filesystem::path& dir);

// Stopwatch for wall time of a run.
class WallClock {
 public:
  WallClock() : start_(std::chrono::steady_clock::now()), started_utc_(utc_now_iso8601()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  const std::string& started_utc() const { return started_utc_; }

 private:
  std::chrono::steady_clock::time_point start_;
  std::string started_utc_;
};

}  // namespace calib::io
