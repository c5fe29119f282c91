#include "calib/io/document.hpp"
#include "calib/io/output_target.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::io {

namespace fs = std::filesystem;
using nlohmann::json;

std::string escape_html(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '<')
      o += "&lt;";
    else if (c == '>')
      o += "&gt;";
    else if (c == '&')
      o += "&amp;";
    else if (c == '"')
      o += "&quot;";
    else
      o += c;
  }
  return o;
}

namespace {

// The class of cell (r, c), "" when none.
const std::string& cell_class_of(const Table& t, std::size_t r, std::size_t c) {
  static const std::string none;
  if (r >= t.cell_class.size() || c >= t.cell_class[r].size()) return none;
  return t.cell_class[r][c];
}

}  // namespace

std::string colour_legend(const Table& t,
                          const std::vector<std::pair<std::string, std::string>>& phrases) {
  const auto used = [&](const std::string& cls) {
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      if ((r < t.row_class.size() ? t.row_class[r] : "") == cls && !cls.empty()) return true;
      if (cls.empty() && (r >= t.row_class.size() || t.row_class[r].empty())) return true;
      for (std::size_t c = 0; c < t.rows[r].size(); ++c)
        if (!cls.empty() && cell_class_of(t, r, c) == cls) return true;
    }
    return false;
  };
  std::string legend;
  for (const auto& [cls, phrase] : phrases)
    if (used(cls)) legend += (legend.empty() ? "" : "; ") + phrase;
  if (legend.empty()) return legend;
  legend[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(legend[0])));
  return legend + ".";
}

std::string html(const Table& t) {
  std::string s = "<table><thead><tr>";
  for (const auto& h : t.header) s += "<th>" + escape_html(h) + "</th>";
  s += "</tr></thead><tbody>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const std::string cls = r < t.row_class.size() ? t.row_class[r] : "";
    s += cls.empty() ? "<tr>" : "<tr class=\"" + cls + "\">";
    for (std::size_t c = 0; c < t.rows[r].size(); ++c) {
      const std::string& cell_cls = cell_class_of(t, r, c);
      s += cell_cls.empty() ? "<td>" : "<td class=\"" + cell_cls + "\">";
      s += escape_html(t.rows[r][c]) + "</td>";
    }
    s += "</tr>\n";
  }
  return s + "</tbody></table>\n";
}

// Markdown table cell: pipes and asterisks escaped (GitHub-flavoured Markdown), so that a cell
// marked "*" stays text, also inside the bold of a flagged cell.
namespace {
std::string md_cell(std::string text) {
  std::string o;
  for (char c : text) {
    if (c == '|' || c == '*') o.push_back('\\');
    o.push_back(c);
  }
  return o;
}

}  // namespace

std::string markdown(const Table& t) {
  std::string s = "|";
  for (const auto& h : t.header) s += fmt::format(" {} |", md_cell(h));
  s += "\n|";
  for (std::size_t i = 0; i < t.header.size(); ++i) s += " --- |";
  s += "\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    s += "|";
    const std::string cls = r < t.row_class.size() ? t.row_class[r] : "";
    for (std::size_t c = 0; c < t.rows[r].size(); ++c) {
      const std::string cell = md_cell(t.rows[r][c]);
      const bool flagged = (c == 0 && cls == "bad") || cell_class_of(t, r, c) == "bad";
      s += flagged ? fmt::format(" **{}** ⚠ |", cell) : fmt::format(" {} |", cell);
    }
    s += "\n";
  }
  return s;
}

json read_json(const fs::path& p) {
  std::ifstream f(p);
  if (!f) throw InputError(fmt::format("report: cannot read {}", p.string()));
  try {
    return json::parse(f);
  } catch (const json::exception& e) {
    throw InputError(fmt::format("report: {} is damaged (not valid JSON: {})", p.string(), e.what()));
  }
}

std::string number_text(const std::string& s, int digits) {
  if (s.empty()) return "-";
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end == s.c_str()) return s;
  if (!std::isfinite(v)) return s;
  return fmt::format("{:.{}g}", v, digits);
}
double number_or_nan(const std::string& s) {
  return s.empty() ? std::nan("") : std::strtod(s.c_str(), nullptr);
}

void Section::heading(const std::string& h, int level) {
  html += fmt::format("<h{0}>{1}</h{0}>\n", level, escape_html(h));
  md += std::string(static_cast<std::size_t>(level), '#') + " " + h + "\n\n";
}
void Section::text(const std::string& t) {
  html += "<p>" + escape_html(t) + "</p>\n";
  md += t + "\n\n";
}
void Section::table(const Table& t) {
  html += io::html(t);
  md += markdown(t) + "\n";
}
namespace {

// The caption its plot script wrote beside a figure (<name>.caption, one paragraph), else the
// figure's file name.
std::string caption_of(const fs::path& png) {
  std::ifstream f(fs::path(png).replace_extension(".caption"));
  if (!f) return png.stem().string();
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text.empty() ? png.stem().string() : text;
}

}  // namespace

void Section::figures(const fs::path& out, const std::string& stem) {
  const fs::path dir = out / "figures" / stem;
  if (!path_exists(dir)) return;
  std::vector<fs::path> pngs;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".png") pngs.push_back(e.path());
  std::sort(pngs.begin(), pngs.end());
  html += "<div class=\"figs\">\n";
  for (const auto& p : pngs) {
    const std::string rel = "figures/" + stem + "/" + p.stem().string();
    const bool svg = path_exists(dir / (p.stem().string() + ".svg"));
    const std::string caption = caption_of(p);
    html += fmt::format(
        "<figure><a href=\"{0}.{1}\"><img src=\"{0}.png\" "
        "alt=\"{2}\"></a><figcaption>{2}</figcaption></figure>\n",
        rel, svg ? "svg" : "png", escape_html(caption));
    md += fmt::format("![{0}]({1}.png)\n\n{2}\n\n", p.stem().string(), rel, caption);
  }
  html += "</div>\n";
  md += "\n";
}
// Provenance of every result file that has a sidecar.
void Section::provenance(const fs::path& dir) {
  Table t{{"result", "tool", "libcalib", "git", "started (UTC)", "wall s", "tolerances"}, {}, {}};
  std::string configs;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() < 10 || name.substr(name.size() - 10) != ".meta.json") continue;
    const json m = read_json(e.path());
    t.rows.push_back({m.value("result", ""), m.value("tool", ""), m.value("libcalib_version", ""),
                      m.value("git_revision", ""), m.value("started_utc", ""),
                      fmt::format("{:.2f}", m.value("wall_seconds", 0.0)),
                      m.value("tolerances", json::object()).dump()});
    if (configs.empty()) configs = m.value("config", json::object()).dump(2);
  }
  std::sort(t.rows.begin(), t.rows.end());
  heading("Provenance", 4);
  table(t);
  html += "<details><summary>config as parsed</summary><pre>" + escape_html(configs) +
          "</pre></details>\n";
  md += "<details><summary>config as parsed</summary>\n\n```json\n" + configs +
        "\n```\n</details>\n\n";
}

}  // namespace calib::io
