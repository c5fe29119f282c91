// The Scotch-yoke part's tables (PINSLOT §4): the second revolution per model, every contact,
// the force–penetration loops of the contacts inside the second revolution, the laws used and
// the paper's statements; each file with its provenance sidecar.
#include "scotch_yoke_part.hpp"

#include <cmath>
#include <cstdint>

#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"

namespace calib::studies::systems {

namespace {

namespace fs = std::filesystem;

std::string region_name(const YokeRun& run, int region) {
  return run.setup.system->region_name(0, region);
}

// Figs. 11–14 and 16: force, penetration, the region the pin faces and the slider's kinematics.
void write_series(const ScotchYokeResult& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(
      out / "scotch_yoke_series.csv",
      {"model", "angle[deg]", "t[s]", "force[N]", "delta[m]", "region", "x_slider[m]",
       "v_slider[m/s]", "a_slider[m/s^2]"},
      [&](io::CsvWriter& w) {
        for (const auto& run : r.runs)
          for (const auto& p : run.revolution)
            w.row({run.model, p.angle, p.t, p.force, p.delta, region_name(run, p.region), p.x, p.v,
                   p.a});
      },
      prov);
}

// Every contact of both revolutions (angles < 0 in the first).
void write_contacts(const ScotchYokeResult& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(
      out / "scotch_yoke_contacts.csv",
      {"model", "contact", "region", "t_start[s]", "t_end[s]", "angle_start[deg]", "angle_end[deg]",
       "v_in[m/s]", "v_out[m/s]", "e", "delta_max[m]", "peak_force[N]", "impulse[N*s]",
       "m_eff[kg]"},
      [&](io::CsvWriter& w) {
        for (const auto& run : r.runs)
          for (std::size_t k = 0; k < run.result.impacts.size(); ++k) {
            const auto& i = run.result.impacts[k];
            w.row({run.model, static_cast<std::int64_t>(k + 1), region_name(run, i.region),
                   i.t_start, io::number_or_blank(i.t_end), r.angle(i.t_start),
                   io::number_or_blank(r.angle(i.t_end)), i.v_in, io::number_or_blank(i.v_out),
                   io::number_or_blank(i.e), i.delta_max, i.peak_force,
                   io::number_or_blank(i.impulse), i.m_eff});
          }
      },
      prov);
}

// Fig. 15: force against penetration over every contact that starts and ends inside the second
// revolution, on the output instants (`contact` numbers the rows of scotch_yoke_contacts.csv).
void write_hysteresis(const ScotchYokeResult& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(
      out / "scotch_yoke_hysteresis.csv",
      {"model", "contact", "region", "angle_start[deg]", "delta[m]", "force[N]"},
      [&](io::CsvWriter& w) {
        for (const auto& run : r.runs)
          for (std::size_t k = 0; k < run.result.impacts.size(); ++k) {
            const auto& i = run.result.impacts[k];
            if (!(i.t_start >= r.period && i.t_end <= 2 * r.period)) continue;
            for (const auto& p : run.revolution)
              if (p.t >= i.t_start && p.t <= i.t_end)
                w.row({run.model, static_cast<std::int64_t>(k + 1), region_name(run, i.region),
                       r.angle(i.t_start), p.delta, p.force});
          }
      },
      prov);
}

// K and n per model and region as fitted by kn-fit, and the eq. 153 damping.
void write_laws(const ScotchYokeResult& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(
      out / "scotch_yoke_laws.csv",
      {"model", "region", "k[N/m^n]", "n", "K[N/mm^n]", "alpha[s/m]", "damping_exponent"},
      [&](io::CsvWriter& w) {
        for (const auto& run : r.runs) {
          const auto& sys = *run.setup.system;
          for (int g = 0; g < sys.region_count(0); ++g) {
            const auto* law = sys.contact_model(0, g);
            if (!law) continue;
            const auto* material = law->material();
            w.row({run.model, region_name(run, g), law->k, law->n, law->k * std::pow(1e-3, law->n),
                   io::number_or_blank(material ? material->damping : std::nan("")),
                   material ? material->rate_exponent : 1.0});
          }
        }
      },
      prov);
}

void write_statements(const ScotchYokeResult& r, const fs::path& out, const io::Provenance& prov) {
  io::write_table(
      out / "scotch_yoke_statements.csv", {"statement", "holds", "paper", "measure", "result"},
      [&](io::CsvWriter& w) {
        for (const auto& s : r.statements)
          w.row({s.name, s.holds ? "true" : "false", s.paper, s.measure, s.result});
      },
      prov);
  io::write_table(
      out / "scotch_yoke_statement_values.csv", {"statement", "model", "quantity", "value"},
      [&](io::CsvWriter& w) {
        for (const auto& s : r.statements)
          for (const auto& v : s.values) w.row({s.name, v.model, v.quantity, v.value});
      },
      prov);
}

}  // namespace

void write_scotch_yoke(const ScotchYokeResult& r, const Config& config, const RunContext& context) {
  if (r.runs.empty()) return;
  const auto& options = r.runs.front().setup.options;
  const io::Provenance prov =
      context.provenance({{"ode", "Dormand-Prince 5(4) dense output, events by TOMS748"},
                          {"rel_tol", options.rel_tol},
                          {"abs_tol", options.abs_tol},
                          {"output_dt", options.output_dt}},
                         {{"source", "PINSLOT §4 (Tables 10-11, Figs. 11-16)"},
                          {"system_file", config.scotch_yoke.file.string()},
                          {"crank_speed", r.omega}});
  for (auto* writer :
       {write_series, write_contacts, write_hysteresis, write_laws, write_statements})
    writer(r, context.out, prov);
}

}  // namespace calib::studies::systems
