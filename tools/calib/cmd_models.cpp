// `calib models`: the catalog with sources and validity.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/models/catalog.hpp"
#include "commands.hpp"

namespace calib::cli {

void register_models(CLI::App& app) {
  auto* cmd = app.add_subcommand("models", "list the contact-model catalog with sources");
  auto format_flag = std::make_shared<Format>(Format::text);
  add_format_flag(*cmd, *format_flag);
  cmd->callback([format_flag] {
    const Format format = *format_flag;
    if (format == Format::json) {
      nlohmann::ordered_json out = nlohmann::ordered_json::array();
      for (const auto& m : models::catalog()) out.push_back(models::to_json(m));
      fmt::print("{}\n", out.dump(2));
      return;
    }
    if (format == Format::csv) fmt::print("name,family,default_clamp,fixed_n,source\n");
    for (const auto& m : models::catalog()) {
      if (format == Format::csv)
        fmt::print("{},{},{},{},\"{}\"\n", m.name, family_name(m.family), m.default_clamp,
                   m.fixed_n ? fmt::format("{}", *m.fixed_n) : "", m.source);
      else
        fmt::print("{:<26} {:<14} {}\n{:<41} source: {}; valid: {}\n", m.name,
                   family_name(m.family), m.description, "", m.source, m.validity);
    }
  });
}

}  // namespace calib::cli
