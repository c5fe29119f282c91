#include "calib/report/report.hpp"
#include "calib/io/output_target.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/io/document.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_folder.hpp"
#include "calib/report/plot.hpp"
#include "calib/studies/study.hpp"

namespace calib::report {

namespace fs = std::filesystem;

namespace {

constexpr const char* kStyle = R"css(
body { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1200px; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: right; }
th { background: #f0f0f0; } td:first-child { text-align: left; }
tr.ok td, td.ok { background: #dcedc8; } tr.minor td, td.minor { background: #ffecb3; }
tr.bad td, td.bad { background: #ffcdd2; }
.figs { display: flex; flex-wrap: wrap; gap: 12px; }
figure { margin: 0; width: 380px; } figure img { width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 0.8em; color: #555; } pre { background: #f7f7f7; padding: 8px; overflow-x: auto; }
)css";

// A study's folder in `results`: named by its stem (`calib run-all`: rms_table/) or by its
// command (`calib rms-table --out results/rms-table`); empty when neither exists.
fs::path study_folder(const fs::path& results, const studies::Study& st) {
  for (std::string_view name : {st.stem, st.name})
    if (io::is_folder(results / name)) return results / name;
  return {};
}

// What write_report looks for, for the message when it finds nothing.
std::string expected_layout(const fs::path& results) {
  std::string stems;
  for (const studies::Study& st : studies::registry())
    stems += fmt::format("{}{}/", stems.empty() ? "" : ", ", st.stem);
  return fmt::format("expected one folder per study in {}, named by its stem or its command "
                     "(rms_table/ or rms-table/): {}",
                     results.string(), stems);
}

}  // namespace

std::vector<std::string> write_report(const ReportOptions& o) {
  io::WallClock clock;
  std::vector<std::pair<const studies::Study*, fs::path>> found;
  for (const studies::Study& st : studies::registry())
    if (fs::path dir = study_folder(o.results, st); !dir.empty()) found.emplace_back(&st, dir);
  if (found.empty())
    throw InputError(
        fmt::format("report: no study results found in {}; {} (run `calib run-all "
                    "--out {}` first)",
                    o.results.string(), expected_layout(o.results), o.results.string()));
  // The page, its figures and their data are one result, published at once.
  io::ResultFolder folder(o.out, {o.results});
  std::vector<std::string> included;
  std::string body_html, body_md;
  for (const auto& [study, dir] : found) {
    const studies::Study& st = *study;
    const std::string stem(st.stem);
    // Every result with a sidecar must still hold the rows it recorded (count and checksums).
    io::verify_results(dir);
    if (o.draw && st.figure_data) plot_study(st, {dir, folder.stage() / "figures", o.scripts});
    io::Section s;
    s.heading(std::string(st.title), 2);
    s.text(fmt::format("Source: {}. Results: {}.", st.source, dir.string()));
    s.figures(o.draw ? folder.stage() : folder.out(), stem);  // --no-plots: the figures there
    st.report_section(dir, s);
    s.provenance(dir);
    body_html += "<section id=\"" + stem + "\">\n" + s.html + "</section>\n";
    body_md += s.md;
    included.push_back(stem);
  }
  std::string toc;
  for (const studies::Study& st : studies::registry())
    if (std::find(included.begin(), included.end(), st.stem) != included.end())
      toc += fmt::format("<li><a href=\"#{}\">{}</a></li>", st.stem,
                         io::escape_html(std::string(st.title)));
  const std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>libcalib "
      "report</title><style>{}</style>"
      "</head><body>\n<h1>libcalib report</h1>\n<p>Every number below was computed by libcalib "
      "from the configs "
      "recorded in the provenance tables; published values are shown next to "
      "ours.</p>\n<ul>{}</ul>\n{}</body></html>\n",
      kStyle, toc, body_html);
  io::write_text_atomically(folder.stage() / "report.html", page);
  io::write_text_atomically(folder.stage() / "report.md", "# libcalib report\n\n" + body_md);
  folder.publish({"calib report",
                  {{"results", o.results.string()},
                   {"scripts", o.scripts.string()},
                   {"draw", o.draw},
                   {"studies", included}},
                  nlohmann::json::object(),
                  1,
                  clock.started_utc(),
                  clock.seconds()});
  return included;
}

}  // namespace calib::report
