// Report section of the systems study: the bounce table (achieved e against the single impact
// at the same speed) and the impact damper's zones per gap.
#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/studies/systems.hpp"

namespace calib::studies::systems {

void report_section(const std::filesystem::path& dir, io::Section& s) {
  s.text("SF2020 §8 bouncing ball: every law with c_r as its target. e_achieved is the bounce's "
         "v_out/v_in with gravity acting during contact; e_single_impact the same law as one "
         "impact at the same v_in without gravity (calib impact).");
  const auto b = io::read_text_csv(dir / "bouncing_ball_bounces.csv",
                                   {"model", "c_r", "bounce", "v_in[m/s]", "e_achieved",
                                    "e_single_impact", "e_gravity_effect", "apex_height[m]"});
  io::Table t{{"model", "c_r", "bounce", "v_in [m/s]", "e achieved", "e single impact",
               "gravity effect", "apex [m]"},
              {},
              {}};
  for (std::size_t r = 0; r < b.rows(); ++r) {
    if (b.columns[2][r] != "1" && b.columns[2][r] != "5") continue;  // first and fifth bounce
    t.rows.push_back({b.columns[0][r], b.columns[1][r], b.columns[2][r],
                      io::number_text(b.columns[3][r], 6), io::number_text(b.columns[4][r], 6),
                      io::number_text(b.columns[5][r], 6), io::number_text(b.columns[6][r], 3),
                      io::number_text(b.columns[7][r], 6)});
    t.row_class.push_back("");
  }
  s.table(t);
  s.text("SF2020 §9 impact damper (Table 4): zones per gap — impacts until the last impact, "
         "friction (sliding) until the relative speed stays below 10 ε, then no impact.");
  const auto z = io::read_text_csv(dir / "impact_damper_zones.csv",
                                   {"gap[m]", "impacts", "impact_zone_end[s]",
                                    "friction_zone_end[s]", "final_amplitude[m]"});
  io::Table zt{{"gap [m]", "impacts", "impact zone ends [s]", "friction zone ends [s]",
                "final amplitude [m]"},
               {},
               {}};
  for (std::size_t r = 0; r < z.rows(); ++r) {
    zt.rows.push_back({z.columns[0][r], z.columns[1][r], io::number_text(z.columns[2][r], 4),
                       io::number_text(z.columns[3][r], 4), io::number_text(z.columns[4][r], 4)});
    zt.row_class.push_back("");
  }
  s.table(zt);
  s.text("SF2020 §10 slider–crank and free block: the impacts under both readings of Table 6's "
         "200 rad/s (a free crank started at ω₀, or a crank driven at constant speed).");
  const auto k = io::read_text_csv(dir / "slider_crank_impacts.csv",
                                   {"reading", "impact", "t_start[s]", "v_in[m/s]", "v_out[m/s]",
                                    "e", "m_eff[kg]"});
  io::Table kt{{"crank", "impact", "t_start [s]", "v_in [m/s]", "v_out [m/s]", "e", "m_eff [kg]"}, {}, {}};
  for (std::size_t r = 0; r < k.rows(); ++r) {
    kt.rows.push_back({k.columns[0][r], k.columns[1][r], io::number_text(k.columns[2][r], 6),
                       io::number_text(k.columns[3][r], 6), io::number_text(k.columns[4][r], 6),
                       io::number_text(k.columns[5][r], 5), io::number_text(k.columns[6][r], 5)});
    kt.row_class.push_back("");
  }
  s.table(kt);
}

}  // namespace calib::studies::systems
