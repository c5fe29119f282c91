// Output of the systems study's clearance slider–crank: the contact records (the columns of
// `calib simulate`'s impact table, with the crank angle at contact start) and the series, each
// with its provenance sidecar; and the summary's lines.
#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "calib/dynamics/write_run.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/result_table.hpp"
#include "calib/studies/systems_clearance_crank.hpp"

namespace calib::studies::systems {

namespace {

// The crank angle [deg] at time t: the drive holds the crank's angle at θ₀ + ω t.
double crank_angle_deg(const ClearanceCrankRun& run, double t) {
  return (run.setup.q0[run.crank_angle] + run.crank_speed * t) * 180 / std::numbers::pi;
}

}  // namespace

void write_clearance_crank(const ClearanceCrankRun& run, const RunContext& context) {
  const auto& o = run.setup.options;
  const io::Provenance prov = context.provenance(
      {{"ode", "Dormand-Prince 5(4) dense output, events by TOMS748"},
       {"rel_tol", o.rel_tol},
       {"abs_tol", o.abs_tol},
       {"baumgarte_rate", o.baumgarte_rate},
       {"drift_tol", o.drift_tol}},
      {{"source",
        "clearance slider-crank bench: journal-bearing contact of Flores & Ambrosio (Comput. "
        "Struct. 82, 2004) with the Lankarani-Nikravesh law; the ideal mechanism has a revolute "
        "joint in its place"},
       {"system_file", run.config.file.string()},
       {"revolutions", run.config.revolutions},
       {"t_end", o.t_end},
       {"radial_clearance", run.clearance},
       {"max_drift", run.result.max_drift}});
  std::vector<std::string> header{"impact", "crank_angle[deg]"};
  for (const auto& h : dynamics::impact_header()) header.push_back(h);
  io::write_table(
      context.out / "slider_crank_clearance_contacts.csv", header,
      [&](io::CsvWriter& w) {
        for (std::size_t k = 0; k < run.result.impacts.size(); ++k) {
          const dynamics::Impact& i = run.result.impacts[k];
          std::vector<io::CsvCell> row{static_cast<std::int64_t>(k + 1),
                                       crank_angle_deg(run, i.t_start)};
          for (auto& cell : dynamics::impact_row(run.setup, i)) row.push_back(cell);
          w.row(row);
        }
      },
      prov);
  io::write_table(
      context.out / "slider_crank_clearance_series.csv",
      {"t[s]", "crank_angle[deg]", "eccentricity_x[m]", "eccentricity_y[m]", "eccentricity[m]",
       "eccentricity_ratio", "contact_force[N]", "x_slider[m]", "v_slider[m/s]", "a_slider[m/s^2]",
       "x_slider_ideal[m]", "a_slider_ideal[m/s^2]"},
      [&](io::CsvWriter& w) {
        for (const ClearanceCrankSample& s : run.series)
          w.row({s.t, s.crank_angle_deg, s.eccentricity_x, s.eccentricity_y, s.eccentricity,
                 s.eccentricity / run.clearance, s.contact_force, s.x_slider, s.v_slider,
                 s.a_slider, s.x_slider_ideal, s.a_slider_ideal});
      },
      prov);
}

std::string clearance_crank_summary(const ClearanceCrankRun& run) {
  const auto& impacts = run.result.impacts;
  const auto strongest =
      std::max_element(impacts.begin(), impacts.end(),
                       [](const auto& a, const auto& b) { return a.peak_force < b.peak_force; });
  double eccentricity = 0, a = 0, a_ideal = 0;
  for (const ClearanceCrankSample& s : run.series) {
    eccentricity = std::max(eccentricity, s.eccentricity);
    a = std::max(a, std::abs(s.a_slider));
    a_ideal = std::max(a_ideal, std::abs(s.a_slider_ideal));
  }
  std::string out = fmt::format(
      "slider-crank with a clearance joint ({}, radial clearance {:.3g} mm), {:g} crank "
      "revolutions: {} contacts, largest eccentricity {:.4f} x clearance, largest |slider "
      "acceleration| {:.4g} m/s^2 (ideal joint {:.4g} m/s^2)\n",
      run.contact, 1e3 * run.clearance, run.config.revolutions, impacts.size(),
      eccentricity / run.clearance, a, a_ideal);
  if (strongest != impacts.end())
    out += fmt::format("  largest peak force {:.6g} N at contact {} (t = {:.7f} s)\n",
                       strongest->peak_force, strongest - impacts.begin() + 1, strongest->t_start);
  for (std::size_t k = 0; k < std::min<std::size_t>(impacts.size(), 5); ++k)
    out += fmt::format(
        "  contact {}: t = {:.7f} s, crank {:.2f} deg, v_in = {:.5f} m/s, delta_max = {:.4e} m, "
        "peak force {:.6g} N\n",
        k + 1, impacts[k].t_start, crank_angle_deg(run, impacts[k].t_start), impacts[k].v_in,
        impacts[k].delta_max, impacts[k].peak_force);
  return out;
}

}  // namespace calib::studies::systems
