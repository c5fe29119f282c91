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
  // Flush, close and rename onto the destination. Throws calib::Error on I/O failure.
  void commit();

  const std::filesystem::path& destination() const { return destination_; }

 private:
  std::filesystem::path destination_;
  std::filesystem::path temporary_;
  std::ofstream out_;
  bool committed_ = false;
};

// Write a whole text file atomically.
void write_text_atomically(const std::filesystem::path& destination, const std::string& text);

}  // namespace calib::io
