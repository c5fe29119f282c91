#include "calib/io/gnuplot_data.hpp"
#include "calib/io/output_target.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::io {

namespace fs = std::filesystem;

// A CSV cell for gnuplot: numbers as written, inf/blank as NaN (missing).
std::string gnuplot_cell(const std::string& s) {
  if (s.empty() || s == "inf" || s == "-inf" || s == "nan") return "NaN";
  return s;
}
// |x| for log axes (signed errors); 0 becomes NaN.
std::string gnuplot_magnitude(const std::string& s) {
  const std::string c = gnuplot_cell(s);
  if (c == "NaN") return c;
  const double v = std::abs(std::strtod(c.c_str(), nullptr));
  return v > 0 ? fmt::format("{}", v) : "NaN";
}
// Positive values only (log axes): 0 and negatives become NaN.
std::string gnuplot_positive(const std::string& s) {
  const std::string c = gnuplot_cell(s);
  if (c == "NaN") return c;
  return std::strtod(c.c_str(), nullptr) > 0 ? c : "NaN";
}

DataBlocks::DataBlocks(const fs::path& file) : out_(file) {
  if (!out_) throw ComputeError(fmt::format("cannot write {}", file.string()));
}

void DataBlocks::block(const std::string& title, int columns) {
  if (count_ > 0) out_ << "\n\n";
  out_ << '"' << title << '"';
  for (int i = 1; i < columns; ++i) out_ << " c" << i;
  out_ << '\n';
  ++count_;
}

void DataBlocks::row(const std::vector<std::string>& cells) {
  for (std::size_t i = 0; i < cells.size(); ++i) out_ << (i ? " " : "") << cells[i];
  out_ << '\n';
}

TextTable read_result(const fs::path& dir, const std::string& file,
                      const std::vector<std::string>& cols) {
  const fs::path p = dir / file;
  if (!path_exists(p))
    throw InputError(fmt::format("plot: {} not found (run the study first)", p.string()));
  return read_text_csv(p, cols);
}

RowGroups group_rows(const TextTable& t, std::size_t key) {
  RowGroups out;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::string& k = t.columns[key][r];
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& g) { return g.first == k; });
    if (it == out.end())
      out.push_back({k, {r}});
    else
      it->second.push_back(r);
  }
  return out;
}

std::vector<std::size_t> nearest_groups(const RowGroups& g, const std::vector<double>& wanted) {
  std::vector<std::size_t> out;
  for (double w : wanted) {
    std::size_t best = 0;
    for (std::size_t i = 0; i < g.size(); ++i)
      if (std::abs(std::stod(g[i].first) - w) < std::abs(std::stod(g[best].first) - w)) best = i;
    if (std::find(out.begin(), out.end(), best) == out.end()) out.push_back(best);
  }
  return out;
}

}  // namespace calib::io
