// Report section of the simulator-inputs study: per code, typed e → achieved e → value to type.
#include <cmath>

#include <fmt/format.h>

#include "calib/io/csv.hpp"
#include "calib/studies/simulator_inputs.hpp"

namespace calib::studies::simulator_inputs {

void report_section(const std::filesystem::path& dir, io::Section& s) {
  const auto t = io::read_text_csv(dir / "simulator_inputs.csv",
                                   {"code", "model", "version", "clamp", "target_e", "typed_units",
                                    "typed", "e_if_typed", "input_value", "e_with_input"});
  io::Table table{{"code", "model", "version", "clamp", "target e", "you type", "you get",
                   "type instead", "[units]", "e with it"},
                  {},
                  {}};
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const double target = std::stod(t.columns[4][r]);
    const double got = io::number_or_nan(t.columns[7][r]);
    table.rows.push_back({t.columns[0][r], t.columns[1][r], t.columns[2][r], t.columns[3][r],
                          t.columns[4][r], io::number_text(t.columns[6][r], 6),
                          io::number_text(t.columns[7][r], 5),
                          t.columns[8][r].empty() ? "unreachable" : io::number_text(t.columns[8][r], 8),
                          t.columns[5][r], io::number_text(t.columns[9][r], 10)});
    table.row_class.push_back(t.columns[8][r].empty()                    ? "bad"
                              : std::isnan(got)                          ? ""
                              : std::abs(got - target) <= 0.005 * target ? "ok"
                                                                         : "minor");
  }
  s.text(
      "What each code achieves when its user types e (\"you get\"), and the value to type so "
      "that it achieves e exactly (\"type instead\", as calib input-for prints it). " +
      io::colour_legend(table,
                        {{"ok", "green: typing e already gives e within 0.5 %"},
                         {"minor", "yellow: it does not, and the value to type instead does"},
                         {"bad", "red: no value of that input reaches e"}}) +
      " The LAMMPS 20220106 and LIGGGHTS 3.8.0 rows are checked against the real programs by "
      "libcalib's test suite.");
  s.table(table);
}

}  // namespace calib::studies::simulator_inputs
