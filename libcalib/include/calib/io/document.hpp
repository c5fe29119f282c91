#pragma once
// Report documents: a section rendered twice, as HTML (with CSS classes for highlights) and as
// GitHub-flavoured Markdown. Studies write their own section (studies/<study>/report_section.cpp);
// report::write_report puts the sections on one page.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace calib::io {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row_class;  // "", "ok", "minor", "bad"
  // Per cell, the same classes for one cell (e.g. one table entry off the published value);
  // rows or cells left out have none.
  std::vector<std::vector<std::string>> cell_class = {};
};

std::string escape_html(const std::string& s);
// A caption's colour legend that names only the colours the table shows: the phrase of each
// class in `phrases` ({"ok", "green: exact"}, {"", "no colour: ..."}) used by a row or cell of
// `t`, in order, joined by "; ", the first letter capitalised and a full stop added.
std::string colour_legend(const Table& t,
                          const std::vector<std::pair<std::string, std::string>>& phrases);
std::string html(const Table& t);
std::string markdown(const Table& t);

// A number cell as text with `digits` significant digits ("-" for empty, text kept as is).
std::string number_text(const std::string& s, int digits = 6);
// The cell's value, NaN when empty.
double number_or_nan(const std::string& s);
// Parses a JSON file; InputError names the file.
nlohmann::json read_json(const std::filesystem::path& p);

struct Section {
  std::string html, md;
  void heading(const std::string& h, int level = 3);
  void text(const std::string& t);
  void table(const Table& t);
  // The PNG figures in <out>/figures/<stem>/ (linking the SVG twin where present).
  void figures(const std::filesystem::path& out, const std::string& stem);
  // Provenance of every result file in `dir` that has a .meta.json sidecar.
  void provenance(const std::filesystem::path& dir);
};

}  // namespace calib::io
