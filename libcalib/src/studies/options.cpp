// The values of a study's extra options (studies/options.hpp), as text with typed readers.
#include "calib/studies/options.hpp"

#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"

namespace calib::studies {

void OptionValues::set(std::string flag, std::vector<std::string> values) {
  values_[std::move(flag)] = std::move(values);
}

bool OptionValues::has(std::string_view flag) const { return values_.find(flag) != values_.end(); }

std::string OptionValues::text(std::string_view flag, std::string fallback) const {
  const auto it = values_.find(flag);
  return it == values_.end() || it->second.empty() ? fallback : it->second.front();
}

std::vector<std::string> OptionValues::texts(std::string_view flag) const {
  const auto it = values_.find(flag);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::optional<double> OptionValues::number(std::string_view flag) const {
  if (!has(flag)) return std::nullopt;
  const std::string t = text(flag);
  std::size_t used = 0;
  double x = 0;
  try {
    x = std::stod(t, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (t.empty() || used != t.size() || !std::isfinite(x))
    throw InputError(fmt::format("{} must be a finite number, got '{}'", flag, io::excerpt(t)));
  return x;
}

double OptionValues::number(std::string_view flag, double fallback) const {
  return number(flag).value_or(fallback);
}

}  // namespace calib::studies
