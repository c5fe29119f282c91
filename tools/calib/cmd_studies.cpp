// Every registered study as `calib <study>` (studies/study.hpp), and `calib run-all`. One loop
// for all of them: the shared flags, then the study's extra options and modes as its registry
// row describes them (studies/options.hpp); the study parses their values and answers.
#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/output_lock.hpp"
#include "calib/io/output_target.hpp"
#include "calib/io/provenance.hpp"
#include "calib/io/resources.hpp"
#include "calib/studies/study.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

namespace fs = std::filesystem;
using studies::OptionKind;
using studies::OptionSpec;

studies::RunRequest request_for(const studies::Study& s, const StudyFlags& f) {
  const fs::path config = f.config.empty()
                              ? io::find_resource("configs/" + std::string(s.stem) + ".toml")
                              : fs::path(f.config);
  const fs::path out = f.out.empty() ? fs::path("results") / s.stem : fs::path(f.out);
  return {config, out, f.execution()};
}

// CLI11 storage of a study's extra options (map nodes never move), and what was given.
struct ExtraOptions {
  std::map<std::string, std::string, std::less<>> text;
  std::map<std::string, std::vector<std::string>, std::less<>> texts;
  std::map<std::string, CLI::Option*, std::less<>> option;
  Format format = Format::text;
  CLI::Option* format_option = nullptr;

  bool given(std::string_view flag) const {
    const auto it = option.find(flag);
    return it != option.end() && it->second->count() > 0;
  }
  // The values given, by flag, for the study to parse.
  studies::OptionValues values() const {
    studies::OptionValues v;
    for (const auto& [flag, o] : option) {
      if (o->count() == 0) continue;
      if (const auto t = texts.find(flag); t != texts.end()) v.set(flag, t->second);
      else if (const auto s = text.find(flag); s != text.end()) v.set(flag, {s->second});
      else v.set(flag, {});  // a flag without a value
    }
    if (format_option && format_option->count() > 0) v.set("--format", {});
    return v;
  }
};

CLI::Option* add_extra_option(CLI::App& cmd, const OptionSpec& spec, ExtraOptions& x) {
  const std::string flag(spec.flag), help(spec.help);
  CLI::Option* o = nullptr;
  if (spec.kind == OptionKind::flag) o = cmd.add_flag(flag, help);
  else if (spec.kind == OptionKind::texts) o = cmd.add_option(flag, x.texts[flag], help);
  else o = cmd.add_option(flag, x.text[flag], help);
  if (spec.quantity) check_quantity(*o, *spec.quantity);
  else if (spec.kind == OptionKind::number) o->check(CLI::Number);
  if (spec.kind == OptionKind::whole) o->check(whole_number(spec.min, spec.max));
  if (!spec.choices.empty())
    o->check(CLI::IsMember(std::vector<std::string>(spec.choices.begin(), spec.choices.end())));
  if (!spec.default_value.empty()) o->default_str(std::string(spec.default_value));
  if (!spec.replaced_by.empty()) o->group("");  // retired: accepted only to be refused by name
  return x.option[flag] = o;
}

// Every extra option of the study, then their relations (needs, excludes).
void add_extra_options(CLI::App& cmd, const studies::StudyOptions& options, ExtraOptions& x) {
  for (const auto* list : {&options.run, &options.mode})
    for (const OptionSpec& spec : *list) add_extra_option(cmd, spec, x);
  for (const auto* list : {&options.run, &options.mode})
    for (const OptionSpec& spec : *list) {
      CLI::Option* o = x.option.at(std::string(spec.flag));
      if (!spec.needs.empty()) o->needs(x.option.at(std::string(spec.needs)));
      for (std::string_view other : spec.excludes) o->excludes(x.option.at(std::string(other)));
    }
  if (!options.modes.empty()) {
    add_format_flag(cmd, x.format);
    x.format_option = cmd.get_option("--format");
  }
}

// What a mode answers: a table as CSV, else the record in the chosen format; then its note.
// --quiet: nothing on stdout (the files the mode writes are still written).
void print_mode_output(const studies::ModeOutput& out, Format format, bool quiet) {
  if (quiet) return;
  if (!out.header.empty()) {
    fmt::print("{}\n", fmt::join(out.header, ","));
    for (const auto& row : out.rows) {
      std::string line;
      for (const auto& c : row) {
        if (!line.empty()) line += ',';
        line += io::format_cell(c);
      }
      fmt::print("{}\n", line);
    }
  } else if (!out.record.is_null()) {
    print_record(out.record, format);
  }
  fmt::print("{}", out.message);
}

void run_mode(const studies::Study& s, const studies::StudyMode& mode, const StudyFlags& f,
              const ExtraOptions& x, CLI::App& cmd) {
  for (const char* study_only : {"--config", "--threads", "--progress"})
    if (cmd.get_option(study_only)->count() > 0)
      throw InputError(fmt::format("{} {} applies to the study run, not to {}", s.name,
                                   study_only, mode.trigger));
  studies::OptionValues values = x.values();
  if (!f.out.empty()) {
    if (!mode.writes_out)
      throw InputError(fmt::format("{} --out applies to the study run, not to {}", s.name,
                                   mode.trigger));
    values.set("--out", {f.out});
  }
  print_mode_output(mode.answer(values), x.format, f.quiet);
}

void run_study_command(const studies::Study& s, const StudyFlags& f, const ExtraOptions& x,
                       CLI::App& cmd) {
  const studies::StudyOptions& options = s.options;
  for (const OptionSpec& spec : options.mode)
    if (!spec.replaced_by.empty() && x.given(spec.flag))
      throw InputError(fmt::format("{} {} is now {}", s.name, spec.flag, spec.replaced_by));
  for (const studies::StudyMode& mode : options.modes)
    if (x.given(mode.trigger)) return run_mode(s, mode, f, x, cmd);
  for (const OptionSpec& spec : options.mode)
    if (x.given(spec.flag))
      throw InputError(fmt::format("{} {} applies to {}", s.name, spec.flag, options.mode_hint));
  if (x.format_option && x.format_option->count() > 0)
    throw InputError(fmt::format("{} --format applies to {}", s.name, options.mode_hint));
  studies::RunRequest request = request_for(s, f);
  if (options.overrides) request.overrides = options.overrides(x.values());
  const std::string summary = s.run(request);
  if (f.quiet) return;  // the results are written; stdout stays empty
  fmt::print("{}", summary);
  if (!summary.empty())
    fmt::print(stderr, "{}: results in {}\n", s.name, request.out.string());
}

struct RunAllArgs {
  std::string configs, out = "results";
  int threads = 0;
};

void register_run_all(CLI::App& app) {
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
    const auto list = studies::run_all_configs(configs);
    // One run-all per results folder: a second one would replace this one's finished studies.
    io::check_output_dir(args->out);
    const io::OutputLock lock(args->out);
    fs::create_directories(args->out);
    int ran = 0;
    for (const auto& [study, cfg] : list) {
      const studies::Study& s = *study;
      const studies::RunRequest request{cfg, fs::path(args->out) / s.stem, {args->threads, false}};
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

}  // namespace

void register_studies(CLI::App& app) {
  for (const studies::Study& s : studies::registry()) {
    auto* cmd = app.add_subcommand(std::string(s.name), std::string(s.description));
    cmd->group(std::string(s.task));
    auto flags = std::make_shared<StudyFlags>();
    auto extra = std::make_shared<ExtraOptions>();
    add_study_flags(*cmd, *flags, std::string(s.stem));
    add_extra_options(*cmd, s.options, *extra);
    cmd->callback([&s, flags, extra, cmd] { run_study_command(s, *flags, *extra, *cmd); });
  }
  register_run_all(app);
}

}  // namespace calib::cli
