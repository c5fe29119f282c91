// Output of the simulator-inputs study: simulator_inputs.csv (one row per code mapping, clamp and
// target e; units in the header) with its provenance sidecar.
#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/result_table.hpp"
#include "calib/studies/simulator_inputs.hpp"

namespace calib::studies::simulator_inputs {

namespace {
io::CsvCell cell(const std::optional<double>& x) {
  return x ? io::CsvCell(*x) : io::CsvCell(std::string());
}
}  // namespace

void write(const Result& r, const Config& c, const RunContext& context) {
  const std::filesystem::path& out = context.out;
  const codes::InputForOptions defaults;
  const io::Provenance prov = context.provenance({{"impact_rel_tol", defaults.solver.rel_tol},
       {"impact_abs_tol", defaults.solver.abs_tol},
       {"inverse", "TOMS748 on the code's typed value until |e - target| <= cor_tol * target"},
       {"cor_tol", defaults.cor_tol}}, {{"contact",
        {{"m_eff[kg]", c.contact.m_eff},
         {"R_eff[m]", c.contact.r_eff},
         {"E_eff[Pa]", c.contact.e_star},
         {"K_hertz[N/m^1.5]", c.contact.k_hertz},
         {"k_linear[N/m]", c.contact.k_linear},
         {"v[m/s]", c.contact.v},
         {"v_char[m/s]", c.contact.v_char ? nlohmann::json(*c.contact.v_char) : nlohmann::json(nullptr)}}},
       {"source", "each mapping's source column (the code's source file or documentation, with its version)"}});
  io::write_table(out / "simulator_inputs.csv",
                  {"code", "model", "version", "clamp", "target_e", "typed_name", "typed_units",
                   "typed", "e_if_typed", "input_value", "e_with_input", "speed_dependent",
                   "note"},
                  [&](io::CsvWriter& w) {
                    for (const Row& row : r.rows)
                      w.row({std::string(row.law->code), std::string(row.law->model),
                             std::string(row.law->version), std::string(row.clamp ? "on" : "off"),
                             row.target_e, std::string(row.law->typed.name),
                             std::string(row.law->typed.units), cell(row.typed),
                             cell(row.e_if_typed), cell(row.input_value), cell(row.e_with_input),
                             std::string(row.law->speed_dependent ? "yes" : "no"), row.note});
                  },
                  prov);
}

}  // namespace calib::studies::simulator_inputs
