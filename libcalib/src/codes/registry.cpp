#include <algorithm>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "calib/codes/code_law.hpp"
#include "calib/core/error.hpp"
#include "codes/laws.hpp"

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
template <class Keep, class Name>
std::vector<std::string_view> distinct(Keep keep, Name name) {
  std::vector<std::string_view> out;
  for (const CodeLaw& law : code_laws())
    if (keep(law) && std::find(out.begin(), out.end(), name(law)) == out.end())
      out.push_back(name(law));
  return out;
}
}  // namespace

const CodeLaw& find_code_law(std::string_view code, std::string_view model,
                             std::string_view version) {
  const auto models = distinct([&](const CodeLaw& l) { return l.code == code; },
                               [](const CodeLaw& l) { return l.model; });
  if (models.empty())
    throw InputError(fmt::format("code: unknown code '{}'; known: {}", code,
                                 fmt::join(code_names(), ", ")));
  if (model.empty()) model = models.front();
  const auto versions =
      distinct([&](const CodeLaw& l) { return l.code == code && l.model == model; },
               [](const CodeLaw& l) { return l.version; });
  if (versions.empty())
    throw InputError(fmt::format("--model: '{}' is not a {} model; known: {}", model, code,
                                 fmt::join(models, ", ")));
  if (version.empty()) version = versions.front();
  for (const CodeLaw& law : code_laws())
    if (law.code == code && law.model == model && law.version == version) return law;
  throw InputError(fmt::format("--code-version: {} {} has no version '{}'; known: {}", code, model,
                               version, fmt::join(versions, ", ")));
}

}  // namespace calib::codes
