#include "calib/io/result_table.hpp"

#include "calib/io/atomic_file.hpp"

namespace calib::io {

void write_table(const std::filesystem::path& path, const std::vector<std::string>& header,
                 const TableRows& rows, const Provenance& provenance) {
  CsvWriter writer(path, header);
  rows(writer);
  writer.commit();
  write_provenance_sidecar(path, provenance);
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
  write_text_atomically(path, value.dump(2) + "\n");
  write_provenance_sidecar(path, provenance);
}

}  // namespace calib::io
