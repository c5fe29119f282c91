#include "calib/io/provenance.hpp"

#include <algorithm>
#include <ctime>
#include <fstream>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/io/row_digest.hpp"
#include "calib/version.hpp"

namespace calib::io {

namespace fs = std::filesystem;

namespace {
constexpr std::string_view kSidecarSuffix = ".meta.json";
}

std::string utc_now_iso8601() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

fs::path sidecar_of(const fs::path& result_file) {
  fs::path sidecar = result_file;
  sidecar += std::string(kSidecarSuffix);
  return sidecar;
}

void write_provenance_sidecar(const fs::path& result_file, const Provenance& p,
                              const nlohmann::json& table) {
  nlohmann::json meta = {
      {"result", result_file.filename().string()},
      {"tool", p.tool},
      {"libcalib_version", kVersion},
      {"git_revision", kGitRevision},
      {"config", p.config},
      {"tolerances", p.tolerances},
      {"threads", p.threads},
      {"started_utc", p.started_utc},
      {"wall_seconds", p.wall_seconds},
  };
  if (!p.extra.empty()) meta["extra"] = p.extra;
  meta["table"] = table.is_null() ? digest_table_file(result_file) : table;
  write_text_atomically(sidecar_of(result_file), meta.dump(2) + "\n");
}

nlohmann::json read_sidecar(const fs::path& sidecar) {
  std::ifstream in(sidecar);
  if (!in) throw InputError(fmt::format("cannot read the sidecar {}", sidecar.string()));
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(fmt::format("{} is damaged (not valid JSON: {})", sidecar.string(), e.what()));
  }
}

void verify_result_file(const fs::path& result_file) {
  const fs::path sidecar = sidecar_of(result_file);
  std::error_code ec;
  if (!fs::exists(sidecar, ec))
    throw InputError(fmt::format("{} has no sidecar {}: its rows cannot be checked",
                                 result_file.string(), sidecar.filename().string()));
  const nlohmann::json meta = read_sidecar(sidecar);
  if (!meta.is_object() || !meta.contains("table"))
    throw InputError(fmt::format("{} records no row count and checksum of {} (written by an older "
                                 "calib?): run it again",
                                 sidecar.string(), result_file.string()));
  verify_table_file(result_file, meta["table"], sidecar);
}

void verify_results(const fs::path& dir) {
  std::vector<fs::path> results;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > kSidecarSuffix.size() && name.ends_with(kSidecarSuffix))
      results.push_back(dir / name.substr(0, name.size() - kSidecarSuffix.size()));
  }
  std::sort(results.begin(), results.end());  // the same first complaint on every run
  for (const fs::path& r : results) {
    if (!fs::exists(r))
      throw InputError(fmt::format("{} is missing (its sidecar {} is there)", r.string(),
                                   sidecar_of(r).filename().string()));
    verify_result_file(r);
  }
}

}  // namespace calib::io
