// Every registered study as `calib <study>` (studies/study.hpp), and `calib run-all`. Two
// studies also answer single questions: `kn-fit --model/--data` and `effective-mass --system`.
#include <filesystem>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/output_target.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/resources.hpp"
#include "calib/models/planar_system.hpp"
#include "calib/studies/effective_mass.hpp"
#include "calib/studies/kn_fit_single.hpp"
#include "calib/studies/study.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

namespace fs = std::filesystem;

studies::RunRequest request_for(const studies::Study& s, const StudyFlags& f) {
  const fs::path config = f.config.empty()
                              ? io::find_resource("configs/" + std::string(s.stem) + ".toml")
                              : fs::path(f.config);
  const fs::path out = f.out.empty() ? fs::path("results") / s.stem : fs::path(f.out);
  return {config, out, f.execution(), nlohmann::json::object()};
}

// `calib validate --formula/--clamp/--samples`: overrides of the config's formula list.
struct ValidateArgs {
  std::vector<std::string> formulas;
  std::string clamp = "default";
  int samples = 0;
  nlohmann::json overrides() const {
    nlohmann::json o = nlohmann::json::object();
    if (!formulas.empty()) o["formula"] = formulas, o["clamp"] = clamp;
    if (samples > 0) o["samples"] = samples;
    return o;
  }
};
void add_validate_flags(CLI::App& cmd, ValidateArgs& o) {
  cmd.add_option("--formula", o.formulas,
                 "catalog formula(s) to validate (default: the config's list)");
  auto* formula = cmd.get_option("--formula");
  cmd.add_option("--clamp", o.clamp, "clamp for --formula: default|on|off|both")
      ->check(CLI::IsMember({"default", "on", "off", "both"}))
      ->needs(formula)
      ->capture_default_str();
  cmd.add_option("--samples", o.samples, "random parameter sets per e (overrides the config)")
      ->check(whole_number(1, 100'000'000));
}

// `calib kn-fit --model ...` (one material/geometry) or `--data FILE` (measurements).
struct KnArgs {
  studies::kn_fit::SingleFitInput single;
  studies::kn_fit::MeasurementInput data;
  std::string robust = "none";
  Format format = Format::text;
  bool quiet = false;  // --quiet: the record is not printed
  std::vector<CLI::Option*> fit_only;  // meaningless for the table study: refused there
};

// The name of the first option of `options` given on the command line, or "".
std::string first_given(const std::vector<CLI::Option*>& options) {
  for (const CLI::Option* o : options)
    if (o->count() > 0) return o->get_name();
  return {};
}
void add_kn_fit_flags(CLI::App& cmd, KnArgs& k) {
  auto& a = k.single;
  auto* model = cmd.add_option(
      "--model", a.model,
      "single fit: radzimovsky, johnson, goldsmith, dubowsky-freudenstein, esdu-78035, "
      "lankarani-nikravesh, pereira2011, pereira2012");
  auto* material = cmd.add_option(
      "--material", a.material, "material name from --materials (body i; also body j unless given)");
  auto* material2 = cmd.add_option("--material2", a.material2, "material of body j");
  cmd.add_option("--materials", a.materials, "materials CSV")
      ->default_str("datasets/materials.csv (data folders)");
  cmd.add_option("--E", a.E, "Young's modulus of body i (e.g. 207GPa; bare = MPa)")->excludes(material);
  cmd.add_option("--nu", a.nu, "Poisson's ratio of body i")->excludes(material);
  cmd.add_option("--E2", a.E2, "Young's modulus of body j (default: body i)")->excludes(material2);
  cmd.add_option("--nu2", a.nu2, "Poisson's ratio of body j")->excludes(material2);
  cmd.add_option("--dR", a.dR, "radial clearance/sum dR (e.g. 5mm; bare = mm)");
  cmd.add_option("--Ri", a.Ri, "radius of body i (Goldsmith, DF, LN, Pereira)")
      ->capture_default_str();
  cmd.add_flag("--external", a.external,
               "external contact (dR = Ri + Rj); default internal (dR = Ri - Rj)");
  cmd.add_option("--length", a.length,
                 "contact length L: K reported for the force F = K L delta^n; "
                 "with --data, converts an F column to W = F/L");
  cmd.add_option("--W-min", a.W_min, "smallest W sample (e.g. 0.1N/mm)")->capture_default_str();
  cmd.add_option("--W-max", a.W_max, "largest W sample (e.g. 1kN/mm)")->capture_default_str();
  cmd.add_option("--W-step", a.W_step, "W sample step")->capture_default_str();
  cmd.add_option("--weighting", a.weighting, "none (least squares on W) or relative")
      ->check(CLI::IsMember({"none", "relative"}))
      ->capture_default_str();
  cmd.add_option("--error-floor-um", a.error_floor_um, "Max Error % only where delta >= this (um)")
      ->capture_default_str();
  cmd.add_option("--curve", a.curve,
                 "write the fitted curve CSV here (vs the implicit law, or vs the data)");
  cmd.add_option("--data", k.data.data,
                 "fit measurements: CSV with delta[unit] and W[unit] or F[unit] columns")
      ->excludes(model);
  cmd.add_option("--robust", k.robust, "robust loss for --data: none, huber, cauchy")
      ->check(CLI::IsMember({"none", "huber", "cauchy"}))
      ->capture_default_str();
  cmd.add_option("--loss-scale", k.data.loss_scale, "robust loss scale (in residual units)")
      ->capture_default_str();
  add_format_flag(cmd, k.format);
  for (const auto& o : cmd.get_options())
    if (o->get_name() != "--help" && o->get_name() != "--model" && o->get_name() != "--data" &&
        o->get_name() != "--config" && o->get_name() != "--out" && o->get_name() != "--threads" &&
        o->get_name() != "--quiet" && o->get_name() != "--progress")
      k.fit_only.push_back(o);
}
// True when a single-fit mode ran (and printed).
bool run_kn_fit_modes(KnArgs& k) {
  if (k.data.data.empty() && k.single.model.empty()) {
    if (const std::string o = first_given(k.fit_only); !o.empty())
      throw InputError(fmt::format("kn-fit {} applies to a single fit: give --model (one material and "
                                   "geometry) or --data (measurements)",
                                   o));
    return false;
  }
  if (!k.data.data.empty()) {
    k.data.length = k.single.length;
    k.data.weighting = k.single.weighting;
    k.data.robust = k.robust;
    k.data.error_floor_um = k.single.error_floor_um;
    k.data.curve = k.single.curve;
    const auto rec = studies::kn_fit::fit_measurements(k.data);
    if (!k.quiet) print_record(rec, k.format);
    return true;
  }
  if (k.single.model.empty()) return false;
  const auto rec = studies::kn_fit::fit_single(k.single);
  if (!k.quiet) print_record(rec, k.format);
  return true;
}

// `calib effective-mass --system FILE [--sweep coordinate=from:to:count] [--csv FILE]`.
struct SystemArgs {
  std::string system, sweep, csv;
  Format format = Format::text;
  bool quiet = false;  // --quiet: nothing on stdout (the --csv file is still written)
};
void add_effective_mass_flags(CLI::App& cmd, SystemArgs& s) {
  auto* system = cmd.add_option("--system", s.system,
                                "one system TOML (see configs/effmass/) instead of the study");
  auto* sweep = cmd.add_option(
      "--sweep", s.sweep, "with --system: coordinate=from:to:count, e.g. crank.angle=0:90:91 (degrees)");
  sweep->needs(system);
  cmd.add_option("--csv", s.csv, "with --sweep: CSV file to write (default: stdout)")->needs(sweep);
  add_format_flag(cmd, s.format);
  cmd.get_option("--format")->needs(system)->excludes(sweep);  // a sweep is always CSV
  for (const char* study_only : {"--config", "--out", "--threads", "--progress"})
    cmd.get_option(study_only)->excludes(system);
}
bool run_effective_mass_system(const SystemArgs& s) {
  if (s.system.empty()) return false;
  if (!s.csv.empty()) io::prepare_output_file(s.csv, {s.system});
  io::WallClock clock;
  auto sys = models::multibody::PlanarSystem::load(s.system);
  if (s.sweep.empty()) {
    auto rec = models::multibody::analyse(sys).to_json();
    rec["system"] = sys.name;
    if (!s.quiet) print_record(rec, s.format);
    return true;
  }
  const auto spec = studies::effective_mass::parse_sweep_spec(s.sweep, s.system);
  const auto table =
      studies::effective_mass::sweep_table(studies::effective_mass::sweep(sys, spec));
  if (s.csv.empty()) {
    if (s.quiet) return true;
    fmt::print("{}\n", fmt::join(table.header, ","));
    for (const auto& row : table.rows) {
      std::string line;
      for (const auto& c : row) line += (line.empty() ? "" : ",") + io::format_cell(c);
      fmt::print("{}\n", line);
    }
    return true;
  }
  io::CsvWriter w(s.csv, table.header);
  for (const auto& row : table.rows) w.row(row);
  w.commit();
  io::write_provenance_sidecar(
      s.csv, {"calib effective-mass",
              {{"system", s.system}, {"sweep", s.sweep}},
              {{"assembly_tol", 1e-12}},
              1,
              clock.started_utc(),
              clock.seconds(),
              {{"source", "Nikravesh & Poursina, effective mass, eq. 28, Fig. 10"}}});
  if (!s.quiet) fmt::print("effective-mass: {} points written to {}\n", table.rows.size(), s.csv);
  return true;
}

struct RunAllArgs {
  std::string configs, out = "results";
  int threads = 0;
};

}  // namespace

void register_studies(CLI::App& app) {
  for (const studies::Study& s : studies::registry()) {
    auto* cmd = app.add_subcommand(std::string(s.name), std::string(s.description));
    auto flags = std::make_shared<StudyFlags>();
    add_study_flags(*cmd, *flags, std::string(s.stem));
    auto validate = std::make_shared<ValidateArgs>();
    auto kn = std::make_shared<KnArgs>();
    auto system = std::make_shared<SystemArgs>();
    if (s.name == "validate") add_validate_flags(*cmd, *validate);
    if (s.name == "kn-fit") add_kn_fit_flags(*cmd, *kn);
    if (s.name == "effective-mass") add_effective_mass_flags(*cmd, *system);
    cmd->callback([&s, flags, validate, kn, system] {
      kn->quiet = system->quiet = flags->quiet;
      if (s.name == "kn-fit" && run_kn_fit_modes(*kn)) return;
      if (s.name == "effective-mass" && run_effective_mass_system(*system)) return;
      studies::RunRequest request = request_for(s, *flags);
      request.overrides = validate->overrides();
      const std::string summary = s.run(request);
      if (!flags->quiet) fmt::print("{}", summary);
      if (!flags->quiet && !summary.empty())
        fmt::print(stderr, "{}: results in {}\n", s.name, request.out.string());
    });
  }

  auto args = std::make_shared<RunAllArgs>();
  auto* run_all =
      app.add_subcommand("run-all", "regenerate every study (its config: configs/<stem>.toml)");
  run_all->add_option("--configs", args->configs, "folder of study configs")
      ->check(not_empty_path())
      ->default_str("configs (data folders)");
  run_all->add_option("--out", args->out, "results folder")
      ->check(not_empty_path())
      ->capture_default_str();
  add_threads_flag(*run_all, args->threads);
  run_all->callback([args] {
    const fs::path configs =
        args->configs.empty() ? io::find_resource("configs") : fs::path(args->configs);
    int ran = 0;
    for (const auto& [study, cfg] : studies::run_all_configs(configs)) {
      const studies::Study& s = *study;
      const studies::RunRequest request{
          cfg, fs::path(args->out) / s.stem, {args->threads, false}, nlohmann::json::object()};
      io::WallClock clock;
      fmt::print("==== {} ({}) ====\n", s.name, cfg.string());
      fmt::print("{}", s.run(request));
      fmt::print("---- {} done in {:.2f} s -> {}\n\n", s.name, clock.seconds(),
                 request.out.string());
      ++ran;
    }
    fmt::print("run-all: {} studies regenerated into {}/\n", ran, args->out);
  });
}

}  // namespace calib::cli
