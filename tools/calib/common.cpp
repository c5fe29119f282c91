#include <unistd.h>

#include <fmt/format.h>

#include "commands.hpp"

namespace calib::cli {

sweep::Execution StudyFlags::execution() const {
  return {threads, !quiet && (progress || ::isatty(STDERR_FILENO))};
}

void add_study_flags(CLI::App& cmd, StudyFlags& flags, const std::string& stem) {
  cmd.add_option("--config", flags.config, "TOML config")
      ->default_str("configs/" + stem + ".toml (data folders)");
  cmd.add_option("--out", flags.out, "output folder")->default_str("results/" + stem);
  cmd.add_option("--threads", flags.threads, "worker threads (0 = all cores)")
      ->check(CLI::NonNegativeNumber);
  cmd.add_flag("--quiet", flags.quiet, "no progress or summary on stderr");
  cmd.add_flag("--progress", flags.progress,
               "show a progress bar even when stderr is not a terminal");
}

void add_format_flag(CLI::App& cmd, Format& format) {
  cmd.add_option("--format", format, "output format")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, Format>{
              {"text", Format::text}, {"csv", Format::csv}, {"json", Format::json}},
          CLI::ignore_case))
      ->default_str("text");
}

void print_record(const nlohmann::json& rec, Format format) {
  if (format == Format::json) {
    fmt::print("{}\n", rec.dump(2));
    return;
  }
  std::string header, values;
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    const std::string val = it->is_string() ? it->get<std::string>() : it->dump();
    if (format == Format::csv) {
      header += (header.empty() ? "" : ",") + it.key();
      values += (values.empty() ? "" : ",") + val;
    } else {
      fmt::print("{:<18} {}\n", it.key(), val);
    }
  }
  if (format == Format::csv) fmt::print("{}\n{}\n", header, values);
}

}  // namespace calib::cli
