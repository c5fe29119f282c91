// The two forms of an InputFor result: JSON (SI units, vocabulary names and units) and the text page of `calib input-for`.
#include <fmt/format.h>

#include "calib/codes/input_for.hpp"
#include "calib/core/vocabulary.hpp"

namespace calib::codes {

namespace {
nlohmann::ordered_json optional_number(const std::optional<double>& x) {
  return x ? nlohmann::ordered_json(*x) : nlohmann::ordered_json(nullptr);
}
}  // namespace

nlohmann::ordered_json to_json(const InputFor& r, const Contact& c) {
  const CodeLaw& law = *r.law;
  nlohmann::ordered_json j;
  j["code"] = law.code;
  j["law"] = law.law;
  j["version"] = law.version;
  j["version_asked"] =
      r.version_asked ? nlohmann::ordered_json(*r.version_asked) : nlohmann::ordered_json(nullptr);
  j["clamp"] = r.clamp;
  j["target_e"] = r.target_e;
  j["e_if_typed"] = optional_number(r.achieved_if_typed);
  j["input_value"] = r.input_value;
  j["snippet"] = r.snippet;
  j["model"] = law.model;
  j["typed"] = optional_number(r.typed);
  j["typed_name"] = law.typed.name;
  j["typed_units"] = law.typed.units;
  j["e_with_input"] = r.achieved_with_input;
  j["snippet_typed"] = r.typed ? nlohmann::ordered_json(r.snippet_typed) : nlohmann::ordered_json(nullptr);
  j["t_contact_input"] = r.contact_time_input;
  j["t_contact_typed"] = optional_number(r.contact_time_typed);
  j["time_step"] = r.time_step_max;
  j["time_step_given"] = optional_number(r.time_step);
  j["steps_per_contact"] = optional_number(r.steps_per_contact());
  j["clamp_switch"] = law.clamp.switch_name.empty() ? nlohmann::ordered_json(nullptr)
                                                    : nlohmann::ordered_json(law.clamp.switch_name);
  j["speed_dependent"] = law.speed_dependent;
  j["source"] = law.source;
  j["assumptions"] = law.assumptions;
  j["delta_max_input"] = r.delta_max_input;
  j["delta_max_typed"] = optional_number(r.delta_max_typed);
  j["warnings"] = r.warnings;
  j["contact"] = {{"geometry", to_string(c.geometry)},
                  {"E", c.youngs},           {"nu", c.poisson},
                  {"radius", c.radius},      {"density", c.density},
                  {"m_eff", c.m_eff},        {"R_eff", c.r_eff},
                  {"E_eff", c.e_star},       {"K_hertz", c.k_hertz},
                  {"k_linear", c.k_linear},  {"v", c.v},
                  {"v_char", optional_number(c.v_char)}};
  auto& scan = j["speed_scan"] = nlohmann::ordered_json::array();
  for (const SpeedPoint& p : r.speeds)
    scan.push_back({{"v", p.v},
                    {"e_if_typed", optional_number(p.e_typed)},
                    {"e_with_input", optional_number(p.e_input)}});
  // The vocabulary's units, and the unit of the typed value, which is the code's own.
  j = vocabulary::with_units(std::move(j));
  if (law.typed.units != "-")
    for (const char* name : {"typed", "input_value"}) j["units"][name] = law.typed.units;
  return j;
}

std::string to_text(const InputFor& r, const Contact& c) {
  const CodeLaw& law = *r.law;
  std::string out = fmt::format(
      "{} {} (version {}{}), clamp {}{}\n  law: {}\n  source: {}\n"
      "  contact ({}): m* = {:.6g} kg, R* = {:.6g} m, E* = {:.6g} Pa, K = {:.6g} N/m^1.5, "
      "k = {:.6g} N/m, v = {:.6g} m/s{}\n\n",
      law.code, law.model, law.version,
      r.version_asked ? fmt::format("; {} asked: the law in force at that release is {}'s",
                                    *r.version_asked, law.version)
                      : std::string(),
      r.clamp ? "on" : "off",
      law.clamp.switch_name.empty() ? " (not switchable)"
                                    : fmt::format(" ({})", law.clamp.switch_name),
      law.law, law.source, to_string(c.geometry), c.m_eff, c.r_eff, c.e_star, c.k_hertz, c.k_linear, c.v,
      c.v_char ? fmt::format(", v_c = {:.6g} m/s", *c.v_char) : std::string());
  if (r.achieved_if_typed)
    out += fmt::format("(1) typing {} = {:.10g} [{}] gives e = {:.10g} (target {}, error {:+.3g})\n",
                       law.typed.name, *r.typed, law.typed.units, *r.achieved_if_typed, r.target_e,
                       *r.achieved_if_typed - r.target_e);
  else
    out += fmt::format("(1) {} is not a restitution and has no default: pass --typed to see the e "
                       "of a value\n",
                       law.typed.name);
  out += fmt::format("(2) type {} = {:.10g} [{}] to get e = {:.12g}\n", law.typed.name,
                     r.input_value, law.typed.units, r.achieved_with_input);
  out += fmt::format("    contact duration {:.6g} s: a time step <= {:.6g} s resolves it "
                     "(duration/{:.4g})",
                     r.contact_time_input, r.time_step_max, r.contact_time_input / r.time_step_max);
  out += r.time_step ? fmt::format("; {:.6g} s given: {:.4g} steps\n", *r.time_step,
                                   *r.steps_per_contact())
                     : std::string("\n");
  out += "(3) input:\n";
  for (std::size_t a = 0; a < r.snippet.size();) {
    const std::size_t b = r.snippet.find('\n', a);
    out += "    " + r.snippet.substr(a, b - a) + "\n";
    a = b == std::string::npos ? r.snippet.size() : b + 1;
  }
  out += "(4) assumptions:\n";
  for (auto a : law.assumptions) out += fmt::format("    - {}\n", a);
  for (const std::string& w : r.warnings) out += fmt::format("warning: {}\n", w);
  if (!r.speeds.empty()) {
    out += "\n  the achieved e depends on the impact speed:\n  v[m/s]        e(typed)      e(input)\n";
    for (const SpeedPoint& p : r.speeds)
      out += fmt::format("  {:<12.6g}  {:<12}  {:.10f}\n", p.v,
                         p.e_typed ? fmt::format("{:.10f}", *p.e_typed) : std::string("-"),
                         *p.e_input);
  }
  return out;
}

}  // namespace calib::codes
