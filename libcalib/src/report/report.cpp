#include "calib/report/report.hpp"
#include "calib/io/output_target.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/atomic_file.hpp"
#include "calib/io/document.hpp"
#include "calib/io/provenance.hpp"
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

}  // namespace

std::vector<std::string> write_report(const ReportOptions& o) {
  std::vector<std::string> included;
  std::string body_html, body_md;
  for (const studies::Study& st : studies::registry()) {
    const std::string stem(st.stem);
    const fs::path dir = o.results / stem;
    if (!io::is_folder(dir)) continue;
    // Every result with a sidecar must still hold the rows it recorded (count and checksums).
    io::verify_results(dir);
    if (o.draw && st.figure_data) plot_study(st, {dir, o.out / "figures", o.scripts});
    io::Section s;
    s.heading(std::string(st.title), 2);
    s.text(fmt::format("Source: {}. Results: {}.", st.source, dir.string()));
    s.figures(o.out, stem);
    st.report_section(dir, s);
    s.provenance(dir);
    body_html += "<section id=\"" + stem + "\">\n" + s.html + "</section>\n";
    body_md += s.md;
    included.push_back(stem);
  }
  if (included.empty())
    throw InputError(fmt::format("report: no study results found in {} (run `calib run-all` first)",
                                 o.results.string()));
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
  fs::create_directories(o.out);
  io::write_text_atomically(o.out / "report.html", page);
  io::write_text_atomically(o.out / "report.md", "# libcalib report\n\n" + body_md);
  return included;
}

}  // namespace calib::report
