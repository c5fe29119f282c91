// One planar system: `calib effective-mass --system FILE --sweep coordinate=from:to:count`.
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/studies/effective_mass.hpp"

namespace calib::studies::effective_mass {

namespace {
// One number of "from:to:count", parsed in full (no trailing text).
template <class T>
bool parse_part(std::string_view text, T& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}
io::CsvCell cell(double x) {
  if (std::isfinite(x)) return x;
  return std::string("inf");
}
}  // namespace

SweepEntry parse_sweep_spec(const std::string& text, const std::filesystem::path& system_file) {
  const auto bad = [&] {
    return InputError(
        fmt::format("--sweep '{}': expected coordinate=from:to:count with finite from, to and "
                    "count in [2, 100000], e.g. crank.angle=0:90:91",
                    text.size() > 80 ? text.substr(0, 80) + "..." : text));
  };
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) throw bad();
  const std::string_view spec = std::string_view(text).substr(eq + 1);
  const auto c1 = spec.find(':'), c2 = spec.find(':', c1 == std::string_view::npos ? c1 : c1 + 1);
  if (c1 == std::string_view::npos || c2 == std::string_view::npos) throw bad();
  SweepEntry s;
  s.file = s.resolved = system_file;
  s.coordinate = text.substr(0, eq);
  long long count = 0;
  const std::string_view from = spec.substr(0, c1), to = spec.substr(c1 + 1, c2 - c1 - 1);
  if (s.coordinate.ends_with(".angle")) {  // degrees
    if (!parse_part(from, s.from) || !parse_part(to, s.to)) throw bad();
  } else {  // a translation: quantities, "0:20mm:21" as the config's from and to
    s.from = units::parse(from, units::position, "--sweep from");
    s.to = units::parse(to, units::position, "--sweep to");
  }
  if (!parse_part(spec.substr(c2 + 1), count) || !std::isfinite(s.from) ||
      !std::isfinite(s.to) || count < 2 || count > 100000)
    throw bad();
  s.count = static_cast<int>(count);
  return s;
}

SweepTable sweep_table(const SweepResult& result) {
  const bool angle = result.spec.coordinate.ends_with(".angle");
  SweepTable t;
  t.header = {result.spec.coordinate + (angle ? "[deg]" : "[m]"),
              "m_eff[kg]",
              "m_app_i[kg]",
              "m_app_j[kg]",
              "status",
              "m_eff_eq31[kg]",
              "m_eff_eq39[kg]",
              "constraint_residual"};
  for (const auto& row : result.rows) {
    const auto& r = row.report;
    t.rows.push_back({row.value, cell(r.result.m_eff), cell(r.m_app_i), cell(r.m_app_j),
                      std::string(models::multibody::status_name(r.result.status)),
                      cell(r.m_eff_eq31), cell(r.m_eff_eq39), r.constraint_residual});
  }
  return t;
}

}  // namespace calib::studies::effective_mass
