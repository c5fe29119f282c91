// The files of `calib simulate --out DIR`: the time series and the impact table.
#include "calib/dynamics/write_run.hpp"

#include "calib/dynamics/simulate.hpp"
#include "calib/io/result_table.hpp"

namespace calib::dynamics {

// The impact table, one header and row set for impacts.csv and `--format csv`.
const std::vector<std::string>& impact_header() {
  static const std::vector<std::string> kImpactHeader{
      "contact",      "t_start[s]",    "t_end[s]",     "v_in[m/s]", "v_out[m/s]", "e",
      "delta_max[m]", "peak_force[N]", "impulse[N*s]", "m_eff[kg]", "region"};
  return kImpactHeader;
}
std::vector<io::CsvCell> impact_row(const SystemSetup& s, const Impact& i) {
  return {s.system->contact_name(i.contact),
          i.t_start,
          io::number_or_blank(i.t_end),
          i.v_in,
          io::number_or_blank(i.v_out),  // blank while the contact is open (Impact)
          io::number_or_blank(i.e),
          i.delta_max,
          i.peak_force,
          io::number_or_blank(i.impulse),
          i.m_eff,
          s.system->region_name(i.contact, i.region)};
}

io::Provenance run_provenance(const SystemSetup& s, const std::string& system,
                              const io::WallClock& clock) {
  const SimulateOptions& o = s.options;
  return {"calib simulate",
          {{"system", system},
           {"name", s.name},
           {"type", s.type},
           {"model", s.contact.calibrated()->model},
           {"e", s.contact.calibrated()->e},
           {"method", method_name(o.method)},
           {"t_end", o.t_end},
           {"output_dt", o.output_dt}},
          {{"rel_tol", o.rel_tol}, {"abs_tol", o.abs_tol}, {"drift_tol", o.drift_tol}},
          1,
          clock.started_utc(),
          clock.seconds()};
}

// series.csv and impacts.csv into `dir` (a stage taken by the caller before the run).
std::vector<std::filesystem::path> write_run(const SystemSetup& s, const SimulationResult& r,
                                             const std::filesystem::path& dir,
                                             const io::Provenance& provenance) {
  const auto names = s.system->body_names();
  std::vector<std::string> header{"t[s]"};
  for (const auto& b : names)
    for (const char* c : {"x[m]", "y[m]", "phi[rad]", "vx[m/s]", "vy[m/s]", "omega[rad/s]"})
      header.push_back(b + "." + c);
  header.push_back("energy[J]");
  const bool friction = s.system->has_friction();
  if (friction) header.push_back("friction_work[J]");
  const int contacts = s.system->contact_count();
  // A contact with several regions (a slot's tracks and end caps) also names, at each sample,
  // the region whose wall δ is measured from (System::region).
  const auto has_regions = [&](int k) { return s.system->region_count(k) > 1; };
  for (int k = 0; k < contacts; ++k) {
    for (const char* c : {".delta[m]", ".force[N]"})
      header.push_back(s.system->contact_name(k) + c);
    if (has_regions(k)) header.push_back(s.system->contact_name(k) + ".region");
  }
  const auto series_rows = [&](io::CsvWriter& w) {
    std::vector<io::CsvCell> row(header.size(), 0.0);
    for (const auto& smp : r.series) {
      std::size_t c = 0;
      row[c++] = smp.t;
      for (int b = 0; b < static_cast<int>(names.size()); ++b) {
        const auto st = s.system->body(b, smp.q, smp.qd);
        for (double x : {st.x, st.y, st.phi, st.vx, st.vy, st.omega}) row[c++] = x;
      }
      row[c++] = smp.energy;
      if (friction) row[c++] = smp.friction_work;
      for (int k = 0; k < contacts; ++k) {
        row[c++] = s.system->penetration(k, smp.q);
        row[c++] = contact_force(*s.system, r, k, smp);
        if (has_regions(k)) row[c++] = s.system->region_name(k, s.system->region(k, smp.q));
      }
      w.row(row);
    }
  };
  io::write_table(dir / "series.csv", header, series_rows, provenance);
  io::write_table(
      dir / "impacts.csv", impact_header(),
      [&](io::CsvWriter& w) {
        for (const auto& i : r.impacts) w.row(impact_row(s, i));
      },
      provenance);
  return {dir / "series.csv", dir / "impacts.csv"};
}

}  // namespace calib::dynamics
