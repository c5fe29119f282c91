#pragma once
// A result folder written as one transaction. The command writes all its files into a stage, a
// hidden sibling of the output folder (`.<name>.calib-stage.<pid>.<n>`); publish() gives every
// file without a sidecar one, carries over what the previous folder holds that the new result
// does not write, and swaps the stage in with one rename (renameat2 RENAME_EXCHANGE). A reader,
// or a run killed at any instant, sees the previous result or the new one, never a mix: before
// the swap the folder is untouched, after it the folder is whole.
#include <filesystem>
#include <vector>

#include "calib/io/output_lock.hpp"
#include "calib/io/provenance.hpp"

namespace calib::io {

class ResultFolder {
 public:
  // Checks `out` before any computation (io/output_target.hpp prepare_output_dir: an input
  // inside it is refused, exit 2; a folder not there yet is created by publish(), so a failed
  // run leaves none), takes its lock (`<out>.lock`, held until destruction), cleans up after
  // runs that were killed, and creates an empty stage.
  ResultFolder(const std::filesystem::path& out, const std::vector<std::filesystem::path>& inputs);
  ResultFolder(const ResultFolder&) = delete;
  ResultFolder& operator=(const ResultFolder&) = delete;
  // Removes the stage unless it was published: a failed run leaves the previous result.
  ~ResultFolder();

  // Where the command writes its files.
  const std::filesystem::path& stage() const { return stage_; }
  // The output folder (absolute, symbolic links resolved).
  const std::filesystem::path& out() const { return out_; }

  // Publishes the stage as the output folder. `base`: the provenance recorded for the files
  // that have no sidecar yet (figure data, scripts, pages); their rows' checksums are computed.
  void publish(const Provenance& base);

 private:
  std::filesystem::path out_;
  OutputLock lock_;
  std::filesystem::path stage_;
  bool published_ = false;
};

}  // namespace calib::io
