#include "calib/io/provenance.hpp"

#include <ctime>

#include "calib/io/atomic_file.hpp"
#include "calib/version.hpp"

namespace calib::io {

std::string utc_now_iso8601() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void write_provenance_sidecar(const std::filesystem::path& result_file, const Provenance& p) {
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
  std::filesystem::path sidecar = result_file;
  sidecar += ".meta.json";
  write_text_atomically(sidecar, meta.dump(2) + "\n");
}

}  // namespace calib::io
