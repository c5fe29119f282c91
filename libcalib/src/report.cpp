#include "calib/report.hpp"

#include <cmath>
#include <fstream>
#include <functional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/error.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/io/csv.hpp"
#include "calib/plot.hpp"

namespace calib::report {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A table rendered twice: HTML (with a CSS class per row/cell for highlights) and Markdown.
struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row_class;  // "", "ok", "minor", "bad"
};

std::string escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '&') o += "&amp;";
    else o += c;
  }
  return o;
}

std::string html(const Table& t) {
  std::string s = "<table><thead><tr>";
  for (const auto& h : t.header) s += "<th>" + escape(h) + "</th>";
  s += "</tr></thead><tbody>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const std::string cls = r < t.row_class.size() ? t.row_class[r] : "";
    s += cls.empty() ? "<tr>" : "<tr class=\"" + cls + "\">";
    for (const auto& c : t.rows[r]) s += "<td>" + escape(c) + "</td>";
    s += "</tr>\n";
  }
  return s + "</tbody></table>\n";
}

// Markdown table cell: pipes escaped (GitHub-flavoured Markdown).
std::string md_cell(std::string text) {
  std::string o;
  for (char c : text) {
    if (c == '|') o.push_back('\\');
    o.push_back(c);
  }
  return o;
}

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
      s += (c == 0 && cls == "bad") ? fmt::format(" **{}** ⚠ |", cell) : fmt::format(" {} |", cell);
    }
    s += "\n";
  }
  return s;
}

json read_json(const fs::path& p) {
  std::ifstream f(p);
  if (!f) throw InputError(fmt::format("report: cannot read {}", p.string()));
  return json::parse(f);
}

std::string num(const std::string& s, int digits = 6) {
  if (s.empty()) return "-";
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end == s.c_str()) return s;
  if (!std::isfinite(v)) return s;
  return fmt::format("{:.{}g}", v, digits);
}
double dbl(const std::string& s) { return s.empty() ? std::nan("") : std::strtod(s.c_str(), nullptr); }

struct Section {
  std::string html, md;
  void heading(const std::string& h, int level = 3) {
    html += fmt::format("<h{0}>{1}</h{0}>\n", level, escape(h));
    md += std::string(static_cast<std::size_t>(level), '#') + " " + h + "\n\n";
  }
  void text(const std::string& t) {
    html += "<p>" + escape(t) + "</p>\n";
    md += t + "\n\n";
  }
  void table(const Table& t) {
    html += report::html(t);
    md += markdown(t) + "\n";
  }
  void figures(const fs::path& out, const std::string& stem) {
    const fs::path dir = out / "figures" / stem;
    if (!fs::exists(dir)) return;
    std::vector<fs::path> pngs;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".png") pngs.push_back(e.path());
    std::sort(pngs.begin(), pngs.end());
    html += "<div class=\"figs\">\n";
    for (const auto& p : pngs) {
      const std::string rel = "figures/" + stem + "/" + p.stem().string();
      const bool svg = fs::exists(dir / (p.stem().string() + ".svg"));
      html += fmt::format("<figure><a href=\"{0}.{1}\"><img src=\"{0}.png\" alt=\"{2}\"></a><figcaption>{2}</figcaption></figure>\n",
                          rel, svg ? "svg" : "png", p.stem().string());
      md += fmt::format("![{0}]({1}.png)\n", p.stem().string(), rel);
    }
    html += "</div>\n";
    md += "\n";
  }
  // Provenance of every result file that has a sidecar.
  void provenance(const fs::path& dir) {
    Table t{{"result", "tool", "libcalib", "git", "started (UTC)", "wall s", "tolerances"}, {}, {}};
    std::string configs;
    for (const auto& e : fs::directory_iterator(dir)) {
      const std::string name = e.path().filename().string();
      if (name.size() < 10 || name.substr(name.size() - 10) != ".meta.json") continue;
      const json m = read_json(e.path());
      t.rows.push_back({m.value("result", ""), m.value("tool", ""), m.value("libcalib_version", ""),
                        m.value("git_revision", ""), m.value("started_utc", ""),
                        fmt::format("{:.2f}", m.value("wall_seconds", 0.0)), m.value("tolerances", json::object()).dump()});
      if (configs.empty()) configs = m.value("config", json::object()).dump(2);
    }
    std::sort(t.rows.begin(), t.rows.end());
    heading("Provenance", 4);
    table(t);
    html += "<details><summary>config as parsed</summary><pre>" + escape(configs) + "</pre></details>\n";
    md += "<details><summary>config as parsed</summary>\n\n```json\n" + configs + "\n```\n</details>\n\n";
  }
};

// ---- per-study sections ------------------------------------------------------------------

void rms_table_section(const fs::path& dir, Section& s) {
  const json opt = read_json(dir / "optimum.json");
  s.text(fmt::format("Optimum of the RMS over all (a, b): I* = {:.6f}, k* = 2/(5I*) = {:.6f}, RMS = {:.4f} %. "
                     "Cells: libcalib RMS (published RMS); red where they differ by more than 0.5 points.",
                     opt.value("optimal_integral", 0.0), opt.value("optimal_k", 0.0), opt.value("optimal_rms_percent", 0.0)));
  const auto t = io::read_text_csv(dir / "rms_table.csv", {"a", "b", "rms_percent", "rms_paper", "diff"});
  Table tab{{"a \\ b"}, {}, {}};
  std::vector<std::string> bs;
  for (std::size_t r = 0; r < t.rows(); ++r)
    if (std::find(bs.begin(), bs.end(), t.columns[1][r]) == bs.end()) bs.push_back(t.columns[1][r]);
  for (const auto& b : bs) tab.header.push_back("b=" + b);
  std::string a_cur;
  int bad = 0;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    if (t.columns[0][r] != a_cur) {
      a_cur = t.columns[0][r];
      tab.rows.push_back({a_cur});
      tab.row_class.push_back("");
    }
    const double d = dbl(t.columns[4][r]);
    bad += std::abs(d) > 0.5;
    tab.rows.back().push_back(fmt::format("{} ({}){}", num(t.columns[2][r], 4), num(t.columns[3][r], 4),
                                          std::abs(d) > 0.5 ? " *" : ""));
  }
  s.table(tab);
  s.text(fmt::format("{} of {} cells differ from SF2020 Table 2 by more than 0.5 points (marked *); see README, "
                     "\"RMS table: the gap\".", bad, t.rows()));
  const auto f = io::read_text_csv(dir / "formula_errors.csv", {"model", "rms_h_percent", "max_abs_cor_error"});
  Table ft{{"formula", "RMS of h error (%)", "max |e_out - e_in|"}, {}, {}};
  for (std::size_t r = 0; r < f.rows(); ++r) {
    ft.rows.push_back({f.columns[0][r], num(f.columns[1][r], 4), num(f.columns[2][r], 3)});
    ft.row_class.push_back(dbl(f.columns[2][r]) < 1e-6 ? "ok" : "");
  }
  s.table(ft);
}

void damping_fit_section(const fs::path& dir, Section& s) {
  const json j = read_json(dir / "fit_coefficients.json");
  Table a{{"coefficient", "libcalib", "PN2020"}, {}, {}};
  for (const char* k : {"a4", "a3", "a2", "a1", "a0"})
    a.rows.push_back({std::string("alpha ") + k, fmt::format("{:.5f}", j["alpha"]["ours"][k].get<double>()),
                      fmt::format("{}", j["alpha"]["paper"][k].get<double>())});
  for (const char* k : {"p", "q", "r"})
    a.rows.push_back({std::string("beta ") + k, fmt::format("{:.5f}", j["beta"]["ours"][k].get<double>()),
                      fmt::format("{}", j["beta"]["paper"][k].get<double>())});
  a.rows.push_back({"n = 1 alpha, beta (eq. 57)",
                    fmt::format("{:.4f}, {:.4f}", j["n_1"]["alpha"].get<double>(), j["n_1"]["beta"].get<double>()),
                    "1.4181, -0.44"});
  a.rows.push_back({"n = 3/2 alpha, beta (eq. 52)",
                    fmt::format("{:.4f}, {:.4f}", j["n_1.5"]["alpha"].get<double>(), j["n_1.5"]["beta"].get<double>()),
                    "1.95, -0.3"});
  a.row_class.assign(a.rows.size(), "minor");
  s.table(a);
  const auto& c = j["c_rms_over_grid"];
  Table r{{"eq. 49 variant", "RMS of c_eq49 - c_opt over the 60,000-point grid"}, {}, {}};
  for (auto it = c.begin(); it != c.end(); ++it) r.rows.push_back({it.key(), fmt::format("{:.3e}", it->get<double>())});
  s.table(r);
  s.text(fmt::format("Scaling sweeps (PN2020 eq. 36, 39, 42): worst |slope - exact exponent| = {:.2e}. Improved closed "
                     "form ({} coefficients): worst |e_out - e| = {:.2e} at the fit nodes. The alpha-beta valley of eq. 45 "
                     "is flat, so (alpha, beta) pairs far from the paper's fit the data about as well; the c residual "
                     "above is the meaningful comparison.",
                     j.value("scaling_worst_slope_deviation", 0.0), j["closed_form"]["q"].size(),
                     j["closed_form"].value("worst_abs_cor_error_at_fit_nodes", 0.0)));
}

void validate_section(const fs::path& dir, Section& s) {
  const auto t = io::read_text_csv(dir / "validation_summary.csv",
                          {"formula", "clamp", "worst_in_range", "e_at_worst_in_range", "worst_outside_range", "e_at_worst_outside"});
  Table v{{"formula", "clamp", "worst |e_out - e| (fitted range)", "at e", "worst outside", "at e"}, {}, {}};
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const double w = dbl(t.columns[2][r]);
    v.rows.push_back({t.columns[0][r], t.columns[1][r], num(t.columns[2][r], 3), num(t.columns[3][r], 4),
                      t.columns[4][r].empty() || dbl(t.columns[4][r]) == 0 ? "-" : num(t.columns[4][r], 3),
                      t.columns[4][r].empty() || dbl(t.columns[4][r]) == 0 ? "-" : num(t.columns[5][r], 4)});
    v.row_class.push_back(w <= 1e-8 ? "ok" : w <= 1e-3 ? "" : w <= 1e-2 ? "minor" : "bad");
  }
  s.text("Green: exact to the solver (<= 1e-8); yellow: <= 1e-2; red: worse.");
  s.table(v);
}

void kn_section(const fs::path& dir, Section& s) {
  const auto t = io::read_text_csv(dir / "kn_tables.csv", {"table", "model", "material", "region", "dR", "K", "n",
                                                  "max_err_percent", "K_paper", "n_paper"});
  const auto u = io::read_text_csv(dir / "kn_tables.csv", {"max_err_paper", "flag", "note"});
  Table k{{"table", "model", "material", "dR", "K", "K paper", "n", "n paper", "max err %", "paper", "flag", "note"}, {}, {}};
  int minor = 0, bad = 0;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::string& flag = u.columns[1][r];
    const bool is_minor = !flag.empty() && u.columns[2][r] == "last printed digit only";
    k.rows.push_back({t.columns[0][r], t.columns[1][r], t.columns[2][r], t.columns[3][r].empty() ? t.columns[4][r] : t.columns[3][r],
                      num(t.columns[5][r], 5), num(t.columns[8][r], 5), num(t.columns[6][r], 4), t.columns[9][r],
                      num(t.columns[7][r], 3), u.columns[0][r].empty() ? "-" : u.columns[0][r], flag.empty() ? "ok" : flag,
                      is_minor ? "" : u.columns[2][r]});
    k.row_class.push_back(flag.empty() ? "ok" : is_minor ? "minor" : "bad");
    minor += is_minor;
    bad += !flag.empty() && !is_minor;
  }
  s.text(fmt::format("{} entries: {} within the printed rounding (green), {} off by one unit of the last printed digit "
                     "(yellow), {} beyond (red, with our explanation).",
                     t.rows(), t.rows() - minor - bad, minor, bad));
  s.table(k);
}

void effective_mass_section(const fs::path& dir, Section& s) {
  const auto t = io::read_text_csv(dir / "examples.csv", {"name", "m_eff", "m_eff_eq31", "m_eff_eq39", "m_app_i", "m_app_j",
                                                 "status", "paper_m_eff", "paper_m_app_i"});
  Table e{{"system", "m_eff (eq. 28)", "eq. 31", "eq. 39", "m_app_i", "m_app_j", "status", "paper m_eff", "paper m_app_i"},
          {}, {}};
  for (std::size_t r = 0; r < t.rows(); ++r) {
    e.rows.push_back({t.columns[0][r], num(t.columns[1][r], 6), num(t.columns[2][r], 6), num(t.columns[3][r], 6),
                      num(t.columns[4][r], 5), num(t.columns[5][r], 5), t.columns[6][r],
                      t.columns[7][r].empty() ? "-" : t.columns[7][r], t.columns[8][r].empty() ? "-" : t.columns[8][r]});
    const double paper = dbl(t.columns[7][r]), ours = dbl(t.columns[1][r]);
    e.row_class.push_back(std::isnan(paper) ? "" : std::abs(ours - paper) <= 0.006 * paper ? "ok" : "bad");
  }
  s.table(e);
}

struct StudyInfo {
  std::string stem, title, source;
  std::function<void(const fs::path&, Section&)> body;
};

const std::vector<StudyInfo>& studies() {
  static const std::vector<StudyInfo> list = {
      {"rms_table", "SF2020: RMS (a, b) table and the hysteresis damping models",
       "Safaeifar & Farshidianfar 2020, Table 2, Fig. 3-6", rms_table_section},
      {"damping_fit", "PN2020: optimal linear damping, alpha(n)/beta(n) fits, scaling exponents",
       "Poursina & Nikravesh 2020, §4.2, eq. 36-57, Fig. 3-7", damping_fit_section},
      {"validate", "Validation of damping formulas over random parameters",
       "PN2020 §5.1, Fig. 8 (generalised to every catalog formula)", validate_section},
      {"kn_tables", "PINSLOT: K-n power laws of the cylindrical contact models",
       "Pin-in-slot contact models review, Tables 2-9, 10-11", kn_section},
      {"effective_mass", "Effective mass in constrained multibody systems",
       "Nikravesh & Poursina, effective mass, Examples 1-4, Fig. 10", effective_mass_section},
  };
  return list;
}

constexpr const char* kStyle = R"css(
body { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1200px; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: right; }
th { background: #f0f0f0; } td:first-child { text-align: left; }
tr.ok td { background: #e8f5e9; } tr.minor td { background: #fff8e1; } tr.bad td { background: #ffebee; }
.figs { display: flex; flex-wrap: wrap; gap: 12px; }
figure { margin: 0; width: 380px; } figure img { width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 0.8em; color: #555; } pre { background: #f7f7f7; padding: 8px; overflow-x: auto; }
)css";

}  // namespace

std::vector<std::string> write_report(const Options& o) {
  std::vector<std::string> included;
  std::string body_html, body_md;
  for (const auto& st : studies()) {
    const fs::path dir = o.results / st.stem;
    if (!fs::is_directory(dir)) continue;
    if (o.draw) {
      plot::Options po;
      po.in = dir;
      po.out = o.out / "figures";
      po.scripts = o.scripts.empty() ? plot::default_scripts() : o.scripts;
      plot::plot_study(st.stem, po);
    }
    Section s;
    s.heading(st.title, 2);
    s.text("Source: " + st.source + ". Results: " + dir.string() + ".");
    s.figures(o.out, st.stem);
    st.body(dir, s);
    s.provenance(dir);
    body_html += "<section id=\"" + st.stem + "\">\n" + s.html + "</section>\n";
    body_md += s.md;
    included.push_back(st.stem);
  }
  if (included.empty())
    throw InputError(fmt::format("report: no study results found in {} (run `calib run-all` first)", o.results.string()));
  std::string toc;
  for (const auto& st : studies())
    if (std::find(included.begin(), included.end(), st.stem) != included.end())
      toc += fmt::format("<li><a href=\"#{}\">{}</a></li>", st.stem, escape(st.title));
  const std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>libcalib report</title><style>{}</style>"
      "</head><body>\n<h1>libcalib report</h1>\n<p>Every number below was computed by libcalib from the configs "
      "recorded in the provenance tables; published values are shown next to ours.</p>\n<ul>{}</ul>\n{}</body></html>\n",
      kStyle, toc, body_html);
  fs::create_directories(o.out);
  io::write_text_atomically(o.out / "report.html", page);
  io::write_text_atomically(o.out / "report.md", "# libcalib report\n\n" + body_md);
  return included;
}

}  // namespace calib::report
