// `calib validate --formula/--clamp/--samples`: the typed overrides of the config's formula
// list and sample count, and their command-line options.
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/studies/validate.hpp"

namespace calib::studies::validate {

void apply_overrides(Config& cfg, const Overrides& o) {
  const std::string& clamp = o.clamp;
  if (clamp != "default" && clamp != "on" && clamp != "off" && clamp != "both")
    throw InputError(fmt::format("--clamp must be default, on, off or both, got '{}'", clamp));
  if (o.samples < 0)
    throw InputError(fmt::format("--samples must be at least 1, got {}", o.samples));
  const auto& formulas = o.formulas;
  if (!formulas.empty()) {
    cfg.formulas.clear();
    for (const auto& name : formulas)
      for (auto& x : catalog_formulas(name, clamp)) cfg.formulas.push_back(x);
    cfg.as_json["cli_formulas"] = formulas;
    cfg.as_json["cli_clamp"] = clamp;
  }
  if (const int samples = o.samples; samples > 0) {
    cfg.samples = samples;
    cfg.as_json["cli_samples"] = samples;
  }
}

Overrides overrides_from(const OptionValues& values) {
  Overrides o;
  o.formulas = values.texts("--formula");
  o.clamp = values.text("--clamp", "default");
  o.samples = static_cast<int>(values.number("--samples", 0.0));
  return o;
}

StudyOptions Module::options() {
  return {.run = {{.flag = "--formula",
                   .help = "catalog formula(s) to validate (default: the config's list)",
                   .kind = OptionKind::texts},
                  {.flag = "--clamp",
                   .help = "clamp for --formula: default|on|off|both",
                   .choices = {"default", "on", "off", "both"},
                   .default_value = "default",
                   .needs = "--formula"},
                  {.flag = "--samples",
                   .help = "random parameter sets per e (overrides the config)",
                   .kind = OptionKind::whole,
                   .min = 1,
                   .max = 100'000'000}},
          .overrides = [](const OptionValues& values) {
            return studies::Overrides(overrides_from(values));
          }};
}

}  // namespace calib::studies::validate
