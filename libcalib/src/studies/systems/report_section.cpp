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
  s.text("PN2020 §6 / NP Example 5 two pendulums (e = 0.3, n = 3/2, k = 1e8): the impacts per "
         "method (PN2020 Fig. 11: piecewise, eq. 50 with eq. 49, Hunt–Crossley with eq. 16; plus "
         "libcalib's exact linear damper). NP prints the first impact at θ₁ = −3°, θ₂ = 27°.");
  const auto p = io::read_text_csv(dir / "two_pendulums_impacts.csv",
                                   {"method", "impact", "t_start[s]", "v_in[m/s]", "e",
                                    "theta1_after[deg]", "theta2_after[deg]",
                                    "omega1_after[rad/s]", "omega2_after[rad/s]"});
  io::Table pt{{"method", "impact", "t [s]", "v_in [m/s]", "e", "θ₁ [deg]", "θ₂ [deg]",
                "θ̇₁ after [rad/s]", "θ̇₂ after [rad/s]"}, {}, {}};
  for (std::size_t r = 0; r < p.rows(); ++r) {
    pt.rows.push_back({p.columns[0][r], p.columns[1][r], io::number_text(p.columns[2][r], 5),
                       io::number_text(p.columns[3][r], 5), io::number_text(p.columns[4][r], 5),
                       io::number_text(p.columns[5][r], 4), io::number_text(p.columns[6][r], 4),
                       io::number_text(p.columns[7][r], 5), io::number_text(p.columns[8][r], 5)});
    pt.row_class.push_back("");
  }
  s.table(pt);
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
  s.text("The two pendulums and the slider–crank in two formulations: the generalized "
         "coordinates above (constraints eliminated by hand) and the planar multibody files "
         "(configs/systems/*_planar.toml: (x, y, φ) per body, joints as constraints, Baumgarte "
         "stabilisation, drift bounded). Their impacts agree to the integration tolerance.");
  const auto f = io::read_text_csv(dir / "formulations.csv",
                                   {"system", "method", "impact", "t_start_generalized[s]",
                                    "t_start_planar[s]", "v_in_generalized[m/s]",
                                    "v_in_planar[m/s]", "e_generalized", "e_planar",
                                    "planar_max_drift[m|rad]"});
  io::Table ft{{"system", "method", "impact", "t generalized [s]", "t planar [s]",
                "v_in generalized [m/s]", "v_in planar [m/s]", "e generalized", "e planar",
                "planar drift [m|rad]"},
               {},
               {}};
  for (std::size_t r = 0; r < f.rows(); ++r) {
    ft.rows.push_back({f.columns[0][r], f.columns[1][r], f.columns[2][r],
                       io::number_text(f.columns[3][r], 9), io::number_text(f.columns[4][r], 9),
                       io::number_text(f.columns[5][r], 8), io::number_text(f.columns[6][r], 8),
                       io::number_text(f.columns[7][r], 8), io::number_text(f.columns[8][r], 8),
                       io::number_text(f.columns[9][r], 2)});
    ft.row_class.push_back("");
  }
  s.table(ft);
}

}  // namespace calib::studies::systems
