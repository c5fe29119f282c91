// The measurement CSV of `calib kn-fit --data`: header with units, rows checked one by one so a
// non-physical row is named by its file line before any fit sees it.
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/input_file.hpp"
#include "calib/studies/kn_fit_single.hpp"

namespace calib::studies::kn_fit {

namespace {

// Largest plausible magnitudes, in the reader's base units. An indentation of a metre or a
// line load of 1e9 N/mm (1e12 N/m, a thousand times what a steel pin carries before it
// yields) is a typing or unit slip, not a measurement; the bounds also keep K δⁿ and its
// square far from overflow inside the fit.
constexpr double kMaxIndentationMm = 1e3;
constexpr double kMaxLineLoadNPerMm = 1e9;

// "delta[um]" -> ("delta", "um"); "W" -> ("W", "").
std::pair<std::string, std::string> split_unit(const std::string& header) {
  const auto open = header.find('['), close = header.rfind(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return {header, ""};
  return {header.substr(0, open), header.substr(open + 1, close - open - 1)};
}

// The first line that is neither blank nor a # comment (a UTF-8 byte-order mark removed).
std::string header_line(const std::string& text) {
  std::size_t p = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  while (p < text.size()) {
    std::size_t q = text.find('\n', p);
    if (q == std::string::npos) q = text.size();
    std::string line = text.substr(p, q - p);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] != '#') return line;
    p = q + 1;
  }
  return {};
}

struct Columns {
  std::string delta, force;
};

Columns find_columns(const std::string& header, const std::string& source) {
  Columns c;
  for (std::size_t p = 0, q; p <= header.size(); p = q + 1) {
    q = header.find(',', p);
    if (q == std::string::npos) q = header.size();
    std::string name = header.substr(p, q - p);
    while (!name.empty() && (name.back() == '\r' || name.back() == ' ')) name.pop_back();
    const auto base = split_unit(name).first;
    if (base == "delta") c.delta = name;
    if (base == "W" || base == "F") c.force = name;
  }
  if (c.delta.empty() || c.force.empty())
    throw InputError(fmt::format(
        "{}: header needs a 'delta[unit]' column and a 'W[unit]' or 'F[unit]' column, got '{}'",
        source, io::excerpt(header, 80)));
  for (const std::string& col : {c.delta, c.force})
    if (split_unit(col).second.empty())
      throw InputError(fmt::format("{}: column '{}' has no unit; write it as {}[unit], e.g. {}",
                                   source, col, col,
                                   col == c.delta ? "delta[um] or delta[mm]" : "W[N/mm] or F[N]"));
  return c;
}

}  // namespace

MeasurementDefect measurement_defect(double delta, double W) {
  if (!std::isfinite(delta) || !(delta > 0)) return {0, "the indentation must be finite and > 0"};
  if (!std::isfinite(W) || !(W > 0))
    return {1, "the force must be finite and > 0 (the fitted law K delta^n is positive)"};
  if (delta > kMaxIndentationMm) return {0, fmt::format("above {:g} mm", kMaxIndentationMm)};
  if (W > kMaxLineLoadNPerMm)
    return {1, fmt::format("a line load above {:g} N/mm", kMaxLineLoadNPerMm)};
  return {};
}

double parse_contact_length(const std::string& length) {
  if (length.empty()) return 0.0;
  return units::parse_in(length, units::length, "--length", "mm");  // > 0: the range
}

Measurements parse_measurements(const std::string& text, const MeasurementInput& a) {
  // Header: an indentation column "delta[unit]" and a force column "W[unit]" (per length) or
  // "F[unit]" (needs --length). The units are required: a bare "delta" could be mm or µm.
  const double L = parse_contact_length(a.length);
  const std::string source = a.data.string();
  if (text.empty()) throw InputError(fmt::format("{}: the file is empty", source));
  const Columns c = find_columns(header_line(text), source);
  // Columns to mm and N/mm (N for F), the units of the PINSLOT laws.
  const double dscale =
      units::factor(split_unit(c.delta).second, "mm", units::length, source + ": " + c.delta);
  const bool per_length = split_unit(c.force).first == "W";
  const double fscale =
      units::factor(split_unit(c.force).second, per_length ? "N/mm" : "N",
                    per_length ? units::line_load : units::force, source + ": " + c.force);
  if (!per_length && L == 0.0)
    throw InputError(fmt::format("{}: column {} is a force; give --length to convert to W = F/L",
                                 source, c.force));
  const auto table = io::parse_numeric_csv(text, a.data, {c.delta, c.force});
  Measurements m;
  for (std::size_t i = 0; i < table.rows(); ++i) {
    const double delta = table.columns[0][i] * dscale;
    const double W = table.columns[1][i] * fscale / (per_length ? 1.0 : L);
    if (const auto d = measurement_defect(delta, W); !d.why.empty())
      throw InputError(fmt::format("{}:{}: {} = {} is not a measurement: {}", source,
                                   table.lines[i], d.column == 0 ? c.delta : c.force,
                                   table.columns[d.column][i], d.why));
    m.delta.push_back(delta);
    m.W.push_back(W);
  }
  return m;
}

Measurements read_measurements(const MeasurementInput& a) {
  parse_contact_length(a.length);  // an argument error is named before the file is read
  // A regular file of bounded size only (a FIFO or /dev/zero would never end).
  return parse_measurements(io::read_input_file(a.data, io::kMaxDataFileBytes, "--data"), a);
}

}  // namespace calib::studies::kn_fit
