#include "calib/io/result_table.hpp"

#include "calib/io/output_target.hpp"

namespace calib::io {

namespace {
const std::filesystem::path& checked_file(const std::filesystem::path& path,
                                          const std::vector<std::filesystem::path>& inputs) {
  prepare_output_file(path, inputs);
  return path;
}
}  // namespace

ResultFile::ResultFile(const std::filesystem::path& path,
                       const std::vector<std::filesystem::path>& inputs)
    : path_(checked_file(path, inputs)), lock_(path_) {
  settle_result(path_);
}

void publish_with_sidecar(AtomicFile& file, const Provenance& provenance,
                          const nlohmann::json& table) {
  publish_result(file.finish(), file.destination(), provenance, table);
  file.released();
}

void write_table(const std::filesystem::path& path, const std::vector<std::string>& header,
                 const TableRows& rows, const Provenance& provenance) {
  CsvWriter writer(path, header);
  rows(writer);
  publish_with_sidecar(writer.file(), provenance);
}

void write_table(const std::filesystem::path& path, const std::vector<std::string>& header,
                 const std::vector<std::vector<CsvCell>>& rows, const Provenance& provenance) {
  write_table(
      path, header,
      [&rows](CsvWriter& writer) {
        for (const auto& row : rows) writer.row(row);
      },
      provenance);
}

void write_json(const std::filesystem::path& path, const nlohmann::json& value,
                const Provenance& provenance) {
  AtomicFile file(path);
  file.stream() << value.dump(2) << "\n";
  publish_with_sidecar(file, provenance);
}

}  // namespace calib::io
