#include "calib/io/result_folder.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/output_target.hpp"

namespace calib::io {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kStageTag = ".calib-stage.";
constexpr std::string_view kAsideTag = ".calib-previous.";
constexpr std::string_view kSidecarSuffix = ".meta.json";

// The folder every later step works on: absolute and with symbolic links resolved, so a link
// given as --out is followed (the swap renames the folder, never the link) and every spelling
// of one folder shares its lock.
fs::path checked_folder(const fs::path& out, const std::vector<fs::path>& inputs) {
  // A folder that does not exist yet is created when the result is published, not before: a
  // run that fails leaves nothing behind. Its parent holds the stage and the lock.
  check_output_dir(out, inputs);
  fs::path folder = fs::weakly_canonical(fs::absolute(out));
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  if (!ec) {
    const auto [end, ignored] = std::mismatch(folder.begin(), folder.end(), cwd.begin(), cwd.end());
    if (end == folder.end())
      throw InputError(
          fmt::format("output folder {} holds the current folder: publishing the "
                      "result replaces it; run from elsewhere or choose another --out",
                      out.string()));
  }
  return folder;
}

// `.<name>.calib-stage.`: the prefix of every stage of `folder`.
std::string stage_prefix(const fs::path& folder) {
  return fmt::format(".{}{}", folder.filename().string(), kStageTag);
}

// `.<name>.calib-previous`: the previous folder while a two-rename swap (swap_in) is under way.
fs::path aside_of(const fs::path& folder) {
  return folder.parent_path() / fmt::format(".{}{}", folder.filename().string(), kAsideTag);
}

// What earlier runs left: only the lock holder writes a stage, so any found now is a killed
// run's (its unpublished result, or the previous result it swapped out). A run killed inside a
// two-rename swap left the previous folder aside and the output folder missing (or empty, as
// prepare_output_dir creates it): the previous folder goes back.
void clean_up_killed_runs(const fs::path& folder) {
  std::error_code ec;
  const fs::path aside = aside_of(folder);
  if (is_folder(aside)) {
    if (!path_exists(folder) || fs::is_empty(folder, ec)) {
      fs::remove(folder, ec);
      fs::rename(aside, folder);
    } else {
      fs::remove_all(aside, ec);
    }
  }
  const std::string prefix = stage_prefix(folder);
  std::vector<fs::path> stale;
  for (const auto& entry : fs::directory_iterator(folder.parent_path(), ec))
    if (entry.path().filename().string().starts_with(prefix)) stale.push_back(entry.path());
  for (const fs::path& p : stale) fs::remove_all(p, ec);
}

fs::path new_stage(const fs::path& folder) {
  static std::atomic<unsigned> counter{0};
  const fs::path stage = folder.parent_path() / fmt::format("{}{}.{}", stage_prefix(folder),
                                                            ::getpid(), counter.fetch_add(1));
  std::error_code ec;
  fs::create_directory(stage, ec);
  if (ec)
    throw Error(fmt::format("cannot create the stage {} of {}: {}", stage.string(), folder.string(),
                            ec.message()));
  return stage;
}

bool is_sidecar(const fs::path& p) { return p.filename().string().ends_with(kSidecarSuffix); }

// Every regular file of the new result has its sidecar; those the command did not give one get
// `base` with their rows' checksums.
void add_missing_sidecars(const fs::path& stage, const Provenance& base) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(stage))
    if (entry.is_regular_file() && !is_sidecar(entry.path()) &&
        !entry.path().filename().string().ends_with(".pending") &&
        !path_exists(sidecar_of(entry.path())))
      files.push_back(entry.path());
  for (const fs::path& f : files) write_provenance_sidecar(f, base);
}

// What the previous folder holds and the new result does not write (files the user put there,
// other studies' figures) stays: hard links (a copy across file systems), folders merged.
void carry_over(const fs::path& previous, const fs::path& stage) {
  for (const auto& entry : fs::directory_iterator(previous)) {
    const fs::path target = stage / entry.path().filename();
    const fs::file_status old = entry.symlink_status();
    const fs::file_status now = fs::symlink_status(target);
    if (fs::exists(now)) {
      if (fs::is_directory(old) && fs::is_directory(now)) carry_over(entry.path(), target);
      continue;
    }
    if (fs::is_directory(old)) {
      fs::copy(entry.path(), target,
               fs::copy_options::recursive | fs::copy_options::create_hard_links |
                   fs::copy_options::copy_symlinks);
      continue;
    }
    if (fs::is_symlink(old)) {
      fs::copy_symlink(entry.path(), target);
      continue;
    }
    std::error_code ec;
    fs::create_hard_link(entry.path(), target, ec);
    if (ec) fs::copy_file(entry.path(), target);
  }
}

// One rename swaps the two folders; where the file system cannot (EINVAL), two renames with
// the previous folder set aside in between (put back by the next run if this one is killed
// there). A first result is one plain rename.
void swap_in(const fs::path& stage, const fs::path& folder) {
  if (!path_exists(folder)) {
    fs::rename(stage, folder);
    return;
  }
  if (::renameat2(AT_FDCWD, stage.c_str(), AT_FDCWD, folder.c_str(), RENAME_EXCHANGE) == 0) return;
  const int err = errno;
  if (err != EINVAL && err != ENOSYS)
    throw Error(fmt::format("cannot publish {} as {}: {}", stage.string(), folder.string(),
                            std::strerror(err)));
  const fs::path aside = aside_of(folder);
  fs::rename(folder, aside);
  fs::rename(stage, folder);
  fs::rename(aside, stage);
}

}  // namespace

ResultFolder::ResultFolder(const fs::path& out, const std::vector<fs::path>& inputs)
    : out_(checked_folder(out, inputs)), lock_(out_) {
  clean_up_killed_runs(out_);
  stage_ = new_stage(out_);
}

ResultFolder::~ResultFolder() {
  std::error_code ec;
  if (!stage_.empty()) fs::remove_all(stage_, ec);
}

void ResultFolder::publish(const Provenance& base) {
  if (published_) throw Error(fmt::format("{} is already published", out_.string()));
  add_missing_sidecars(stage_, base);
  if (is_folder(out_)) carry_over(out_, stage_);
  swap_in(stage_, out_);
  published_ = true;  // the stage now holds the previous folder: the destructor removes it
}

}  // namespace calib::io
