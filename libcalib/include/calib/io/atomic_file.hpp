#pragma once
// Atomic output: write into a temporary file beside the destination, then rename.
// A failure or an interrupt never leaves a half-written file under the final name.
#include <filesystem>
#include <fstream>
#include <string>

namespace calib::io {

class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path destination);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  // Removes the temporary file unless commit() succeeded.
  ~AtomicFile();

  std::ostream& stream() { return out_; }
  // Flush and close without renaming: the finished temporary file, for a writer that publishes
  // it with its sidecar (io/result_table.hpp publish_with_sidecar). Throws calib::Error on I/O
  // failure.
  const std::filesystem::path& finish();
  // finish(), then rename onto the destination. Throws calib::Error on I/O failure.
  void commit();

  const std::filesystem::path& destination() const { return destination_; }
  // After finish(): the temporary file was renamed by its publisher (publish_result), so the
  // destructor has nothing to remove.
  void released() { committed_ = true; }

 private:
  std::filesystem::path destination_;
  std::filesystem::path temporary_;
  std::ofstream out_;
  bool committed_ = false;
};

// Write a whole text file atomically.
void write_text_atomically(const std::filesystem::path& destination, const std::string& text);

}  // namespace calib::io
