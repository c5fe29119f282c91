#include "calib/report/plot.hpp"
#include "calib/io/output_target.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/resources.hpp"

namespace calib::report {

namespace fs = std::filesystem;

fs::path default_scripts() {
  if (const char* env = std::getenv("CALIB_PLOT_SCRIPTS")) return env;
  return io::find_resource("tools/plot/common.gp").parent_path();
}

namespace {

std::string quote_path(const fs::path& p) { return fmt::format("'{}'", p.string()); }

}  // namespace

std::vector<fs::path> plot_study(const studies::Study& study, const PlotOptions& options) {
  const std::string stem(study.stem);
  if (!study.figure_data)
    throw InputError(fmt::format("plot: study {} has no figures", study.name));
  // tools/plot/common.gp sets a gnuplot terminal for png and svg only; any other extension
  // would get the SVG terminal's bytes under its name.
  if (options.formats.empty())
    throw InputError("plot: --formats must list at least one of png, svg");
  for (const std::string& ext : options.formats)
    if (ext != "png" && ext != "svg")
      throw InputError(fmt::format("plot: --formats must be png or svg, got '{}'", io::excerpt(ext)));
  PlotOptions o = options;
  if (o.scripts.empty()) o.scripts = default_scripts();
  if (!io::is_folder(o.in))
    throw InputError(fmt::format("plot: results folder {} not found", o.in.string()));
  const fs::path script = o.scripts / (stem + ".gp");
  if (!io::path_exists(script))
    throw InputError(fmt::format("plot: script {} not found (--scripts)", script.string()));
  const fs::path dir = o.out / stem;  // figures of this study
  const fs::path work = o.out / ".work" / stem;
  fs::create_directories(dir);
  fs::create_directories(work);
  const io::GnuplotVars vars = study.figure_data(o.in, work);
  for (const std::string& ext : o.formats) {
    std::string defs = fmt::format("work={}; out={}; scripts={}; ext='{}'; ", quote_path(work),
                                   quote_path(dir), quote_path(o.scripts), ext);
    for (const auto& [k, val] : vars) defs += fmt::format("{}={}; ", k, val);
    const fs::path log = work / ("gnuplot_" + ext + ".log");
    const std::string cmd =
        fmt::format("gnuplot -e \"{}\" {} > {} 2>&1", defs, quote_path(script), quote_path(log));
    const int rc = std::system(cmd.c_str());
    if (rc != 0) {
      std::ifstream f(log);
      std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
      if (std::system("command -v gnuplot > /dev/null 2>&1") != 0)
        throw ComputeError(
            "plot: gnuplot not found; install it with `apt-get install gnuplot-nox` "
            "(tools/setup.sh)");
      throw ComputeError(
          fmt::format("plot: gnuplot failed on {} ({}):\n{}", script.string(), ext, text));
    }
  }
  std::vector<fs::path> images;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && (e.path().extension() == ".png" || e.path().extension() == ".svg"))
      images.push_back(e.path());
  std::sort(images.begin(), images.end());
  return images;
}

}  // namespace calib::report
