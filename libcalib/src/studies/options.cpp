// The values of a study's extra options (studies/options.hpp) and the files of a run.
#include "calib/studies/options.hpp"

#include <map>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/output_target.hpp"
#include "calib/studies/study.hpp"

namespace calib::studies {

void OptionValues::set(std::string flag, std::vector<std::string> values) {
  values_[std::move(flag)] = std::move(values);
}

bool OptionValues::has(std::string_view flag) const { return values_.find(flag) != values_.end(); }

std::string OptionValues::text(std::string_view flag, std::string fallback) const {
  const auto it = values_.find(flag);
  return it == values_.end() || it->second.empty() ? fallback : it->second.front();
}

std::vector<std::string> OptionValues::texts(std::string_view flag) const {
  const auto it = values_.find(flag);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::optional<double> OptionValues::number(std::string_view flag) const {
  if (!has(flag)) return std::nullopt;
  const std::string t = text(flag);
  std::size_t used = 0;
  double x = 0;
  try {
    x = std::stod(t, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (t.empty() || used != t.size() || !std::isfinite(x))
    throw InputError(fmt::format("{} must be a finite number, got '{}'", flag, io::excerpt(t)));
  return x;
}

double OptionValues::number(std::string_view flag, double fallback) const {
  return number(flag).value_or(fallback);
}

namespace {
// Every regular file under `dir` with its modification time (none when `dir` does not exist).
std::map<std::filesystem::path, std::filesystem::file_time_type> files_under(
    const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::map<fs::path, fs::file_time_type> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec)) files[it->path()] = it->last_write_time(ec);
  return files;
}
}  // namespace

// The files of the run: new under the results folder, or rewritten (their time changed).
RunSummary Study::run_listing(const RunRequest& request) const {
  const auto before = files_under(request.out);
  RunSummary summary{run(request), {}};
  for (const auto& [path, time] : files_under(request.out))
    if (const auto it = before.find(path); it == before.end() || it->second != time)
      summary.files.push_back(path);
  return summary;
}

}  // namespace calib::studies
