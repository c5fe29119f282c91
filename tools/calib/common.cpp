#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "calib/core/vocabulary.hpp"

#include "commands.hpp"

namespace calib::cli {

sweep::Execution StudyFlags::execution() const {
  return {threads, !quiet && (progress || ::isatty(STDERR_FILENO))};
}

void add_study_flags(CLI::App& cmd, StudyFlags& flags, const std::string& stem) {
  cmd.add_option("--config", flags.config, "TOML config")
      ->check(not_empty_path())
      ->default_str("configs/" + stem + ".toml (data folders)");
  cmd.add_option("--out", flags.out, "output folder")
      ->check(not_empty_path())
      ->default_str("results/" + stem);
  add_threads_flag(cmd, flags.threads);
  cmd.add_flag("--quiet", flags.quiet,
               "print nothing: no progress, summary or table (the files are still written)");
  cmd.add_flag("--progress", flags.progress,
               "show a progress bar even when stderr is not a terminal");
}

CLI::Validator whole_number(long long lo, long long hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        long long value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        const std::string shown = text.size() > 24 ? text.substr(0, 24) + "..." : text;
        if (ec != std::errc() || end != text.data() + text.size() || value < lo || value > hi)
          return fmt::format("must be a whole number in [{}, {}], got '{}'", lo, hi, shown);
        return {};
      },
      fmt::format("INT in [{}, {}]", lo, hi));
}

CLI::Validator not_empty() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return text.empty() ? std::string("must be a number, got an empty value") : std::string();
      },
      "NUMBER");
}

CLI::Validator not_empty_path() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return text.empty() ? std::string("must be a path, got an empty value") : std::string();
      },
      "PATH");
}

namespace {
// "(a bare number in Pa; or with a unit, e.g. 207GPa)": how every QUANTITY's help ends.
std::string quantity_help(const std::string& help, const units::Quantity& q) {
  if (q.si_unit.empty()) return fmt::format("{} (a number, no unit)", help);
  return fmt::format("{} (a bare number in {}; or with a unit, e.g. {})", help, q.si_unit,
                     q.example);
}
}  // namespace

CLI::Option* add_quantity(CLI::App& cmd, const std::string& name, double& value,
                          const units::Quantity& q, const std::string& help) {
  auto* o = cmd.add_option_function<std::string>(
      name, [&value, q, name](const std::string& text) { value = units::parse(text, q, name); },
      quantity_help(help, q));
  return o->type_name("QUANTITY")->default_str(fmt::format("{}", value));
}

CLI::Option* add_quantity(CLI::App& cmd, const std::string& name, std::optional<double>& value,
                          const units::Quantity& q, const std::string& help) {
  auto* o = cmd.add_option_function<std::string>(
      name, [&value, q, name](const std::string& text) { value = units::parse(text, q, name); },
      quantity_help(help, q));
  return o->type_name("QUANTITY");
}

void check_quantity(CLI::Option& option, const units::Quantity& q) {
  const std::string name = option.get_name();
  option.each([q, name](const std::string& text) { units::parse(text, q, name); });
  option.description(quantity_help(option.get_description(), q));
  option.type_name("QUANTITY");
}

namespace {
// K of F = K δⁿ read at the exponent `n_now()` gives when the flag is parsed.
CLI::Option* stiffness_option(CLI::App& cmd, const std::string& name,
                              std::function<void(double)> store, std::function<double()> n_now,
                              const std::string& help) {
  auto* o = cmd.add_option_function<std::string>(
      name,
      [store, n_now, name](const std::string& text) {
        store(units::parse(text, units::contact_stiffness(n_now()), name));
      },
      help + " (a bare number in N/m^n; or with a unit, e.g. 1e10N/m^1.5 for n = 1.5)");
  return o->type_name("QUANTITY");
}
}  // namespace

CLI::Option* add_contact_stiffness(CLI::App& cmd, const std::string& name,
                                   std::optional<double>& k, const double& n,
                                   const std::string& help) {
  return stiffness_option(cmd, name, [&k](double x) { k = x; }, [&n] { return n; }, help);
}

CLI::Option* add_contact_stiffness(CLI::App& cmd, const std::string& name,
                                   std::optional<double>& k, const std::optional<double>& n,
                                   double n_default, const std::string& help) {
  return stiffness_option(cmd, name, [&k](double x) { k = x; },
                          [&n, n_default] { return n.value_or(n_default); }, help);
}

CLI::App* add_threads_flag(CLI::App& cmd, int& threads) {
  cmd.add_option("--threads", threads, "worker threads (0 = all cores)")->check(whole_number(0, 1024));
  return &cmd;
}

void add_format_flag(CLI::App& cmd, Format& format, const std::vector<Format>& offered) {
  // The offered names (any case) -> the enum's number, with a message naming the choices.
  const std::map<std::string, Format> all{
      {"text", Format::text}, {"csv", Format::csv}, {"json", Format::json}};
  std::map<std::string, Format> known;
  std::vector<std::string> names;
  for (const auto& [name, f] : all)
    if (std::find(offered.begin(), offered.end(), f) != offered.end()) known[name] = f;
  for (const Format f : offered)
    for (const auto& [name, g] : all)
      if (g == f) names.push_back(name);
  const std::string choices = fmt::format("{}", fmt::join(names, "|"));
  const CLI::Validator check(
      [known, choices](std::string& text) -> std::string {
        std::string t = text;
        for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const auto it = known.find(t);
        if (it == known.end())
          return fmt::format("must be one of {}, got '{}'", choices, text.substr(0, 24));
        text = std::to_string(static_cast<int>(it->second));
        return {};
      },
      choices);
  cmd.add_option("--format", format, "output format")->transform(check)->default_str("text");
}

void print_record(const nlohmann::ordered_json& rec, Format format) {
  if (format == Format::json) {
    fmt::print("{}\n", vocabulary::with_units(rec).dump(2));
    return;
  }
  std::string header, values;
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    const std::string val = it->is_string() ? it->get<std::string>() : it->dump();
    const std::string column = vocabulary::column(it.key());
    if (format == Format::csv) {
      header += (header.empty() ? "" : ",") + column;
      values += (values.empty() ? "" : ",") + val;
    } else {
      fmt::print("{:<18} {}\n", column, val);
    }
  }
  if (format == Format::csv) fmt::print("{}\n{}\n", header, values);
}

}  // namespace calib::cli
