// Output of the systems study: bounce tables and F–δ loops of the bouncing ball, envelope, zones
// and one time response of the impact damper; every file with its provenance sidecar.
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"
#include "calib/studies/systems.hpp"
#include "calib/sweep/sweep.hpp"
#include "scotch_yoke_part.hpp"

namespace calib::studies::systems {

namespace {

namespace fs = std::filesystem;

// SF2020 §8: every bounce of every run, against the single impact at its v_in.
void write_ball_bounces(const Result& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(
      out / "bouncing_ball_bounces.csv",
      {"model", "c_r", "bounce", "t_start[s]", "t_end[s]", "v_in[m/s]", "v_out[m/s]", "e_achieved",
       "e_single_impact", "e_gravity_effect", "apex_height[m]", "delta_max[m]", "peak_force[N]"},
      [&](io::CsvWriter& w) {
        for (const auto& b : r.ball)
          for (std::size_t i = 0; i < b.result.impacts.size(); ++i) {
            const auto& imp = b.result.impacts[i];
            if (!std::isfinite(imp.t_end)) continue;  // still in contact at t_end
            const double y = imp.q_after[0], v = imp.qd_after[0];
            w.row({b.model, b.cr, static_cast<std::int64_t>(i + 1), imp.t_start, imp.t_end,
                   imp.v_in, imp.v_out, imp.e, b.single_impact_e[i], imp.e - b.single_impact_e[i],
                   y + v * v / (2 * r.g), imp.delta_max, imp.peak_force});
          }
      },
      prov);
}

// SF2020 §8: the F–δ loop of each run's first impact.
void write_ball_loops(const Result& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(out / "bouncing_ball_loops.csv", {"model", "c_r", "delta[m]", "force[N]"},
                  [&](io::CsvWriter& w) {
                    for (const auto& b : r.ball)
                      if (!b.result.impacts.empty())
                        for (const auto& [d, f] : b.result.impacts[0].loop)
                          w.row({b.model, b.cr, d, f});
                  },
                  prov);
}

// The local maxima of |x_M| (time, value): the envelope of one impact-damper run.
std::vector<std::pair<double, double>> envelope_peaks(const DamperRun& d) {
  std::vector<std::pair<double, double>> peaks;
  const auto& s = d.result.series;
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    const double a = std::abs(s[i].q[0]);
    if (a >= std::abs(s[i - 1].q[0]) && a > std::abs(s[i + 1].q[0])) peaks.emplace_back(s[i].t, a);
  }
  return peaks;
}

// SF2020 §9: the peaks of |x_M| (the envelope) and the zones of each gap.
void write_damper_zones(const Result& r, const fs::path& out, const io::Provenance& prov) {
  std::vector<std::vector<std::pair<double, double>>> peaks;
  for (const auto& d : r.damper) peaks.push_back(envelope_peaks(d));
  io::write_table(out / "impact_damper_zones.csv",
                  {"gap[m]", "impacts", "impact_zone_end[s]", "friction_zone_end[s]",
                   "final_amplitude[m]"},
                  [&](io::CsvWriter& z) {
                    for (std::size_t k = 0; k < r.damper.size(); ++k) {
                      const auto& d = r.damper[k];
                      const double last_peak = peaks[k].empty() ? 0.0 : peaks[k].back().second;
                      z.row({d.gap, static_cast<std::int64_t>(d.result.impacts.size()),
                             d.t_last_impact, d.t_stick, last_peak});
                    }
                  },
                  prov);
  io::write_table(out / "impact_damper_envelope.csv", {"gap[m]", "t[s]", "x_M_peak[m]"},
                  [&](io::CsvWriter& e) {
                    for (std::size_t k = 0; k < r.damper.size(); ++k)
                      for (const auto& [t, a] : peaks[k]) e.row({r.damper[k].gap, t, a});
                  },
                  prov);
}

// PN2020 Fig. 11: θ̇₁, θ̇₂ per method, and the impacts.
void write_pendulums(const Result& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(out / "two_pendulums_series.csv",
                  {"method", "t[s]", "theta1[rad]", "theta2[rad]", "omega1[rad/s]",
                   "omega2[rad/s]"},
                  [&](io::CsvWriter& w) {
                    for (const auto& p : r.pendulums)
                      for (std::size_t i = 0; i < p.result.series.size(); i += 10) {
                        const auto& s = p.result.series[i];
                        w.row({p.method, s.t, s.q[0], s.q[1], s.qd[0], s.qd[1]});
                      }
                  },
                  prov);
  io::write_table(out / "two_pendulums_impacts.csv",
                  {"method", "impact", "t_start[s]", "t_end[s]", "v_in[m/s]", "v_out[m/s]", "e",
                   "theta1_after[deg]", "theta2_after[deg]", "omega1_after[rad/s]",
                   "omega2_after[rad/s]", "m_eff[kg]"},
                  [&](io::CsvWriter& im) {
                    for (const auto& p : r.pendulums)
                      for (std::size_t k = 0; k < p.result.impacts.size(); ++k) {
                        const auto& i = p.result.impacts[k];
                        if (!i.q_after.size()) continue;
                        const double deg = 180.0 / 3.14159265358979323846;
                        im.row({p.method, static_cast<std::int64_t>(k + 1), i.t_start, i.t_end,
                                i.v_in, i.v_out, i.e, i.q_after[0] * deg, i.q_after[1] * deg,
                                i.qd_after[0], i.qd_after[1], i.m_eff});
                      }
                  },
                  prov);
}

// SF2020 Figs. 19-20: slider and block, both readings, and the impacts.
void write_crank(const Result& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(
      out / "slider_crank_response.csv",
      {"reading", "t[s]", "x_slider[m]", "x_block[m]", "v_slider[m/s]", "v_block[m/s]"},
      [&](io::CsvWriter& w) {
        for (const auto& run : r.crank)
          for (std::size_t i = 0; i < run.result.series.size(); i += 10) {
            const auto& s = run.result.series[i];
            const auto slider = run.system->body(2, s.q, s.qd),
                       block = run.system->body(3, s.q, s.qd);
            w.row({run.reading, s.t, slider.x, block.x, slider.vx, block.vx});
          }
      },
      prov);
  io::write_table(out / "slider_crank_impacts.csv",
                  {"reading", "impact", "t_start[s]", "t_end[s]", "v_in[m/s]", "v_out[m/s]", "e",
                   "delta_max[m]", "peak_force[N]", "m_eff[kg]"},
                  [&](io::CsvWriter& im) {
                    for (const auto& run : r.crank)
                      for (std::size_t k = 0; k < run.result.impacts.size(); ++k) {
                        const auto& i = run.result.impacts[k];
                        im.row({run.reading, static_cast<std::int64_t>(k + 1), i.t_start,
                                io::number_or_blank(i.t_end), i.v_in,
                                io::number_or_blank(i.v_out), io::number_or_blank(i.e),
                                i.delta_max, i.peak_force, i.m_eff});
                      }
                  },
                  prov);
}

// The planar multibody files against the generalized coordinates, impact by impact.
void write_formulations(const Result& r, const fs::path& out, const io::Provenance& prov) {
  using dynamics::Impact;
  io::write_table(
      out / "formulations.csv",
      {"system", "method", "impact", "t_start_generalized[s]", "t_start_planar[s]",
       "v_in_generalized[m/s]", "v_in_planar[m/s]", "e_generalized", "e_planar",
       "m_eff_generalized[kg]", "m_eff_planar[kg]", "planar_max_drift[m|rad]",
       "planar_max_velocity_drift[m/s|rad/s]"},
      [&](io::CsvWriter& w) {
        for (const auto& f : r.formulations) {
          const std::size_t n = std::max(f.generalized.impacts.size(), f.planar.impacts.size());
          for (std::size_t k = 0; k < n; ++k) {
            // A missing impact (the formulations disagree on the count) leaves its cells blank.
            auto field = [&](const dynamics::SimulationResult& res, auto member) -> io::CsvCell {
              return k < res.impacts.size() ? io::CsvCell(res.impacts[k].*member)
                                            : io::number_or_blank(std::nan(""));
            };
            w.row({f.system, f.method, static_cast<std::int64_t>(k + 1),
                   field(f.generalized, &Impact::t_start), field(f.planar, &Impact::t_start),
                   field(f.generalized, &Impact::v_in), field(f.planar, &Impact::v_in),
                   field(f.generalized, &Impact::e), field(f.planar, &Impact::e),
                   field(f.generalized, &Impact::m_eff), field(f.planar, &Impact::m_eff),
                   f.planar.max_drift, f.planar.max_velocity_drift});
          }
        }
      },
      prov);
}

// SF2020 Fig. 13: positions of the mass and the stops at the 20 mm gap.
void write_damper_response(const Result& r, const fs::path& out, const io::Provenance& prov) {
  for (const auto& d : r.damper) {
    if (std::abs(d.gap - 0.02) > 1e-12) continue;
    io::write_table(out / "impact_damper_response_20mm.csv",
                    {"t[s]", "x_M[m]", "x_m[m]", "left_stop[m]", "right_stop[m]"},
                    [&](io::CsvWriter& w) {
                      for (std::size_t i = 0; i < d.result.series.size(); i += 5) {
                        const auto& s = d.result.series[i];
                        w.row({s.t, s.q[0], s.q[1], s.q[0] - d.gap / 2, s.q[0] + d.gap / 2});
                      }
                    },
                    prov);
  }
}

}  // namespace

void write(const Result& r, const Config& config, const RunContext& context) {
  const std::filesystem::path& out = context.out;
  const io::Provenance prov = context.provenance({{"ode", "Dormand-Prince 5(4) dense output, events by TOMS748"},
                             {"single_impact_rel_tol", 1e-11}}, {{"source", "SF2020 §8 (Table 3, eq. 63), §9 (Table 4, eq. 64-69)"}});
  // One job per file (or pair of files): the files are independent, so they are written side
  // by side.
  using Writer = void (*)(const Result&, const fs::path&, const io::Provenance&);
  const std::vector<Writer> files{write_ball_bounces,   write_ball_loops, write_damper_zones,
                                  write_pendulums,      write_crank,      write_formulations,
                                  write_damper_response};
  sweep::map_points<char>(
      files.size(),
      [&](std::size_t i) {
        files[i](r, out, prov);
        return char{0};
      },
      sweep::Execution{context.threads});
  write_clearance_crank(r.clearance_crank, context);
  write_scotch_yoke(r.scotch_yoke, config, context);
}

}  // namespace calib::studies::systems
