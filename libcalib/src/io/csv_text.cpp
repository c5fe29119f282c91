// A small numeric CSV table parsed from memory, in the dialect of read_numeric_csv (csv.hpp).
#include <algorithm>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"

namespace calib::io {

namespace {

std::string_view trimmed(std::string_view cell) {
  while (!cell.empty() && (cell.front() == ' ' || cell.front() == '\t')) cell.remove_prefix(1);
  while (!cell.empty() && (cell.back() == ' ' || cell.back() == '\t')) cell.remove_suffix(1);
  return cell;
}

// One line's cells: split at commas outside double quotes; a quoted cell loses its quotes and
// "" inside it reads as one quote.
std::vector<std::string> split_cells(std::string_view line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"' && quoted && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  for (std::string& cell : cells) cell = std::string(trimmed(cell));
  return cells;
}

}  // namespace

NumericTable parse_numeric_csv(std::string_view text, const std::filesystem::path& file,
                               const std::vector<std::string>& columns) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  NumericTable table;
  table.names = columns;
  table.columns.resize(columns.size());
  std::vector<std::size_t> index;  // cell of each requested column
  std::size_t width = 0, line_number = 0;
  for (std::size_t p = 0; p < text.size();) {
    std::size_t q = std::min(text.find('\n', p), text.size());
    std::string_view line = text.substr(p, q - p);
    p = q + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trimmed(line).empty() || line.front() == '#') continue;
    const std::vector<std::string> cells = split_cells(line);
    if (width == 0) {  // the header
      width = cells.size();
      for (const std::string& name : columns) {
        const auto it = std::find(cells.begin(), cells.end(), name);
        if (it == cells.end())
          throw InputError(
              fmt::format("{}: malformed CSV: the header has no column '{}'", file.string(), name));
        index.push_back(static_cast<std::size_t>(it - cells.begin()));
      }
      continue;
    }
    if (cells.size() != width)
      throw InputError(fmt::format("{}:{}: malformed CSV: {} cells where the header has {}",
                                   file.string(), line_number, cells.size(), width));
    for (std::size_t i = 0; i < columns.size(); ++i)
      table.columns[i].push_back(parse_number(cells[index[i]], file, line_number, columns[i]));
    table.lines.push_back(line_number);
  }
  if (width == 0) throw InputError(fmt::format("{}: the file is empty", file.string()));
  if (table.lines.empty()) throw InputError(fmt::format("{}: no data rows", file.string()));
  return table;
}

}  // namespace calib::io
