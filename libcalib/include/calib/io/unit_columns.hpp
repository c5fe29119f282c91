#pragma once
// CSV columns named `name[unit]` ("v_in[cm/s]", "t[us]", "F[kN]", "e[-]"), read by a reader that
// lists the columns it understands: each value comes back in SI, converted from the unit of its
// header by core/units. A column the reader does not list, a name given twice (in any units) or
// a unit of another dimension than the column's quantity is refused, so a misspelt header is
// never silently ignored.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "calib/core/units.hpp"

namespace calib::io {

// "v_in[cm/s]" -> {"v_in", "cm/s"}; a cell without brackets has an empty unit and has_unit false.
struct ColumnHeader {
  std::string name, unit;
  bool has_unit = false;
};
ColumnHeader parse_column_header(std::string_view cell);

// The header cells of a CSV text: its first line that is neither blank nor a # comment (UTF-8
// byte-order mark dropped, cells trimmed and unquoted). InputError naming `source` when none.
std::vector<std::string> csv_header_cells(std::string_view text,
                                          const std::filesystem::path& source);

// A column a reader understands: its name and its quantity (the dimension its unit must have);
// a dimensionless column (no quantity) takes the unit "-" or "1".
struct ColumnSpec {
  std::string_view name;
  const units::Quantity* quantity = nullptr;  // nullptr: dimensionless
  bool required = false;
};

// The listed columns present in the file, each in SI (empty: the column is absent), with the
// file line of each row (for messages).
struct UnitColumns {
  std::vector<std::vector<double>> columns;  // columns[i] belongs to specs[i]
  std::vector<std::string> headers;          // the header cell of each present column, else ""
  std::vector<std::size_t> lines;
  bool has(std::size_t i) const { return !headers[i].empty(); }
};

// Reads `text` (the dialect of parse_numeric_csv) by `specs`. InputError naming `field`, the
// source and the column for an unknown column, a duplicate, a missing unit or one of the wrong
// dimension, a missing required column, and (parse_numeric_csv) a cell that is not a finite
// number, naming its line.
UnitColumns read_unit_columns(std::string_view text, const std::filesystem::path& source,
                              const std::vector<ColumnSpec>& specs, std::string_view field);

// "v_in[m/s]": the column as written in SI ("e[-]" when dimensionless).
std::string si_column_name(const ColumnSpec& spec);

}  // namespace calib::io
