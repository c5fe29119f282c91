// The validate study's entry in the registry: config in, results folder out, summary back.
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/studies/validate.hpp"
#include "studies/run_config_study.hpp"

namespace calib::studies::validate {

void apply_overrides(Config& cfg, const nlohmann::json& o) {
  if (o.is_null()) return;
  if (!o.is_object())
    throw InputError(fmt::format("validate: overrides must be an object, got {}", o.dump()));
  for (auto it = o.begin(); it != o.end(); ++it)
    if (it.key() != "formula" && it.key() != "clamp" && it.key() != "samples")
      throw InputError(fmt::format("validate: unknown override '{}'", it.key()));
  const std::string clamp = o.value("clamp", std::string("default"));
  if (clamp != "default" && clamp != "on" && clamp != "off" && clamp != "both")
    throw InputError(fmt::format("--clamp must be default, on, off or both, got '{}'", clamp));
  const auto formulas = o.value("formula", std::vector<std::string>{});
  if (!formulas.empty()) {
    cfg.formulas.clear();
    for (const auto& name : formulas)
      for (auto& x : catalog_formulas(name, clamp)) cfg.formulas.push_back(x);
    cfg.as_json["cli_formulas"] = formulas;
    cfg.as_json["cli_clamp"] = clamp;
  }
  if (const int samples = o.value("samples", 0); samples > 0) {
    cfg.samples = samples;
    cfg.as_json["cli_samples"] = samples;
  }
}

std::string run_study(const RunRequest& request) {
  return run_config_study<Config>(request, run, write, report, [&](Config& config) {
    apply_overrides(config, request.overrides);
  });
}

}  // namespace calib::studies::validate
