#pragma once
// `.meta.json` sidecars: every result file records how it was made.
#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

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
// The sidecar of a result being published (`<result>.meta.json.pending`). A result file and its
// sidecar are two renames; publish_result writes this one first, renames the result into place,
// then renames this onto the sidecar. A run killed between those renames leaves the new result
// beside its pending sidecar, which verify_result_file accepts: a reader sees the previous pair
// or the new one, never one run's rows checked against another's sidecar.
std::filesystem::path pending_sidecar_of(const std::filesystem::path& result_file);
// The sidecar document of `result_file`: its name, `p`, the libcalib version and git revision,
// and `table` (its row count and checksums, io/row_digest.hpp).
nlohmann::json sidecar_json(const std::filesystem::path& result_file, const Provenance& p,
                            const nlohmann::json& table);
// Publishes `written` (a finished file beside `result_file`) as `result_file` with its sidecar,
// in the order above. `table`: the digest when the writer hashed its rows, else computed from
// `written`. Throws calib::Error when a rename fails.
void publish_result(const std::filesystem::path& written, const std::filesystem::path& result_file,
                    const Provenance& p, const nlohmann::json& table = nullptr);
// Ends a publication that a killed run left, before a new run writes `result_file` (call it
// holding the result's OutputLock): a pending sidecar that verifies the result becomes its
// sidecar (the new pair), one that does not is removed (the previous pair stays).
void settle_result(const std::filesystem::path& result_file);
// Parses a sidecar; InputError naming the file when it is missing, unreadable or not JSON.
nlohmann::json read_sidecar(const std::filesystem::path& sidecar);
// Checks a result file against the row count and checksums its sidecar records: InputError
// (exit 2) naming the file when it has no sidecar, the sidecar no record, or the file changed.
// A result that its sidecar does not verify is accepted when its pending sidecar does (a
// publication cut between its renames, see pending_sidecar_of).
void verify_result_file(const std::filesystem::path& result_file);
// The sidecar that verifies `text`, the whole content of `result_file` already read: its
// sidecar, or its pending sidecar (see verify_result_file). InputError as verify_result_file.
nlohmann::json verified_sidecar(const std::filesystem::path& result_file, std::string_view text);
// verify_result_file for every result in `dir` (not its subfolders): each file with a sidecar,
// and each CSV or JSON file, which is refused when it has none.
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
