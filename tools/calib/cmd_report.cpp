// `calib report`: one HTML page (and Markdown) with every study's figures, tables against the
// published values and provenance.
#include <fmt/format.h>

#include "calib/report.hpp"
#include "commands.hpp"

namespace calib::cli {

void register_report(CLI::App& app) {
  static std::string results = "results", out = "report", scripts;
  static bool no_plots = false;
  auto* cmd = app.add_subcommand("report", "HTML + Markdown report of every study in a results folder");
  cmd->add_option("--results", results, "results folder (from calib run-all)")->capture_default_str();
  cmd->add_option("--out", out, "report folder (report.html, report.md, figures/)")->capture_default_str();
  cmd->add_option("--scripts", scripts, "folder of the gnuplot scripts (default tools/plot)");
  cmd->add_flag("--no-plots", no_plots, "reuse existing figures in <out>/figures");
  cmd->callback([] {
    report::Options o{results, out, scripts, !no_plots};
    const auto written = report::write_report(o);
    fmt::print("report: {} studies -> {}/report.html, {}/report.md\n", written.size(), out, out);
  });
}

}  // namespace calib::cli
