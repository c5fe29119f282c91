#pragma once
// Study: what other simulators achieve with the restitution their users type, and the value to
// type instead — the matrix target e × every code mapping (codes/code_law.hpp) ×
// clamp, before and after correction, for one contact (two identical spheres).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/codes/input_for.hpp"
#include "calib/io/config.hpp"
#include "calib/studies/study.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::simulator_inputs {

struct Config {
  std::vector<double> targets{0.1, 0.3, 0.5, 0.7, 0.9};
  codes::Contact contact;  // [contact]: required (a physical input has no default)
  std::vector<std::string> codes;  // empty: every code
  bool both_clamps = true;         // also the non-default clamp where the code has a switch
  nlohmann::json as_json;

  // [grid] targets; [contact] E, nu, radius, density, v (required), v_char, k (optional);
  // [codes] names, clamp = "default" | "both". Unknown keys are rejected.
  static Config from(const io::ConfigNode& node);
};

struct Row {
  const codes::CodeLaw* law;
  bool clamp;
  double target_e;
  std::optional<double> typed, e_if_typed;
  std::optional<double> input_value, e_with_input;  // nullopt: unreachable
  std::string note;                                 // why unreachable
};
struct Result {
  std::vector<Row> rows;
};

Result run(const Config& config, const sweep::Execution& execution = {});
void write(const Result& r, const Config& config, const RunContext& context);
std::string report(const Result& r);

// ---- the study's module (studies/module.hpp; its row in src/studies/registry.cpp) ---------
io::GnuplotVars figure_data(const std::filesystem::path& results,
                            const std::filesystem::path& work);
void report_section(const std::filesystem::path& results, io::Section& section);
struct Module {
  using Config = simulator_inputs::Config;
  using Result = simulator_inputs::Result;
  static constexpr auto run = simulator_inputs::run;
  static constexpr auto write = simulator_inputs::write;
  static constexpr auto summary = simulator_inputs::report;
  static constexpr auto figure_data = simulator_inputs::figure_data;
  static constexpr auto report_section = simulator_inputs::report_section;
};

}  // namespace calib::studies::simulator_inputs
