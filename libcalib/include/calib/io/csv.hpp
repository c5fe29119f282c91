#pragma once
// CSV in (fast-cpp-csv-parser) and out (atomic, shortest round-trip number format).
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "calib/io/atomic_file.hpp"

namespace calib::io {

// Numeric columns read by name; extra columns in the file are ignored; lines starting with
// # are comments (used for the source note of transcribed tables).
struct NumericTable {
  std::vector<std::string> names;
  std::vector<std::vector<double>> columns;  // columns[i] belongs to names[i]
  std::vector<std::size_t> lines;             // the file line of each row (for messages)
  std::size_t rows() const { return columns.empty() ? 0 : columns.front().size(); }
  const std::vector<double>& column(const std::string& name) const;
};

// Reads the named columns (1 to 6 of them) as finite doubles. Throws InputError for a
// missing file or column, a non-numeric cell, NaN/Inf, or a file with no data rows;
// messages name the file, the line and the column.
NumericTable read_numeric_csv(const std::filesystem::path& file,
                              const std::vector<std::string>& columns);
// The same for a small table's text already in memory (csv_text.cpp; `source` names it in
// messages), with the same dialect: UTF-8 byte-order mark dropped, # comment lines and blank
// lines skipped, cells trimmed of spaces and tabs, a cell in double quotes unquoted, extra
// columns ignored, every row as wide as the header. No fixed buffer: fccp's LineReader
// allocates 3 x 2^24 bytes per table, far more than a table of a few rows costs to parse.
NumericTable parse_numeric_csv(std::string_view text, const std::filesystem::path& source,
                               const std::vector<std::string>& columns);

// Named columns (1 to 10) as text, with the file line of each row (for error messages).
struct TextTable {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> columns;
  std::vector<std::size_t> lines;
  std::size_t rows() const { return lines.size(); }
};
TextTable read_text_csv(const std::filesystem::path& file, const std::vector<std::string>& columns);
// One cell as a finite double; InputError naming file, line and column otherwise.
// The first `limit` characters of a cell for an error message (a 2 MB cell is not echoed).
std::string excerpt(const std::string& text, std::size_t limit = 40);

double parse_number(const std::string& cell, const std::filesystem::path& file, std::size_t line,
                    const std::string& column);

using CsvCell = std::variant<double, std::int64_t, std::string>;

// Shortest representation that reads back to the same double ("{}" of fmt).
std::string format_number(double value);
std::string format_cell(const CsvCell& cell);
// The same, appended to a line (no temporary string: a sweep writes ~10 cells per point).
void append_number(std::string& line, double value);
void append_cell(std::string& line, const CsvCell& cell);
// A value that may be missing (a published entry, a statistic of no samples): blank, not "nan".
CsvCell number_or_blank(double x);

// Writes a CSV atomically: rows go to a temporary file; commit() renames it.
class CsvWriter {
 public:
  CsvWriter(const std::filesystem::path& destination, const std::vector<std::string>& header);
  void row(const std::vector<CsvCell>& cells);
  void commit() { file_.commit(); }
  // The file being written, for a writer that publishes it with its sidecar.
  AtomicFile& file() { return file_; }

 private:
  AtomicFile file_;
  std::size_t width_;
};

}  // namespace calib::io
