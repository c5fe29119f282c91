// `calib plot <study>`: PNG + SVG figures of a study's results (gnuplot, tools/plot/*.gp).
#include <fmt/format.h>

#include "calib/plot.hpp"
#include "commands.hpp"

namespace calib::cli {

void register_plot(CLI::App& app) {
  static std::string study, in, out = "figures", scripts;
  static std::vector<std::string> formats{"png", "svg"};
  auto* cmd = app.add_subcommand("plot", "draw a study's figures (PNG and SVG) with gnuplot");
  cmd->add_option("study", study, "rms-table, damping-fit, validate, kn-fit, effective-mass, or all")->required();
  cmd->add_option("--in", in, "results folder of the study (default results/<stem>; for 'all': results)");
  cmd->add_option("--out", out, "figure root; images go to <out>/<stem>/")->capture_default_str();
  cmd->add_option("--scripts", scripts, "folder of the gnuplot scripts (default tools/plot)");
  cmd->add_option("--formats", formats, "image formats")->capture_default_str();
  cmd->callback([] {
    const bool all = study == "all";
    const std::vector<std::string> stems = all ? plot::study_stems() : std::vector<std::string>{plot::stem_of(study)};
    for (const auto& stem : stems) {
      plot::Options o;
      o.in = in.empty() ? std::filesystem::path("results") / stem
             : all      ? std::filesystem::path(in) / stem
                        : std::filesystem::path(in);
      if (all && !std::filesystem::exists(o.in)) continue;
      o.out = out;
      o.scripts = scripts.empty() ? plot::default_scripts() : std::filesystem::path(scripts);
      o.formats = formats;
      const auto images = plot::plot_study(stem, o);
      fmt::print("plot {}: {} images in {}\n", stem, images.size(), (o.out / stem).string());
    }
  });
}

}  // namespace calib::cli
