// CSV columns with units in their headers, read into SI (unit_columns.hpp).
#include "calib/io/unit_columns.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"

namespace calib::io {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '"')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '"' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::string known_columns(const std::vector<ColumnSpec>& specs) {
  std::string out;
  for (const ColumnSpec& s : specs) out += (out.empty() ? "" : ", ") + si_column_name(s);
  return out;
}

// The factor from the header's unit to SI; InputError naming the column otherwise.
double to_si(const ColumnHeader& h, const ColumnSpec& spec, const std::string& cell,
             std::string_view where) {
  const std::string field = fmt::format("{} column '{}'", where, cell);
  if (!h.has_unit)
    throw InputError(fmt::format("{}: no unit; write it in brackets, e.g. {}", field,
                                 si_column_name(spec)));
  if (spec.quantity == nullptr) {
    if (h.unit == "-" || h.unit == "1") return 1.0;
    throw InputError(fmt::format("{}: '{}' is dimensionless; write its unit as [-] or [1]",
                                 field, spec.name));
  }
  return units::factor(h.unit, "", *spec.quantity, field);
}

}  // namespace

ColumnHeader parse_column_header(std::string_view cell) {
  cell = trimmed(cell);
  const std::size_t open = cell.find('[');
  if (open == std::string_view::npos || cell.back() != ']') return {std::string(cell), "", false};
  return {std::string(trimmed(cell.substr(0, open))),
          std::string(trimmed(cell.substr(open + 1, cell.size() - open - 2))), true};
}

std::string si_column_name(const ColumnSpec& spec) {
  const std::string_view unit = spec.quantity ? spec.quantity->si_unit : std::string_view("-");
  return fmt::format("{}[{}]", spec.name, unit);
}

std::vector<std::string> csv_header_cells(std::string_view text,
                                          const std::filesystem::path& source) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  for (std::size_t p = 0; p < text.size();) {
    const std::size_t q = std::min(text.find('\n', p), text.size());
    const std::string_view line = text.substr(p, q - p);
    p = q + 1;
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '#') continue;
    std::vector<std::string> cells;
    for (std::size_t start = 0; start <= line.size();) {
      const std::size_t end = std::min(line.find(',', start), line.size());
      cells.emplace_back(trimmed(line.substr(start, end - start)));
      start = end + 1;
    }
    return cells;
  }
  throw InputError(fmt::format("'{}' has no header line", source.string()));
}

UnitColumns read_unit_columns(std::string_view text, const std::filesystem::path& source,
                              const std::vector<ColumnSpec>& specs, std::string_view field) {
  const std::string where = fmt::format("{}: '{}'", field, source.string());
  const std::vector<std::string> cells = csv_header_cells(text, source);
  UnitColumns out;
  out.columns.resize(specs.size());
  out.headers.resize(specs.size());
  std::vector<double> factors(specs.size(), 1.0);
  for (const std::string& cell : cells) {
    const ColumnHeader h = parse_column_header(cell);
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&](const ColumnSpec& s) { return s.name == h.name; });
    if (spec == specs.end())
      throw InputError(fmt::format("{}: unknown column '{}'; this reader takes {}", where, cell,
                                   known_columns(specs)));
    const std::size_t i = static_cast<std::size_t>(spec - specs.begin());
    if (out.has(i))
      throw InputError(fmt::format("{}: column '{}' appears twice ('{}' and '{}')", where,
                                   h.name, out.headers[i], cell));
    factors[i] = to_si(h, *spec, cell, where);
    out.headers[i] = cell;
  }
  std::vector<std::string> present;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (out.has(i)) present.push_back(out.headers[i]);
    else if (specs[i].required)
      throw InputError(fmt::format("{}: no column {} (columns: {})", where,
                                   si_column_name(specs[i]), fmt::join(cells, ", ")));
  }
  const NumericTable t = parse_numeric_csv(text, source, present);
  out.lines = t.lines;
  for (std::size_t i = 0, k = 0; i < specs.size(); ++i) {
    if (!out.has(i)) continue;
    out.columns[i] = t.columns[k++];
    if (factors[i] != 1.0)
      for (double& x : out.columns[i]) x *= factors[i];
  }
  return out;
}

}  // namespace calib::io
