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

// Writes `<result>.meta.json` atomically; adds libcalib version and git revision.
void write_provenance_sidecar(const std::filesystem::path& result_file, const Provenance& p);

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
