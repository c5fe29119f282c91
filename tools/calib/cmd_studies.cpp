// Study subcommands (one per published study) and `calib run-all`.
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "calib/io/config.hpp"
#include "calib/io/provenance.hpp"
#include "calib/rms_table.hpp"
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

// Registered in one place: (subcommand name, config stem, description, runner).
struct Study {
  std::string command, stem, description;
  StudyRunner run;
};

const std::vector<Study>& studies() {
  static const std::vector<Study> list = {
      {"rms-table", "rms_table", "SF2020 Table 2: RMS (a,b) table, optimum, per-formula COR errors", run_rms_table},
  };
  return list;
}

}  // namespace

void register_studies(CLI::App& app) {
  for (const Study& s : studies()) {
    auto* cmd = app.add_subcommand(s.command, s.description);
    auto flags = std::make_shared<StudyFlags>();
    add_study_flags(*cmd, *flags, s.stem);
    cmd->callback([flags, &s] {
      const std::string summary = s.run(*flags);
      fmt::print("{}", summary);
      if (!flags->quiet) fmt::print(stderr, "{}: results in {}\n", s.command, flags->out);
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
