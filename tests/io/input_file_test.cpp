// Input files: only regular files of bounded size are read; devices and FIFOs are refused by
// name before they are opened (opening a FIFO would block, reading /dev/zero never ends).
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/io/config.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/input_file.hpp"
#include "../test_support.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) { return calib_test::fresh_dir("calib_input_file_test_", name); }

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no InputError)";
}

}  // namespace

TEST(InputFile, DevZeroIsRefusedByNameBeforeReading) {
  const auto csv = message_of([] { io::read_numeric_csv("/dev/zero", {"x"}); });
  EXPECT_NE(csv.find("/dev/zero"), std::string::npos) << csv;
  EXPECT_NE(csv.find("character device"), std::string::npos) << csv;
  const auto toml = message_of([] { io::ConfigNode::load_file("/dev/zero"); });
  EXPECT_NE(toml.find("/dev/zero"), std::string::npos) << toml;
  EXPECT_NE(toml.find("only regular files"), std::string::npos) << toml;
}

TEST(InputFile, FifoIsRefusedWithoutBlocking) {
  // No writer ever opens the FIFO: a reader that opened it would block here forever.
  const fs::path fifo = fresh_dir("fifo") / "data.csv";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto csv = message_of([&] { io::read_numeric_csv(fifo, {"x"}); });
  EXPECT_NE(csv.find(fifo.string()), std::string::npos) << csv;
  EXPECT_NE(csv.find("FIFO"), std::string::npos) << csv;
  const auto toml = message_of([&] { io::ConfigNode::load_file(fifo); });
  EXPECT_NE(toml.find("FIFO"), std::string::npos) << toml;
}

TEST(InputFile, DirectoryIsRefused) {
  const fs::path dir = fresh_dir("dir");
  EXPECT_NE(message_of([&] { io::read_input_file(dir, 100, "config file"); }).find("a directory"),
            std::string::npos);
}

TEST(InputFile, SizeAboveTheLimitIsRefusedAndTheLimitStated) {
  // 101 bytes against a 100-byte limit; 100 bytes pass and are returned whole.
  const fs::path f = fresh_dir("size") / "big.csv";
  std::ofstream(f) << std::string(101, 'x');
  const auto m = message_of([&] { io::read_input_file(f, 100, "CSV file"); });
  EXPECT_NE(m.find("101 bytes exceeds the input limit of 100 bytes"), std::string::npos) << m;
  std::ofstream(f, std::ios::trunc) << std::string(100, 'y');
  EXPECT_EQ(io::read_input_file(f, 100, "CSV file"), std::string(100, 'y'));
  EXPECT_EQ(io::byte_size_text(io::kMaxDataFileBytes), "256 MiB");
  EXPECT_EQ(io::byte_size_text(io::kMaxConfigFileBytes), "16 MiB");
}

TEST(InputFile, SymlinkToARegularFileIsRead) {
  const fs::path d = fresh_dir("link");
  std::ofstream(d / "t.csv") << "x\n1.5\n2.5\n";
  fs::create_symlink(d / "t.csv", d / "link.csv");
  const auto t = io::read_numeric_csv(d / "link.csv", {"x"});
  ASSERT_EQ(t.rows(), 2u);
  EXPECT_EQ(t.columns[0][1], 2.5);
}
