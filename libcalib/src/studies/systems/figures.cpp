// Figure data of the systems study for tools/plot/systems.gp: F–δ loops per c_r (SF2020 Figs.
// 8–11), the damper envelope per gap (Figs. 14–17) and its 20 mm time response (Fig. 13).
#include <algorithm>
#include <fstream>

#include "calib/studies/systems.hpp"
#include "scotch_yoke_part.hpp"

namespace calib::studies::systems {

namespace fs = std::filesystem;

io::GnuplotVars figure_data(const fs::path& in, const fs::path& work) {
  io::GnuplotVars v;
  const auto loops = io::read_result(in, "bouncing_ball_loops.csv", {"model", "c_r", "delta[m]", "force[N]"});
  const auto by_cr = io::group_rows(loops, 1);
  int index = 0;
  for (const auto& [cr, rows] : by_cr) {
    io::DataBlocks b(work / ("loops_" + std::to_string(index) + ".dat"));
    io::RowGroups models;
    for (auto r : rows) {
      auto it = std::find_if(models.begin(), models.end(), [&](const auto& g) { return g.first == loops.columns[0][r]; });
      if (it == models.end()) models.push_back({loops.columns[0][r], {r}});
      else it->second.push_back(r);
    }
    for (const auto& [m, mr] : models) {
      b.block(m, 2);
      for (auto r : mr) b.row({loops.columns[2][r], loops.columns[3][r]});
    }
    v["cr_" + std::to_string(index)] = cr;
    v["n_loops_" + std::to_string(index)] = std::to_string(b.count());
    ++index;
  }
  v["n_cr"] = std::to_string(index);
  const auto env = io::read_result(in, "impact_damper_envelope.csv", {"gap[m]", "t[s]", "x_M_peak[m]"});
  io::DataBlocks e(work / "envelope.dat");
  for (const auto& [gap, rows] : io::group_rows(env, 0)) {
    e.block("gap " + gap + " m", 2);
    for (auto r : rows) e.row({env.columns[1][r], env.columns[2][r]});
  }
  v["n_gaps"] = std::to_string(e.count());
  if (fs::exists(in / "impact_damper_response_20mm.csv")) {
    const auto t = io::read_result(in, "impact_damper_response_20mm.csv",
                                   {"t[s]", "x_M[m]", "x_m[m]", "left_stop[m]", "right_stop[m]"});
    std::ofstream o(work / "response.dat");
    for (std::size_t r = 0; r < t.rows(); ++r)
      o << t.columns[0][r] << ' ' << t.columns[2][r] << ' ' << t.columns[3][r] << ' '
        << t.columns[4][r] << '\n';
  }
  {
    const auto t = io::read_result(in, "slider_crank_response.csv",
                                   {"reading", "t[s]", "x_slider[m]", "x_block[m]", "v_slider[m/s]", "v_block[m/s]"});
    io::DataBlocks b(work / "crank.dat");
    for (const auto& [reading, rows] : io::group_rows(t, 0)) {
      b.block("crank " + reading, 5);
      for (auto r : rows)
        b.row({t.columns[1][r], t.columns[2][r], t.columns[3][r], t.columns[4][r], t.columns[5][r]});
    }
    v["n_crank"] = std::to_string(b.count());
  }
  {
    const auto t = io::read_result(in, "two_pendulums_series.csv",
                                   {"method", "t[s]", "omega1[rad/s]", "omega2[rad/s]"});
    io::DataBlocks b(work / "pendulums.dat");
    for (const auto& [method, rows] : io::group_rows(t, 0)) {
      b.block(method, 3);
      for (auto r : rows) b.row({t.columns[1][r], t.columns[2][r], t.columns[3][r]});
    }
    v["n_pendulum_methods"] = std::to_string(b.count());
  }
  clearance_crank_figure_data(in, work, v);
  scotch_yoke_figure_data(in, work, v);
  return v;
}

}  // namespace calib::studies::systems
