// The program's own voice around CLI11: commands grouped by task in `calib --help`, and CLI11's
// parse errors restated as calib's other errors are ("calib CMD: error: ..."), with the nearest
// known command or option suggested for a typo.
#include <algorithm>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "calib/core/names.hpp"
#include "calib/studies/study.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {

// The task each command that is not a study serves (a study's row names its own).
const std::vector<std::pair<std::string_view, std::string_view>>& command_tasks() {
  static const std::vector<std::pair<std::string_view, std::string_view>> tasks{
      {"models", studies::task::contact_laws},  {"impact", studies::task::contact_laws},
      {"calibrate", studies::task::contact_laws}, {"copt", studies::task::contact_laws},
      {"input-for", studies::task::code_inputs},  {"fit-impact", studies::task::fitting},
      {"simulate", studies::task::systems},       {"sweep", studies::task::sweeps},
      {"merge", studies::task::sweeps},           {"run-all", studies::task::whole_runs},
      {"plot", studies::task::whole_runs},        {"report", studies::task::whole_runs},
  };
  return tasks;
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* s : app.get_subcommands({})) names.push_back(s->get_name());
  return names;
}

// Every long name of `cmd`'s options ("--model"), for suggestions.
std::vector<std::string> option_names(const CLI::App& cmd) {
  std::vector<std::string> names;
  for (const CLI::Option* o : cmd.get_options())
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
  return names;
}

std::string suggestion(std::string_view given, const std::vector<std::string>& known) {
  return did_you_mean(given, std::vector<std::string_view>(known.begin(), known.end()));
}

// "unknown option --modle (did you mean '--model'?)" for each argument CLI11 did not expect.
std::string unexpected_arguments(const CLI::App& cmd, const std::string& what) {
  const auto colon = what.find(": ");
  std::vector<std::string> parts;
  for (std::size_t i = colon == std::string::npos ? what.size() : colon + 2; i < what.size();) {
    const auto end = std::min(what.find(' ', i), what.size());
    if (end > i) {
      const std::string arg = what.substr(i, end - i);
      parts.push_back(arg.starts_with("-")
                          ? fmt::format("unknown option {}{}", arg, suggestion(arg, option_names(cmd)))
                          : fmt::format("unexpected argument '{}'", arg));
    }
    i = end + 1;
  }
  std::ranges::reverse(parts);  // CLI11 lists them last first
  return parts.empty() ? what : fmt::format("{}", fmt::join(parts, "; "));
}

// CLI11's message in calib's words: what is wrong and with which flag.
std::string restated(const CLI::App& cmd, const CLI::ParseError& e) {
  const std::string what = e.what();
  static const std::regex conversion(R"(Could not convert: (\S+) = (.*))");
  if (std::smatch m; std::regex_match(what, m, conversion)) {
    const CLI::Option* o = cmd.get_option_no_throw(m[1].str());
    const std::string type = o ? o->get_type_name() : "";
    const bool whole = type.find("INT") != std::string::npos;
    return fmt::format("{}: '{}' is not {}", m[1].str(), m[2].str(),
                       whole ? "a whole number" : "a number");
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) return unexpected_arguments(cmd, what);
  return what;
}

// The deepest command the arguments reached (the program itself when none).
const CLI::App& failing_command(const CLI::App& app) {
  const CLI::App* at = &app;
  for (auto parsed = at->get_subcommands(); !parsed.empty(); parsed = at->get_subcommands())
    at = parsed.front();
  return *at;
}

}  // namespace

void group_commands(CLI::App& app) {
  for (CLI::App* cmd : app.get_subcommands({}))
    for (const auto& [name, task] : command_tasks())
      if (cmd->get_name() == name) cmd->group(std::string(task));
}

std::optional<std::string> unknown_command(const CLI::App& app, std::string_view given) {
  const auto known = command_names(app);
  for (const std::string& k : known)
    if (k == given) return std::nullopt;
  return fmt::format("calib: error: unknown command '{}'{}; `calib --help` lists the commands", given,
                     suggestion(given, known));
}

std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e) {
  const CLI::App& cmd = failing_command(app);
  const std::string name = &cmd == &app ? "calib" : "calib " + cmd.get_name();
  return fmt::format("{}: error: {} (see `{} --help`)", name, restated(cmd, e), name);
}

}  // namespace calib::cli
