// Study subcommands (one per published study) and `calib run-all`.
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "calib/damping_fit.hpp"
#include "calib/effective_mass_study.hpp"
#include "calib/io/config.hpp"
#include "calib/io/provenance.hpp"
#include "calib/rms_table.hpp"
#include "calib/validate.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

// A study: reads its config, writes into `out`, returns a one-paragraph summary.
using StudyRunner = std::function<std::string(const StudyFlags&)>;

std::string run_rms_table(const StudyFlags& f) {
  io::WallClock clock;
  const auto cfg = rms_table::Config::from(io::ConfigNode::load_file(f.config));
  const auto result = rms_table::run(cfg, f.threads);
  rms_table::write(result, cfg, f.out, f.threads, clock.started_utc(), clock.seconds());
  return rms_table::report(result);
}

std::string run_damping_fit(const StudyFlags& f) {
  io::WallClock clock;
  const auto cfg = damping_fit::Config::from(io::ConfigNode::load_file(f.config));
  const auto result = damping_fit::run(cfg, f.threads);
  damping_fit::write(result, cfg, f.out, f.threads, clock.started_utc(), clock.seconds());
  return damping_fit::report(result);
}

std::string run_effective_mass(const StudyFlags& f) {
  io::WallClock clock;
  const auto cfg = effective_mass_study::Config::from(io::ConfigNode::load_file(f.config));
  const auto result = effective_mass_study::run(cfg);
  effective_mass_study::write(result, cfg, f.out, clock.started_utc(), clock.seconds());
  return effective_mass_study::report(result);
}

// `calib validate` extras: --formula (repeatable) and --clamp override the config's list.
struct ValidateOverrides {
  std::vector<std::string> formulas;
  std::string clamp = "default";
  int samples = 0;
};
ValidateOverrides& validate_overrides() {
  static ValidateOverrides o;
  return o;
}

std::string run_validate(const StudyFlags& f) {
  io::WallClock clock;
  auto cfg = validate::Config::from(io::ConfigNode::load_file(f.config));
  const auto& o = validate_overrides();
  if (!o.formulas.empty()) {
    cfg.formulas.clear();
    for (const auto& name : o.formulas)
      for (auto& x : validate::catalog_formulas(name, o.clamp)) cfg.formulas.push_back(x);
    cfg.as_json["cli_formulas"] = o.formulas;
    cfg.as_json["cli_clamp"] = o.clamp;
  }
  if (o.samples > 0) {
    cfg.samples = o.samples;
    cfg.as_json["cli_samples"] = o.samples;
  }
  const auto result = validate::run(cfg, f.threads);
  validate::write(result, cfg, f.out, f.threads, clock.started_utc(), clock.seconds());
  return validate::report(result);
}

void add_validate_flags(CLI::App& cmd) {
  auto& o = validate_overrides();
  cmd.add_option("--formula", o.formulas, "catalog formula(s) to validate (default: the config's list)");
  cmd.add_option("--clamp", o.clamp, "clamp for --formula: default|on|off|both")
      ->check(CLI::IsMember({"default", "on", "off", "both"}))
      ->capture_default_str();
  cmd.add_option("--samples", o.samples, "random parameter sets per e (overrides the config)")
      ->check(CLI::PositiveNumber);
}

// Registered in one place: (subcommand name, config stem, description, runner).
struct Study {
  std::string command, stem, description;
  StudyRunner run;
  std::function<void(CLI::App&)> extra_flags = nullptr;  // study-specific CLI options
};

const std::vector<Study>& studies() {
  static const std::vector<Study> list = {
      {"rms-table", "rms_table", "SF2020 Table 2: RMS (a,b) table, optimum, per-formula COR errors", run_rms_table},
      {"damping-fit", "damping_fit", "PN2020 alpha(n)/beta(n) fits, scaling exponents, improved closed form", run_damping_fit},
      {"validate", "validate", "PN2020 Fig. 8 generalised: |e_out - e| of damping formulas over random parameters",
       run_validate, add_validate_flags},
      {"kn-fit", "kn_tables", "PINSLOT K-n power-law fits: Tables 2-9 and 11, a new material, or measurements",
       run_kn_fit, add_kn_fit_flags},
      {"effective-mass-study", "effective_mass", "NP effective-mass examples 1-4 and Fig. 10 sweep", run_effective_mass},
  };
  return list;
}

}  // namespace

void register_studies(CLI::App& app) {
  for (const Study& s : studies()) {
    auto* cmd = app.add_subcommand(s.command, s.description);
    auto flags = std::make_shared<StudyFlags>();
    add_study_flags(*cmd, *flags, s.stem);
    if (s.extra_flags) s.extra_flags(*cmd);
    cmd->callback([flags, &s] {
      const std::string summary = s.run(*flags);
      fmt::print("{}", summary);
      if (!flags->quiet && !summary.empty()) fmt::print(stderr, "{}: results in {}\n", s.command, flags->out);
    });
  }

  static std::string configs = "configs", out = "results";
  static int threads = 0;
  auto* run_all = app.add_subcommand("run-all", "regenerate every study whose config is in configs/");
  run_all->add_option("--configs", configs, "folder of study configs")->capture_default_str();
  run_all->add_option("--out", out, "results folder")->capture_default_str();
  run_all->add_option("--threads", threads, "worker threads (0 = all cores)");
  run_all->callback([] {
    int ran = 0;
    for (const Study& s : studies()) {
      const std::filesystem::path cfg = std::filesystem::path(configs) / (s.stem + ".toml");
      if (!std::filesystem::exists(cfg)) continue;
      StudyFlags f{cfg.string(), (std::filesystem::path(out) / s.stem).string(), threads, true, false};
      io::WallClock clock;
      fmt::print("==== {} ({}) ====\n", s.command, cfg.string());
      fmt::print("{}", s.run(f));
      fmt::print("---- {} done in {:.2f} s -> {}\n\n", s.command, clock.seconds(), f.out);
      ++ran;
    }
    fmt::print("run-all: {} studies regenerated into {}/\n", ran, out);
  });
}

}  // namespace calib::cli
