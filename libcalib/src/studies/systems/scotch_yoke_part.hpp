#pragma once
// The hooks of the Scotch-yoke part (PINSLOT §4) into the systems study's write, figure data,
// report section and summary.
#include <filesystem>
#include <string>

#include "calib/io/document.hpp"
#include "calib/io/gnuplot_data.hpp"
#include "calib/studies/systems.hpp"

namespace calib::studies::systems {

// scotch_yoke_*.csv into context.out (nothing when the part has no runs).
void write_scotch_yoke(const ScotchYokeResult& r, const Config& config, const RunContext& context);
// The data of tools/plot/systems_scotch_yoke.gp (Figs. 11-16) into `work`, and its variables.
void scotch_yoke_figure_data(const std::filesystem::path& results,
                             const std::filesystem::path& work, io::GnuplotVars& vars);
// The geometry reading's status and the statements table.
void scotch_yoke_section(const std::filesystem::path& results, io::Section& section);
// The statements, one line each, for the study's summary.
std::string scotch_yoke_summary(const ScotchYokeResult& r);

}  // namespace calib::studies::systems
