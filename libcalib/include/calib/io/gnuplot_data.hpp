#pragma once
// Figure data: a study's result CSVs prepared into gnuplot data files (index blocks with a
// title line) and the variables its tools/plot/<stem>.gp script reads (`gnuplot -e`).
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "calib/io/csv.hpp"

namespace calib::io {

// name -> gnuplot expression (numbers as text, strings quoted by the caller).
using GnuplotVars = std::map<std::string, std::string>;

// A CSV cell for gnuplot: numbers as written, inf/blank as NaN (missing).
std::string gnuplot_cell(const std::string& s);
// |x| for log axes (signed errors); 0 becomes NaN.
std::string gnuplot_magnitude(const std::string& s);
// Positive values only (log axes): 0 and negatives become NaN.
std::string gnuplot_positive(const std::string& s);

// Writes rows grouped as gnuplot index blocks; each block starts with a header line whose
// first field is the quoted title (for `title columnheader(1)`).
class DataBlocks {
 public:
  explicit DataBlocks(const std::filesystem::path& file);
  void block(const std::string& title, int columns);
  void row(const std::vector<std::string>& cells);
  int count() const { return count_; }

 private:
  std::ofstream out_;
  int count_ = 0;
};

// Reads `file` of a results folder; InputError "run the study first" when it is missing.
TextTable read_result(const std::filesystem::path& dir, const std::string& file,
                      const std::vector<std::string>& columns);

using RowGroups = std::vector<std::pair<std::string, std::vector<std::size_t>>>;
// Row indices grouped by the value of column `key`, in first-appearance order.
RowGroups group_rows(const TextTable& t, std::size_t key);
// The groups whose numeric key is nearest to each wanted value (no repeats).
std::vector<std::size_t> nearest_groups(const RowGroups& groups, const std::vector<double>& wanted);

}  // namespace calib::io
