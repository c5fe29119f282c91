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
constexpr std::string_view kPendingSuffix = ".pending";

void rename_or_throw(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::rename(from, to, ec);
  if (ec)
    throw Error(
        fmt::format("cannot rename {} to {}: {}", from.string(), to.string(), ec.message()));
}

// The table record of a sidecar file; InputError naming it when it holds none.
nlohmann::json table_record(const fs::path& sidecar, const fs::path& result_file) {
  const nlohmann::json meta = read_sidecar(sidecar);
  if (!meta.is_object() || !meta.contains("table"))
    throw InputError(
        fmt::format("{} records no row count and checksum of {} (written by an older "
                    "calib?): run it again",
                    sidecar.string(), result_file.string()));
  return meta["table"];
}

// True when `pending` exists and verifies `result_file`.
bool pending_verifies(const fs::path& result_file, const fs::path& pending) {
  std::error_code ec;
  if (!fs::exists(pending, ec) || !fs::exists(result_file, ec)) return false;
  try {
    verify_table_file(result_file, table_record(pending, result_file), pending);
    return true;
  } catch (const InputError&) {
    return false;
  }
}
}  // namespace

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

fs::path pending_sidecar_of(const fs::path& result_file) {
  fs::path pending = sidecar_of(result_file);
  pending += std::string(kPendingSuffix);
  return pending;
}

nlohmann::json sidecar_json(const fs::path& result_file, const Provenance& p,
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
  meta["table"] = table;
  return meta;
}

void write_provenance_sidecar(const fs::path& result_file, const Provenance& p,
                              const nlohmann::json& table) {
  const nlohmann::json meta =
      sidecar_json(result_file, p, table.is_null() ? digest_table_file(result_file) : table);
  write_text_atomically(sidecar_of(result_file), meta.dump(2) + "\n");
}

void publish_result(const fs::path& written, const fs::path& result_file, const Provenance& p,
                    const nlohmann::json& table) {
  const nlohmann::json meta =
      sidecar_json(result_file, p, table.is_null() ? digest_table_file(written) : table);
  const fs::path pending = pending_sidecar_of(result_file);
  write_text_atomically(pending, meta.dump(2) + "\n");
  rename_or_throw(written, result_file);
  rename_or_throw(pending, sidecar_of(result_file));
}

void settle_result(const fs::path& result_file) {
  const fs::path pending = pending_sidecar_of(result_file);
  std::error_code ec;
  if (!fs::exists(pending, ec)) return;
  if (pending_verifies(result_file, pending))
    rename_or_throw(pending, sidecar_of(result_file));
  else
    fs::remove(pending, ec);
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
  const fs::path sidecar = sidecar_of(result_file), pending = pending_sidecar_of(result_file);
  std::error_code ec;
  if (!fs::exists(sidecar, ec)) {
    if (pending_verifies(result_file, pending)) return;
    throw InputError(fmt::format("{} has no sidecar {}: its rows cannot be checked",
                                 result_file.string(), sidecar.filename().string()));
  }
  try {
    verify_table_file(result_file, table_record(sidecar, result_file), sidecar);
  } catch (const InputError&) {
    if (!pending_verifies(result_file, pending)) throw;
  }
}

nlohmann::json verified_sidecar(const fs::path& result_file, std::string_view text) {
  const fs::path sidecar = sidecar_of(result_file), pending = pending_sidecar_of(result_file);
  const auto checked = [&](const fs::path& record) {
    nlohmann::json meta = read_sidecar(record);
    if (!meta.is_object() || !meta.contains("table"))
      throw InputError(fmt::format("{} records no row count and checksum of {}", record.string(),
                                   result_file.string()));
    verify_table_text(text, meta["table"], result_file, record);
    return meta;
  };
  std::error_code ec;
  if (!fs::exists(sidecar, ec) && fs::exists(pending, ec)) return checked(pending);
  try {
    return checked(sidecar);
  } catch (const InputError&) {
    const std::exception_ptr first = std::current_exception();
    if (fs::exists(pending, ec)) try {
        return checked(pending);
      } catch (const InputError&) {
      }
    std::rethrow_exception(first);
  }
}

void verify_results(const fs::path& dir) {
  std::vector<fs::path> results;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > kSidecarSuffix.size() && name.ends_with(kSidecarSuffix))
      results.push_back(dir / name.substr(0, name.size() - kSidecarSuffix.size()));
    else if (entry.is_regular_file() && (name.ends_with(".csv") || name.ends_with(".json")))
      results.push_back(entry.path());  // a table a reader would use: refused without sidecar
  }
  std::sort(results.begin(), results.end());  // the same first complaint on every run
  results.erase(std::unique(results.begin(), results.end()), results.end());
  for (const fs::path& r : results) {
    if (!fs::exists(r))
      throw InputError(fmt::format("{} is missing (its sidecar {} is there)", r.string(),
                                   sidecar_of(r).filename().string()));
    verify_result_file(r);
  }
}

}  // namespace calib::io
