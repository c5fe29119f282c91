#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "calib/codes/code_law.hpp"
#include "calib/core/error.hpp"
#include "codes/laws.hpp"
#include "calib/core/names.hpp"

namespace calib::codes {

const std::vector<CodeLaw>& code_laws() {
  static const std::vector<CodeLaw> laws = [] {
    std::vector<CodeLaw> all;
    for (auto part : {detail::lammps_laws, detail::liggghts_laws, detail::chrono_laws,
                      detail::yade_laws, detail::mercurydpm_laws, detail::mfix_laws,
                      detail::kratos_laws, detail::simbody_laws, detail::multibody_laws, detail::mujoco_laws}) {
      auto laws = part();
      all.insert(all.end(), laws.begin(), laws.end());
    }
    return all;
  }();
  return laws;
}

std::vector<std::string_view> code_names() {
  std::vector<std::string_view> names;
  for (const CodeLaw& law : code_laws())
    if (std::find(names.begin(), names.end(), law.code) == names.end()) names.push_back(law.code);
  return names;
}

namespace {

// The whole of `text` as a non-negative integer of at most 9 digits.
std::optional<int> whole_number(std::string_view text) {
  int value = 0;
  if (text.empty() || text.size() > 9) return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

bool valid_date(int year, int month, int day) {
  return year >= 1900 && year <= 2999 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

// LAMMPS: "2Aug2023" (day, English month abbreviation, year) or "20220106" (Debian's yyyymmdd).
std::optional<Release> parse_date(std::string_view text, int update) {
  static constexpr std::array<std::string_view, 12> kMonths = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  if (const auto n = text.size() == 8 ? whole_number(text) : std::nullopt) {
    const int year = *n / 10000, month = *n / 100 % 100, day = *n % 100;
    if (!valid_date(year, month, day)) return std::nullopt;
    return Release{Release::Scheme::date, {year, month, day, update}};
  }
  const auto letter = std::find_if(text.begin(), text.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
  const auto at = static_cast<std::size_t>(letter - text.begin());
  if (at == 0 || at > 2 || text.size() != at + 7) return std::nullopt;
  const auto day = whole_number(text.substr(0, at));
  const auto month = std::find(kMonths.begin(), kMonths.end(), text.substr(at, 3));
  const auto year = whole_number(text.substr(at + 3));
  if (!day || !year || month == kMonths.end()) return std::nullopt;
  const int m = static_cast<int>(month - kMonths.begin()) + 1;
  if (!valid_date(*year, m, *day)) return std::nullopt;
  return Release{Release::Scheme::date, {*year, m, *day, update}};
}

// LAMMPS release tags: "stable_2Aug2023_update1", "patch_2Aug2023", "stable_2Aug2023".
std::optional<Release> parse_lammps_tag(std::string_view text) {
  for (std::string_view prefix : {"stable_", "patch_"})
    if (text.starts_with(prefix)) text.remove_prefix(prefix.size());
  int update = 0;
  if (const auto at = text.find("_update"); at != std::string_view::npos) {
    const auto n = whole_number(text.substr(at + 7));
    if (!n) return std::nullopt;
    update = *n;
    text = text.substr(0, at);
  }
  return parse_date(text, update);
}

// Yade "2023.02a": year, two-digit month, an optional letter.
std::optional<Release> parse_year_month(std::string_view text) {
  if (text.size() < 7 || text.size() > 8 || text[4] != '.') return std::nullopt;
  const auto year = whole_number(text.substr(0, 4)), month = whole_number(text.substr(5, 2));
  if (!year || !month || !valid_date(*year, *month, 1)) return std::nullopt;
  int letter = 0;
  if (text.size() == 8) {
    if (text[7] < 'a' || text[7] > 'z') return std::nullopt;
    letter = text[7] - 'a' + 1;
  }
  return Release{Release::Scheme::year_month, {*year, *month, letter, 0}};
}

// "3.8.0": one to four dot-separated numbers of at most four digits (so that a bad date such as
// "20221306" is no release at all).
std::optional<Release> parse_dotted(std::string_view text) {
  Release r{Release::Scheme::dotted, {}};
  for (std::size_t i = 0; i < r.key.size(); ++i) {
    const auto dot = text.find('.');
    const auto part = text.substr(0, dot);
    const auto n = part.size() <= 4 ? whole_number(part) : std::nullopt;
    if (!n) return std::nullopt;
    r.key[i] = *n;
    if (dot == std::string_view::npos) return r;
    text.remove_prefix(dot + 1);
  }
  return std::nullopt;
}

}  // namespace

std::optional<Release> parse_release(std::string_view label) {
  if (auto date = parse_lammps_tag(label)) return date;
  if (auto year_month = parse_year_month(label)) return year_month;
  return parse_dotted(label);
}

namespace {

template <class Keep, class Name>
std::vector<std::string_view> distinct(Keep keep, Name name) {
  std::vector<std::string_view> out;
  for (const CodeLaw& law : code_laws())
    if (keep(law) && std::find(out.begin(), out.end(), name(law)) == out.end())
      out.push_back(name(law));
  return out;
}

// The mapping in force at the named release: the latest one at or before it.
const CodeLaw* law_in_force(std::string_view code, std::string_view model, const Release& named) {
  const CodeLaw* best = nullptr;
  std::optional<Release> best_release;
  for (const CodeLaw& law : code_laws()) {
    if (law.code != code || law.model != model) continue;
    const auto release = parse_release(law.version);
    if (!release || release->scheme != named.scheme || *release > named) continue;
    if (!best_release || *release > *best_release) best = &law, best_release = release;
  }
  return best;
}

// Yade numbered its releases 0.70.0 … 1.20.0 before its year.month scheme began (2016.06a). The
// releases 1.00.0 … 1.20.0 run the Hertz–Mindlin law read at 2016.06a (its clamp came with
// 1.00.0), so they resolve as 2016.06a; the 0.x releases precede the clamp and every mapping.
Release in_code_numbering(std::string_view code, const Release& named) {
  if (code != "yade" || named.scheme != Release::Scheme::dotted || named.key[0] > 1) return named;
  if (named.key[0] == 1) return Release{Release::Scheme::year_month, {2016, 6, 1, 0}};
  return Release{Release::Scheme::year_month, {2013, 9, 0, 0}};  // before the clamp
}

}  // namespace

const CodeLaw& find_code_law(std::string_view code_typed, std::string_view model_typed,
                             std::string_view version) {
  const std::string code_name = lower_ascii(code_typed), model_name = lower_ascii(model_typed);
  const std::string_view code = code_name;
  std::string_view model = model_name;
  const auto models = distinct([&](const CodeLaw& l) { return l.code == code; },
                               [](const CodeLaw& l) { return l.model; });
  if (models.empty())
    throw InputError(fmt::format("code: unknown code '{}'{}; known: {}", code_typed,
                                 did_you_mean(code_typed, code_names()),
                                 fmt::join(code_names(), ", ")));
  if (model.empty()) model = models.front();
  const auto versions =
      distinct([&](const CodeLaw& l) { return l.code == code && l.model == model; },
               [](const CodeLaw& l) { return l.version; });
  if (versions.empty())
    throw InputError(fmt::format("--model: '{}' is not a {} model{}; known: {}", model_typed, code,
                                 did_you_mean(model_typed, models), fmt::join(models, ", ")));
  if (version.empty()) version = versions.front();
  for (const CodeLaw& law : code_laws())
    if (law.code == code && law.model == model && law.version == version) return law;
  auto named = parse_release(version);
  if (named) named = in_code_numbering(code, *named);
  if (named)
    if (const CodeLaw* law = law_in_force(code, model, *named)) return *law;
  const bool same_numbering = named && std::any_of(versions.begin(), versions.end(), [&](auto v) {
    const auto release = parse_release(v);
    return release && release->scheme == named->scheme;
  });
  throw InputError(fmt::format(
      "--code-version: {} {} has no mapping for '{}' ({}); known (each the first release it "
      "applies to): {}",
      code, model, version,
      same_numbering ? "before the earliest mapped release"
                     : "not a release name in the code's numbering",
      fmt::join(versions, ", ")));
}

}  // namespace calib::codes
