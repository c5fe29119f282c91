// `calib plot <study>|all`: PNG + SVG figures of a study's results (gnuplot, tools/plot/*.gp).
#include <fmt/format.h>

#include "calib/io/result_folder.hpp"
#include "calib/report/plot.hpp"
#include "calib/studies/study.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {
struct PlotArgs {
  std::string study, in, out = "figures", scripts;
  std::vector<std::string> formats{"png", "svg"};
};
}  // namespace

void register_plot(CLI::App& app) {
  auto args = std::make_shared<PlotArgs>();
  PlotArgs& a = *args;
  auto* cmd = app.add_subcommand("plot", "draw a study's figures (PNG and SVG) with gnuplot");
  cmd->add_option("study", a.study, "a study name (see calib --help) or all")->required();
  cmd->add_option("--in", a.in,
                  "results folder of the study (default results/<stem>; for 'all': results)")
      ->check(not_empty_path());
  cmd->add_option("--out", a.out, "figure root; images go to <out>/<stem>/")
      ->check(not_empty_path())
      ->capture_default_str();
  cmd->add_option("--scripts", a.scripts, "folder of the gnuplot scripts")
      ->check(not_empty_path())
      ->default_str("tools/plot (data folders)");
  cmd->add_option("--formats", a.formats, "image formats: png, svg")->capture_default_str();
  cmd->callback([args] {
    const PlotArgs& a = *args;
    const io::WallClock clock;
    const bool all = a.study == "all";
    std::vector<const studies::Study*> list;
    if (all) {
      for (const auto& s : studies::registry())
        if (s.figure_data) list.push_back(&s);
    } else {
      list.push_back(&studies::find(a.study));
    }
    std::vector<std::pair<const studies::Study*, std::filesystem::path>> inputs;
    for (const studies::Study* s : list) {
      const std::string stem(s->stem);
      const std::filesystem::path in = a.in.empty() ? std::filesystem::path("results") / stem
                                       : all        ? std::filesystem::path(a.in) / stem
                                                    : std::filesystem::path(a.in);
      if (!all || std::filesystem::exists(in)) inputs.emplace_back(s, in);
    }
    // The figures and their data are one result, published at once (io/result_folder.hpp).
    std::vector<std::filesystem::path> folders;
    for (const auto& [s, in] : inputs) folders.push_back(in);
    io::ResultFolder folder(a.out, folders);
    std::vector<std::string> lines;
    for (const auto& [s, in] : inputs) {
      const std::string stem(s->stem);
      const auto images = report::plot_study(*s, {in, folder.stage(), a.scripts, a.formats});
      lines.push_back(fmt::format("plot {}: {} images in {}\n", stem, images.size(),
                                  (std::filesystem::path(a.out) / stem).string()));
    }
    folder.publish(
        {"calib plot",
         {{"study", a.study}, {"in", a.in}, {"scripts", a.scripts}, {"formats", a.formats}},
         nlohmann::json::object(),
         1,
         clock.started_utc(),
         clock.seconds()});
    for (const std::string& line : lines) fmt::print("{}", line);
  });
}

}  // namespace calib::cli
