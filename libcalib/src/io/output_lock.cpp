#include "calib/io/output_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::io {

namespace fs = std::filesystem;

namespace {

// The process id the holder wrote into the lock file ("?" when it has not written it yet).
std::string holder_pid(int fd) {
  char text[32] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  std::string pid(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid.empty() ? "?" : pid;
}

// True when `fd` is still the file at `path`: a holder removes its lock file before it
// releases the lock, so a waiter may hold the lock of a file already unlinked.
bool still_linked(int fd, const fs::path& path) {
  struct stat by_fd {}, by_path {};
  return ::fstat(fd, &by_fd) == 0 && ::stat(path.c_str(), &by_path) == 0 &&
         by_fd.st_dev == by_path.st_dev && by_fd.st_ino == by_path.st_ino;
}

}  // namespace

fs::path lock_file_of(const fs::path& target) {
  fs::path t = target;
  if (!t.has_filename()) t = t.parent_path();  // "results/kn_fit/" -> "results/kn_fit"
  t += ".lock";
  return t;
}

OutputLock::OutputLock(const fs::path& target) : file_(lock_file_of(target)) {
  for (;;) {
    fd_ = ::open(file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
      throw InputError(fmt::format("output {}: cannot create the lock file {}: {}", target.string(),
                                   file_.string(), std::strerror(errno)));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      const std::string pid = holder_pid(fd_);
      ::close(fd_);
      fd_ = -1;
      if (err == EWOULDBLOCK)
        throw InputError(fmt::format(
            "output {} is being written by another calib run (pid {}, lock {}): wait for it to "
            "finish or choose another --out",
            target.string(), pid, file_.string()));
      throw InputError(fmt::format("output {}: cannot lock {}: {}", target.string(),
                                   file_.string(), std::strerror(err)));
    }
    if (still_linked(fd_, file_)) break;
    ::close(fd_);  // its holder removed it as we locked it: lock the new one
  }
  const std::string pid = fmt::format("{}\n", ::getpid());
  // Without the id the lock still holds; a refused run then says "pid ?".
  [[maybe_unused]] const bool recorded =
      ::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, pid.data(), pid.size(), 0) >= 0;
}

OutputLock::~OutputLock() {
  if (fd_ < 0) return;
  ::unlink(file_.c_str());
  ::close(fd_);
}

}  // namespace calib::io
