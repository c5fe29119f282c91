#pragma once
// A study's extra command-line options as data: the settings of its run (typed overrides) and
// its single-question modes (`kn-fit --model`, `effective-mass --system`). The CLI adds every
// option generically from these descriptions and hands the given values back as text; the study
// parses them (InputError naming the option) and answers.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/core/units.hpp"
#include "calib/io/csv.hpp"
#include "calib/studies/validate_overrides.hpp"

namespace calib::studies {

// Study-specific settings of a run, typed; monostate: none. Recorded in the provenance
// sidecars through the config (e.g. validate's cli_formulas).
using Overrides = std::variant<std::monostate, validate::Overrides>;

enum class OptionKind {
  text,    // one value
  texts,   // one or more values
  number,  // one real number
  whole,   // one whole number in [min, max]
  flag     // no value
};

struct OptionSpec {
  std::string_view flag;  // "--clamp"
  std::string_view help;
  OptionKind kind = OptionKind::text;
  std::vector<std::string_view> choices = {};   // the allowed values (empty: any)
  std::string_view default_value = {};          // shown in --help
  long long min = 0, max = 0;                   // whole numbers
  std::string_view needs = {};                  // an option this one needs
  std::vector<std::string_view> excludes = {};  // options it cannot be given with
  std::string_view replaced_by = {};  // a retired spelling: refused, naming its replacement
  // A physical value (core/units): checked as one where it is given (a bare number is SI, a unit
  // suffix is accepted) and handed to the study as the text given.
  const units::Quantity* quantity = nullptr;
};

// The extra options given, by flag ("--E"), as text.
class OptionValues {
 public:
  void set(std::string flag, std::vector<std::string> values);
  bool has(std::string_view flag) const;
  std::string text(std::string_view flag, std::string fallback = {}) const;
  std::vector<std::string> texts(std::string_view flag) const;
  // InputError naming the flag and the text when it is not a finite number.
  std::optional<double> number(std::string_view flag) const;
  double number(std::string_view flag, double fallback) const;

 private:
  std::map<std::string, std::vector<std::string>, std::less<>> values_;
};

// What a mode answers: one record (printed as --format text|csv|json) or a table (always CSV,
// to stdout unless it went to a file), the files it wrote and a line to print about them.
struct ModeOutput {
  nlohmann::ordered_json record;
  std::vector<std::string> header;
  std::vector<std::vector<io::CsvCell>> rows;
  std::vector<std::filesystem::path> files;
  std::string message;
};

struct StudyMode {
  std::string_view trigger;  // "--model": the mode runs when this option is given
  ModeOutput (*answer)(const OptionValues& values);
  bool writes_out = false;  // the study's --out names the mode's output file
};

struct StudyOptions {
  std::vector<OptionSpec> run = {};  // settings of the study run, read by `overrides`
  Overrides (*overrides)(const OptionValues& values) = nullptr;
  std::vector<OptionSpec> mode = {};  // options of the modes only (refused in a study run)
  std::vector<StudyMode> modes = {};
  std::string_view mode_hint = {};  // what a mode option needs, e.g. "give --model or --data"
};

}  // namespace calib::studies
