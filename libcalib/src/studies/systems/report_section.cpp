// Report section of the systems study: the bounce table (achieved e against the single impact
// at the same speed) and the impact damper's zones per gap.
#include <functional>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/studies/systems.hpp"
#include "studies/systems/report_table.hpp"
#include "scotch_yoke_part.hpp"

namespace calib::studies::systems {

io::Table csv_table(const std::filesystem::path& file, const std::vector<Column>& columns,
                    const std::function<bool(const io::TextTable&, std::size_t)>& keep) {
  std::vector<std::string> names;
  io::Table t;
  for (const Column& c : columns) {
    names.push_back(c.csv);
    t.header.push_back(c.header);
  }
  const auto csv = io::read_text_csv(file, names);
  for (std::size_t r = 0; r < csv.rows(); ++r) {
    if (keep && !keep(csv, r)) continue;
    std::vector<std::string> row;
    for (std::size_t c = 0; c < columns.size(); ++c)
      row.push_back(columns[c].digits == 0 ? csv.columns[c][r]
                                           : io::number_text(csv.columns[c][r], columns[c].digits));
    t.rows.push_back(std::move(row));
    t.row_class.push_back("");
  }
  return t;
}

namespace {

void ball_table(const std::filesystem::path& dir, io::Section& s) {
  s.text(
      "SF2020 §8 bouncing ball: every law with c_r as its target, first and fifth bounce. "
      "\"e achieved\" is the bounce's v_out/v_in with gravity acting during contact; \"e "
      "single impact\" is the same law as one impact at the same v_in without gravity (as "
      "calib impact computes it); \"gravity effect\" is the first minus the second.");
  const auto first_and_fifth = [](const io::TextTable& b, std::size_t r) {
    return b.columns[2][r] == "1" || b.columns[2][r] == "5";
  };
  s.table(csv_table(dir / "bouncing_ball_bounces.csv",
                    {{"model", "model"},
                     {"c_r", "c_r"},
                     {"bounce", "bounce"},
                     {"v_in[m/s]", "v_in [m/s]", 6},
                     {"e_achieved", "e achieved", 6},
                     {"e_single_impact", "e single impact", 6},
                     {"e_gravity_effect", "gravity effect", 3},
                     {"apex_height[m]", "apex [m]", 6}},
                    first_and_fifth));
}

void damper_table(const std::filesystem::path& dir, io::Section& s) {
  s.text(
      "SF2020 §9 impact damper (Table 4): zones per gap — impacts until the last impact, "
      "friction (sliding) until the relative speed stays below 10 ε (ε = 1e-4 m/s, the "
      "friction law's regularisation), then no impact.");
  s.table(csv_table(dir / "impact_damper_zones.csv",
                    {{"gap[m]", "gap [m]"},
                     {"impacts", "impacts"},
                     {"impact_zone_end[s]", "impact zone ends [s]", 4},
                     {"friction_zone_end[s]", "friction zone ends [s]", 4},
                     {"final_amplitude[m]", "final amplitude [m]", 4}}));
}

void pendulums_table(const std::filesystem::path& dir, io::Section& s) {
  s.text(
      "PN2020 §6 / NP Example 5 two pendulums (e = 0.3, n = 3/2, k = 1e8): the impacts per "
      "method (PN2020 Fig. 11: piecewise, eq. 50 with eq. 49, Hunt–Crossley with eq. 16; plus "
      "libcalib's exact linear damper). NP prints the first impact at θ₁ = −3°, θ₂ = 27°.");
  s.table(csv_table(dir / "two_pendulums_impacts.csv",
                    {{"method", "method"},
                     {"impact", "impact"},
                     {"t_start[s]", "t [s]", 5},
                     {"v_in[m/s]", "v_in [m/s]", 5},
                     {"e", "e", 5},
                     {"theta1_after[deg]", "θ₁ [deg]", 4},
                     {"theta2_after[deg]", "θ₂ [deg]", 4},
                     {"omega1_after[rad/s]", "θ̇₁ after [rad/s]", 5},
                     {"omega2_after[rad/s]", "θ̇₂ after [rad/s]", 5}}));
}

void crank_table(const std::filesystem::path& dir, io::Section& s) {
  s.text(
      "SF2020 §10 slider–crank and free block: the impacts under both readings of Table 6's "
      "200 rad/s (a free crank started at ω₀, or a crank driven at constant speed).");
  s.table(csv_table(dir / "slider_crank_impacts.csv", {{"reading", "crank"},
                                                       {"impact", "impact"},
                                                       {"t_start[s]", "t [s]", 6},
                                                       {"v_in[m/s]", "v_in [m/s]", 6},
                                                       {"v_out[m/s]", "v_out [m/s]", 6},
                                                       {"e", "e", 5},
                                                       {"m_eff[kg]", "m_eff [kg]", 5}}));
}

void formulations_table(const std::filesystem::path& dir, io::Section& s) {
  s.text(
      "The two pendulums and the slider–crank in two formulations: the generalized "
      "coordinates above (constraints eliminated by hand) and as planar multibody systems "
      "((x, y, φ) per body, joints as constraints, Baumgarte stabilisation, drift bounded). "
      "Their impacts agree to the integration tolerance.");
  s.table(csv_table(dir / "formulations.csv",
                    {{"system", "system"},
                     {"method", "method"},
                     {"impact", "impact"},
                     {"t_start_generalized[s]", "t generalized [s]", 9},
                     {"t_start_planar[s]", "t planar [s]", 9},
                     {"v_in_generalized[m/s]", "v_in generalized [m/s]", 8},
                     {"v_in_planar[m/s]", "v_in planar [m/s]", 8},
                     {"e_generalized", "e generalized", 8},
                     {"e_planar", "e planar", 8},
                     {"planar_max_drift[m|rad]", "planar drift [m|rad]", 2}}));
}

}  // namespace

void report_section(const std::filesystem::path& dir, io::Section& s) {
  ball_table(dir, s);
  damper_table(dir, s);
  pendulums_table(dir, s);
  crank_table(dir, s);
  clearance_crank_section(dir, s);
  formulations_table(dir, s);
  scotch_yoke_section(dir, s);
}

}  // namespace calib::studies::systems
