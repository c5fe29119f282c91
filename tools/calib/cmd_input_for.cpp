// `calib input-for CODE`: what another simulator does with the restitution its user types, and
// the value to type so that it achieves the target e (codes::input_for). `--list` prints every
// code, model and version libcalib maps, or only those of the named code.
#include <optional>

#include <fmt/format.h>

#include "calib/codes/input_for.hpp"
#include "calib/core/error.hpp"
#include "calib/core/required.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {
struct InputForArgs {
  std::string code, model, version, clamp = "default", geometry = "sphere-sphere";
  double e = 0.0;
  // The material, size and speed have no default (require_given): every result depends on them.
  std::optional<double> youngs, poisson, radius, density, v, v_char;
  std::optional<double> k_linear;
  std::optional<double> time_step;
  std::optional<std::string> typed;  // parsed in the code's typed_units once the code is known
  bool list = false;
  Format format = Format::text;
};

// Every mapping, or only the named code's (InputError for an unknown code).
void print_list(Format format, const std::string& code) {
  if (!code.empty()) codes::find_code_law(code);
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const codes::CodeLaw& l : codes::code_laws()) {
    if (!code.empty() && l.code != code) continue;
    if (format == Format::json) {
      all.push_back({{"code", l.code},
                     {"model", l.model},
                     {"version", l.version},
                     {"law", l.law},
                     {"typed_name", l.typed.name},
                     {"clamp_default", l.clamp.by_default},
                     {"clamp_switch", l.clamp.switch_name},
                     {"speed_dependent", l.speed_dependent},
                     {"source", l.source}});
    } else {
      fmt::print("{:<11} {:<24} {:<19} {}\n", l.code, l.model, l.version, l.law);
    }
  }
  if (format == Format::json) fmt::print("{}\n", all.dump(2));
}
}  // namespace

void register_input_for(CLI::App& app) {
  auto args = std::make_shared<InputForArgs>();
  InputForArgs& a = *args;
  auto* cmd = app.add_subcommand(
      "input-for",
      "the value to type into another simulator (LAMMPS, LIGGGHTS, Chrono, Yade, ...) so that it "
      "achieves e, and the e it achieves with what you type today");
  cmd->add_option("code", a.code, "the simulator: see --list");
  auto* list = cmd->add_flag("--list", a.list, "list every code, model and version libcalib maps (only the named code's when a code is given)");
  cmd->add_option("--e", a.e, "target coefficient of restitution, in (0, 1]")->excludes(list)->check(not_empty());
  cmd->add_option("--model", a.model, "the code's own name of its normal/damping model "
                                       "(default: the code's first in --list)");
  cmd->add_option("--code-version", a.version,
                  "the code's version where its mapping changed (default: the Debian 12 one, or "
                  "the first in --list)");
  cmd->add_option("--clamp", a.clamp, "default|on|off: the code's switch against a pulling normal "
                                       "force (LAMMPS limit_damping, LIGGGHTS limitForce)")
      ->check(CLI::IsMember({"default", "on", "off"}))
      ->capture_default_str();
  cmd->add_option("--geometry", a.geometry,
                  "sphere-sphere (two identical spheres head-on) or sphere-wall (one sphere on a "
                  "fixed wall of the same material)")
      ->capture_default_str();
  add_quantity(*cmd, "--E", a.youngs, units::youngs_modulus, "Young's modulus of both spheres");
  add_quantity(*cmd, "--nu", a.poisson, units::poisson_ratio, "Poisson ratio");
  add_quantity(*cmd, "--radius", a.radius, units::length, "sphere radius");
  add_quantity(*cmd, "--density", a.density, units::density, "density");
  add_quantity(*cmd, "--v", a.v, units::speed, "impact speed (relative normal velocity)");
  add_quantity(*cmd, "--v-char", a.v_char, units::speed,
               "the code's characteristic / reference velocity (Hooke stiffness, Flores, MBDyn v0); "
               "required by the laws that read one");
  add_quantity(*cmd, "--timestep", a.time_step, units::duration,
               "the time step you run the code with: checked against the contact duration "
               "(the record's time_step is the largest that resolves it)");
  add_quantity(*cmd, "--k", a.k_linear, units::hooke_stiffness,
               "Hooke stiffness k_n of the linear models (default: Hertz secant stiffness at --v)");
  cmd->add_option("--typed", a.typed,
                  "the value you type today, in the code's typed_units (a bare number) or with a "
                  "unit of them (default: --e where the code reads a restitution)")
      ->type_name("QUANTITY")
      ->check(not_empty());
  add_format_flag(*cmd, a.format, {Format::text, Format::json});
  cmd->callback([args] {
    const InputForArgs& a = *args;
    if (a.list) return print_list(a.format, a.code);
    if (a.code.empty()) throw InputError("input-for: name a code (calib input-for --list)");
    if (a.e == 0.0) throw InputError("--e: the target restitution is required, in (0, 1]");
    const codes::CodeLaw& law = codes::find_code_law(a.code, a.model, a.version);
    require_given("input-for",
                  {{"--E", a.youngs.has_value()}, {"--nu", a.poisson.has_value()},
                   {"--radius", a.radius.has_value()}, {"--density", a.density.has_value()},
                   {"--v", a.v.has_value()}},
                  "the contact's stiffness, mass and speed decide what the code achieves");
    const codes::Contact contact =
        codes::make_contact(codes::parse_geometry(a.geometry), *a.youngs, *a.poisson, *a.radius,
                            *a.density, *a.v, a.k_linear, a.v_char);
    codes::InputForOptions options;
    options.target_e = a.e;
    if (a.typed) options.typed = codes::parse_typed(law, *a.typed, "--typed");
    options.version_asked = a.version;
    options.time_step = a.time_step;
    if (a.clamp != "default") options.clamp = a.clamp == "on";
    const codes::InputFor r = codes::input_for(law, contact, options);
    if (a.format == Format::json)
      fmt::print("{}\n", codes::to_json(r, contact).dump(2));
    else
      fmt::print("{}", codes::to_text(r, contact));
  });
}

}  // namespace calib::cli
