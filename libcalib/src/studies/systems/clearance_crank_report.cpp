// Figure data and report paragraph of the systems study's clearance slider–crank: the journal
// centre's orbit in the clearance circle, the contact force and the slider's acceleration (with
// the clearance joint and with the ideal joint) against the crank angle, and the first contacts.
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/studies/systems_clearance_crank.hpp"
#include "studies/systems/report_table.hpp"

namespace calib::studies::systems {

namespace fs = std::filesystem;

void clearance_crank_figure_data(const fs::path& in, const fs::path& work, io::GnuplotVars& vars) {
  const auto t = io::read_result(in, "slider_crank_clearance_series.csv",
                                 {"crank_angle[deg]", "eccentricity_x[m]", "eccentricity_y[m]",
                                  "eccentricity[m]", "eccentricity_ratio", "contact_force[N]",
                                  "a_slider[m/s^2]", "a_slider_ideal[m/s^2]", "t[s]"});
  enum { angle, ex, ey, e, ratio, force, a, a_ideal, time };
  if (t.rows() < 2) throw InputError("slider_crank_clearance_series.csv: fewer than two samples");
  // The radial clearance c = e / (e/c) at the sample farthest from the centre.
  double clearance = 0, farthest = 0;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const double value = std::stod(t.columns[e][r]);
    if (value > farthest) farthest = value, clearance = value / std::stod(t.columns[ratio][r]);
  }
  io::DataBlocks orbit(work / "clearance_orbit.dat");
  orbit.block("clearance circle", 2);
  for (int deg = 0; deg <= 360; deg += 2) {
    const double phi = deg * std::numbers::pi / 180;
    orbit.row({fmt::format("{:.9g}", clearance * std::cos(phi)),
               fmt::format("{:.9g}", clearance * std::sin(phi))});
  }
  orbit.block("journal centre", 2);
  for (std::size_t r = 0; r < t.rows(); ++r) orbit.row({t.columns[ex][r], t.columns[ey][r]});
  io::DataBlocks contact(work / "clearance_force.dat");
  contact.block("contact force", 2);
  for (std::size_t r = 0; r < t.rows(); ++r)
    contact.row({t.columns[angle][r], t.columns[force][r]});
  io::DataBlocks slider(work / "clearance_acceleration.dat");
  slider.block("clearance joint", 2);
  for (std::size_t r = 0; r < t.rows(); ++r) slider.row({t.columns[angle][r], t.columns[a][r]});
  slider.block("ideal joint", 2);
  for (std::size_t r = 0; r < t.rows(); ++r)
    slider.row({t.columns[angle][r], t.columns[a_ideal][r]});
  // The captions' sampling and the angle axis: the series' spacing and its crank angles.
  const auto cell = [&](int column, std::size_t row) { return std::stod(t.columns[column][row]); };
  vars["clearance_dt_us"] = fmt::format("{:.6g}", 1e6 * (cell(time, 1) - cell(time, 0)));
  vars["clearance_angle_min"] = fmt::format("{:.9g}", cell(angle, 0));
  // The axis ends on the next 90° tick: the last sample falls a rounding error short of 720°.
  const double last_angle = cell(angle, t.rows() - 1);
  vars["clearance_angle_max"] = fmt::format("{:.9g}", 90.0 * std::ceil(last_angle / 90.0 - 1e-6));
  vars["clearance_mm"] = fmt::format("{:.9g}", 1e3 * clearance);
  vars["clearance_ratio_max"] = fmt::format("{:.6g}", farthest / clearance);
}

void clearance_crank_section(const fs::path& dir, io::Section& s) {
  const fs::path file = dir / "slider_crank_clearance_contacts.csv";
  const auto contacts = io::read_text_csv(file, {"impact"});
  const auto series =
      io::read_text_csv(dir / "slider_crank_clearance_series.csv",
                        {"crank_angle[deg]", "eccentricity[m]", "eccentricity_ratio"});
  double ratio = 0, clearance = 0;
  for (std::size_t r = 0; r < series.rows(); ++r)
    if (const double x = std::stod(series.columns[2][r]); x > ratio)
      ratio = x, clearance = std::stod(series.columns[1][r]) / x;
  const double turned =
      series.rows() == 0
          ? 0.0
          : (std::stod(series.columns[0].back()) - std::stod(series.columns[0].front())) / 360;
  s.text(fmt::format(
      "Slider-crank with a revolute clearance joint between the connecting rod and the slider "
      "(the bench system file named in the provenance below), the crank driven at constant "
      "speed over {:.3g} revolutions: {} contacts of the journal with its bearing; the journal "
      "centre reaches {:.4f} times the radial clearance of {:.3g} mm. The figures show its path "
      "inside the clearance circle, the contact force and the slider's acceleration against the "
      "crank angle, beside the same mechanism with an ideal joint in place of the clearance "
      "joint. The first five contacts:",
      turned, contacts.rows(), ratio, 1e3 * clearance));
  s.table(csv_table(file,
                    {{"impact", "contact"},
                     {"crank_angle[deg]", "crank angle [deg]", 5},
                     {"t_start[s]", "start [s]", 6},
                     {"t_end[s]", "end [s]", 6},
                     {"v_in[m/s]", "approach speed [m/s]", 6},
                     {"e", "restitution", 4},
                     {"delta_max[m]", "largest penetration [m]", 5},
                     {"peak_force[N]", "peak force [N]", 6},
                     {"impulse[N*s]", "impulse [N s]", 5}},
                    [](const io::TextTable&, std::size_t r) { return r < 5; }));
}

}  // namespace calib::studies::systems
