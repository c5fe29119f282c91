#pragma once
// One writer per output: an exclusive flock(2) on the lock file `<out>.lock` beside the output
// file or folder, held for the life of the object. A second run on the same output is refused
// at once (InputError, exit 2) naming the holder's process id, which the file records; the
// kernel drops the lock when its holder dies, so a dead run's lock file is simply taken over.
#include <filesystem>

namespace calib::io {

class OutputLock {
 public:
  // Takes the lock of `target` (a result file or an output folder).
  explicit OutputLock(const std::filesystem::path& target);
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;
  // Removes the lock file, then releases the lock.
  ~OutputLock();

  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  int fd_ = -1;
};

// The lock file of `target`: <target>.lock (for a folder, beside it: results/kn_fit.lock).
std::filesystem::path lock_file_of(const std::filesystem::path& target);

}  // namespace calib::io
