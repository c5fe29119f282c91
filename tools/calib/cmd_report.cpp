// `calib report`: one HTML page (and Markdown) with every study's figures, tables against the
// published values and provenance.
#include <fmt/format.h>

#include "calib/report/report.hpp"
#include "commands.hpp"

namespace calib::cli {

void register_report(CLI::App& app) {
  auto options = std::make_shared<report::ReportOptions>();
  auto no_plots = std::make_shared<bool>(false);
  auto* cmd =
      app.add_subcommand("report", "HTML + Markdown report of every study in a results folder");
  cmd->add_option("--results", options->results, "results folder (from calib run-all)")
      ->capture_default_str();
  cmd->add_option("--out", options->out, "report folder (report.html, report.md, figures/)")
      ->capture_default_str();
  cmd->add_option("--scripts", options->scripts, "folder of the gnuplot scripts")
      ->default_str("tools/plot (data folders)");
  cmd->add_flag("--no-plots", *no_plots, "reuse existing figures in <out>/figures");
  cmd->callback([options, no_plots] {
    report::ReportOptions o = *options;
    o.draw = !*no_plots;
    const auto written = report::write_report(o);
    fmt::print("report: {} studies -> {}/report.html, {}/report.md\n", written.size(),
               o.out.string(), o.out.string());
  });
}

}  // namespace calib::cli
