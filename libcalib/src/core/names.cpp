#include "calib/core/names.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>

#include <fmt/format.h>

namespace calib {

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

namespace {
// Levenshtein distance by the two-row dynamic programme (Wagner & Fischer 1974).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> previous(b.size() + 1), current(b.size() + 1);
  std::iota(previous.begin(), previous.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1,
                             previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(previous, current);
  }
  return previous[b.size()];
}
}  // namespace

std::string did_you_mean(std::string_view given, const std::vector<std::string_view>& known) {
  const std::string lowered = lower_ascii(given);
  std::string_view best;
  std::size_t best_distance = 3;  // suggest only within distance 2
  for (std::string_view name : known) {
    const std::size_t d = edit_distance(lowered, name);
    if (d < best_distance) best = name, best_distance = d;
  }
  return best.empty() ? "" : fmt::format(" (did you mean '{}'?)", best);
}

}  // namespace calib
