#include "calib/io/csv.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/output_target.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <tuple>

#include <fmt/format.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-truncation"  // fast-cpp-csv-parser's csv.h warns under -O2
#define CSV_IO_NO_THREAD
#include <libfccp/csv.h>
#pragma GCC diagnostic pop

#include "calib/core/error.hpp"

namespace calib::io {

const std::vector<double>& NumericTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return columns[i];
  throw InputError(fmt::format("no column '{}' in table", name));
}

namespace {

// The file as fccp should see it: without a UTF-8 byte-order mark and without trailing blank
// lines (spreadsheets write both; fccp reads a blank line as a row with too few columns).
std::string normalised_text(const std::filesystem::path& file) {
  std::string text = read_input_file(file, kMaxDataFileBytes, "CSV file");
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' ' ||
                     text[end - 1] == '\t'))
    --end;
  text.resize(end);
  return text + "\n";
}

// Reads N named columns as text (fccp), with the file line of every row.
template <std::size_t N>
TextTable read_fixed(const std::filesystem::path& file, const std::vector<std::string>& names) {
  TextTable table;
  table.names = names;
  table.columns.resize(N);
  const std::string text = normalised_text(file);
  try {
    ::io::CSVReader<N, ::io::trim_chars<' ', '\t'>, ::io::double_quote_escape<',', '"'>,
                    ::io::throw_on_overflow, ::io::single_line_comment<'#'>>
        in(file.string(), text.data(), text.data() + text.size());
    std::apply([&](auto const&... n) { in.read_header(::io::ignore_extra_column, n...); },
               [&]<std::size_t... I>(std::index_sequence<I...>) {
                 return std::make_tuple(names[I]...);
               }(std::make_index_sequence<N>{}));
    std::array<char*, N> row{};
    while (std::apply([&](auto&... cell) { return in.read_row(cell...); }, row)) {
      for (std::size_t i = 0; i < N; ++i) table.columns[i].emplace_back(row[i]);
      table.lines.push_back(static_cast<std::size_t>(in.get_file_line()));
    }
  } catch (const ::io::error::base& e) {
    throw InputError(fmt::format("{}: malformed CSV: {}", file.string(), e.what()));
  }
  if (table.rows() == 0) throw InputError(fmt::format("{}: no data rows", file.string()));
  return table;
}

TextTable read_any(const std::filesystem::path& file, const std::vector<std::string>& columns) {
  if (!path_exists(file))
    throw InputError(fmt::format("CSV file not found: {}", file.string()));
  require_input_file(file, kMaxDataFileBytes, "CSV file");
  std::error_code size_error;
  if (std::filesystem::file_size(file, size_error) == 0 || size_error)
    throw InputError(fmt::format("{}: the file is empty", file.string()));
  switch (columns.size()) {
    case 1:
      return read_fixed<1>(file, columns);
    case 2:
      return read_fixed<2>(file, columns);
    case 3:
      return read_fixed<3>(file, columns);
    case 4:
      return read_fixed<4>(file, columns);
    case 5:
      return read_fixed<5>(file, columns);
    case 6:
      return read_fixed<6>(file, columns);
    case 7:
      return read_fixed<7>(file, columns);
    case 8:
      return read_fixed<8>(file, columns);
    case 9:
      return read_fixed<9>(file, columns);
    case 10:
      return read_fixed<10>(file, columns);
    default:
      throw InputError(fmt::format("{}: between 1 and 10 columns can be read, {} requested",
                                   file.string(), columns.size()));
  }
}

}  // namespace

NumericTable read_numeric_csv(const std::filesystem::path& file,
                              const std::vector<std::string>& columns) {
  if (columns.size() > 6)
    throw InputError(fmt::format("{}: at most 6 numeric columns", file.string()));
  const TextTable text = read_any(file, columns);
  NumericTable table;
  table.names = columns;
  table.lines = text.lines;
  table.columns.resize(columns.size());
  for (std::size_t i = 0; i < columns.size(); ++i)
    for (std::size_t r = 0; r < text.rows(); ++r)
      table.columns[i].push_back(parse_number(text.columns[i][r], file, text.lines[r], columns[i]));
  return table;
}

std::string excerpt(const std::string& text, std::size_t limit) {
  if (text.size() <= limit) return text;
  return fmt::format("{}... ({} characters)", text.substr(0, limit), text.size());
}

double parse_number(const std::string& cell, const std::filesystem::path& file, std::size_t line,
                    const std::string& column) {
  // std::from_chars: fccp's own double parser is not correctly rounded (6.02214076e23 read
  // back as a different double).
  const char* text = cell.c_str();
  const char* end = text + cell.size();
  double value = 0.0;
  auto [ptr, ec] = std::from_chars(text, end, value);
  if (ec != std::errc() || ptr != end || text == end)
    throw InputError(fmt::format("{}:{}: malformed CSV: column '{}' holds '{}', not a number",
                                 file.string(), line, column, excerpt(cell)));
  if (!std::isfinite(value))
    throw InputError(fmt::format("{}:{}: malformed CSV: column '{}' holds a non-finite value ({})",
                                 file.string(), line, column, excerpt(cell)));
  return value;
}

TextTable read_text_csv(const std::filesystem::path& file,
                        const std::vector<std::string>& columns) {
  return read_any(file, columns);
}

void append_number(std::string& line, double value) {
  // Through a stack buffer, not fmt's back_inserter into the std::string (a push_back per
  // character). "{}" of a double is at most 24 characters.
  char text[64];
  const auto written = fmt::format_to_n(text, sizeof text, "{}", value);
  line.append(text, std::min(written.size, sizeof text));
}

std::string format_number(double value) {
  std::string text;
  append_number(text, value);
  return text;
}

CsvCell number_or_blank(double x) {
  CsvCell cell = std::string();
  if (std::isfinite(x)) cell = x;
  return cell;
}

void append_cell(std::string& line, const CsvCell& cell) {
  if (const double* d = std::get_if<double>(&cell)) return append_number(line, *d);
  if (const std::int64_t* i = std::get_if<std::int64_t>(&cell)) {
    fmt::format_to(std::back_inserter(line), "{}", *i);
    return;
  }
  const std::string& s = std::get<std::string>(cell);
  if (s.find_first_of(",\"\n") == std::string::npos) {
    line += s;
    return;
  }
  line += '"';
  for (char c : s) {
    if (c == '"') line += '"';
    line += c;
  }
  line += '"';
}

std::string format_cell(const CsvCell& cell) {
  std::string text;
  append_cell(text, cell);
  return text;
}

CsvWriter::CsvWriter(const std::filesystem::path& destination,
                     const std::vector<std::string>& header)
    : file_(destination), width_(header.size()) {
  std::vector<CsvCell> cells(header.begin(), header.end());
  row(cells);
}

void CsvWriter::row(const std::vector<CsvCell>& cells) {
  if (cells.size() != width_)
    throw Error(fmt::format("CSV row for {} has {} cells, header has {}",
                            file_.destination().string(), cells.size(), width_));
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i) line += ',';
    append_cell(line, cells[i]);
  }
  line += '\n';
  file_.stream() << line;
}

}  // namespace calib::io
