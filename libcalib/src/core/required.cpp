#include "calib/core/required.hpp"

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib {

namespace {
// "--m", "--m and --v", "--m, --k and --v".
std::string listed(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}
}  // namespace

void require_given(std::string_view command,
                   const std::vector<std::pair<std::string_view, bool>>& inputs,
                   std::string_view why) {
  std::vector<std::string_view> missing;
  for (const auto& [name, given] : inputs)
    if (!given) missing.push_back(name);
  if (missing.empty()) return;
  throw InputError(fmt::format("{}: {} {} required ({}; a physical input has no default)", command,
                               listed(missing), missing.size() == 1 ? "is" : "are", why));
}

bool none_given(const std::vector<std::pair<std::string_view, bool>>& inputs) {
  for (const auto& [name, given] : inputs)
    if (given) return false;
  return true;
}

}  // namespace calib
