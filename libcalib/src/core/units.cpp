#include "calib/core/units.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "calib/core/error.hpp"

namespace calib::units {

namespace {

// A unit as a dimension and a power of ten: the SI value is value · 10^decade.
struct Unit {
  Dimension dim;
  double decade = 0;
};

struct Symbol {
  std::string_view name;
  Unit unit;
};
// SI base and derived units of mechanics, and the bar (BIPM SI Brochure, Tables 2, 4, 8).
constexpr Symbol kSymbols[] = {
    {"m", {{0, 1, 0}, 0}},   {"g", {{1, 0, 0}, -3}},   {"s", {{0, 0, 1}, 0}},
    {"N", {{1, 1, -2}, 0}},  {"Pa", {{1, -1, -2}, 0}}, {"J", {{1, 2, -2}, 0}},
    {"Hz", {{0, 0, -1}, 0}}, {"bar", {{1, -1, -2}, 5}},
};
struct Prefix {
  std::string_view name;
  int decade;
};
// SI prefixes (BIPM SI Brochure, Table 7); micro as u, as µ (U+00B5) and as μ (U+03BC).
constexpr Prefix kPrefixes[] = {{"p", -12}, {"n", -9},  {"u", -6},      {"\xC2\xB5", -6},
                                {"\xCE\xBC", -6}, {"m", -3}, {"c", -2}, {"d", -1},
                                {"k", 3},   {"M", 6},   {"G", 9},       {"T", 12}};

std::optional<Unit> symbol_unit(std::string_view token) {
  for (const Symbol& s : kSymbols)
    if (s.name == token) return s.unit;
  for (const Prefix& p : kPrefixes)
    if (token.size() > p.name.size() && token.substr(0, p.name.size()) == p.name)
      for (const Symbol& s : kSymbols)
        if (s.name == token.substr(p.name.size())) return Unit{s.unit.dim, s.unit.decade + p.decade};
  return std::nullopt;
}

bool starts_with(std::string_view text, std::size_t at, std::string_view what) {
  return text.substr(at, what.size()) == what;
}

bool is_letter(std::string_view text, std::size_t at) {
  const unsigned char c = static_cast<unsigned char>(text[at]);
  return std::isalpha(c) || starts_with(text, at, "\xC2\xB5") || starts_with(text, at, "\xCE\xBC");
}

// The exponent written after a symbol: "^-1", "^1.5", "2", "²", "³"; 1 when none.
std::optional<double> exponent_at(std::string_view text, std::size_t& at) {
  if (starts_with(text, at, "\xC2\xB2")) return at += 2, 2.0;
  if (starts_with(text, at, "\xC2\xB3")) return at += 2, 3.0;
  const bool caret = at < text.size() && text[at] == '^';
  if (!caret && !(at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))))
    return 1.0;
  if (caret) ++at;
  double p = 0;
  const auto [end, ec] = std::from_chars(text.data() + at, text.data() + text.size(), p);
  if (ec != std::errc() || !std::isfinite(p)) return std::nullopt;
  at = static_cast<std::size_t>(end - text.data());
  return p;
}

// "kN/mm" -> N·m⁻¹ at 10^6; nullopt for anything that is not a unit expression. A leading
// "1/" divides by what follows ("1/s"), and "/(...)" by every factor of the group ("1/(m*s)").
std::optional<Unit> unit_of(std::string_view text) {
  Unit total;
  std::size_t at = 0;
  double sign = 1, group = 1;  // group: -1 inside "/(...)"
  bool expect_factor = true;   // after the start or an operator
  if (starts_with(text, 0, "1/")) at = 1, expect_factor = false;
  while (at < text.size()) {
    if (text[at] == ' ') {
      ++at;
    } else if (text[at] == '(' && expect_factor && sign < 0 && group > 0) {
      group = -1, sign = 1, ++at;
    } else if (text[at] == ')' && !expect_factor && group < 0) {
      group = 1, ++at;
    } else if (text[at] == '*' || text[at] == '/' || starts_with(text, at, "\xC2\xB7")) {
      if (expect_factor) return std::nullopt;
      sign = text[at] == '/' ? -1 : 1;
      at += text[at] == '*' || text[at] == '/' ? 1 : 2;
      expect_factor = true;
    } else if (is_letter(text, at)) {
      const std::size_t begin = at;
      while (at < text.size() && is_letter(text, at)) at += static_cast<unsigned char>(text[at]) < 0x80 ? 1 : 2;
      const std::optional<Unit> u = symbol_unit(text.substr(begin, at - begin));
      const std::optional<double> p = exponent_at(text, at);
      if (!u || !p) return std::nullopt;
      const double e = group * sign * *p;
      total.dim = {total.dim.kg + e * u->dim.kg, total.dim.m + e * u->dim.m,
                   total.dim.s + e * u->dim.s};
      total.decade += e * u->decade;
      sign = 1;
      expect_factor = false;
    } else {
      return std::nullopt;
    }
  }
  if (expect_factor || group < 0) return std::nullopt;
  return total;
}

bool same(const Dimension& a, const Dimension& b) {
  auto close = [](double x, double y) { return std::abs(x - y) < 1e-9; };
  return close(a.kg, b.kg) && close(a.m, b.m) && close(a.s, b.s);
}

// value · 10^decade in one correctly rounded operation when 10^|decade| is an exact double.
double times_ten_to(double value, double decade) {
  if (decade == 0) return value;
  if (decade == std::round(decade) && std::abs(decade) <= 22) {
    const double power = std::pow(10.0, std::abs(decade));  // exact: 10^22 < 2^53 · 2^22
    return decade > 0 ? value * power : value / power;
  }
  return value * std::pow(10.0, decade);
}

// "kg^1·m^-1·s^-2" for a dimension no named quantity has.
std::string dimension_text(const Dimension& d) {
  std::string out;
  auto add = [&out](std::string_view base, double p) {
    if (p == 0) return;
    out += fmt::format("{}{}", out.empty() ? "" : "*", base);
    if (p != 1) out += fmt::format("^{:g}", p);
  };
  add("kg", d.kg), add("m", d.m), add("s", d.s);
  return out.empty() ? "dimensionless" : out;
}

constexpr const Quantity* kNamed[] = {&youngs_modulus, &length,    &mass,      &inertia,
                                      &density,        &velocity,     &acceleration, &force,
                                      &line_load,      &damping,      &duration};

// "a length (m)" or "kg*m^-2" for messages about a unit of the wrong dimension.
std::string what_is(const Dimension& d) {
  for (const Quantity* q : kNamed)
    if (same(q->dim, d)) return fmt::format("{} ({})", q->name, q->si_unit);
  return dimension_text(d);
}

struct Parsed {
  double value;
  bool bare;  // no unit: the number is SI
};

Parsed split(std::string_view text, const Quantity& q, std::string_view field) {
  std::string_view t = text;
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  double value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end == t.data() || !std::isfinite(value))
    throw InputError(fmt::format("{}: '{}' is not a number with an optional unit (e.g. {})", field,
                                 text, q.example));
  const std::string_view suffix = t.substr(static_cast<std::size_t>(end - t.data()));
  return {value, suffix.find_first_not_of(' ') == std::string_view::npos};
}

Unit checked_unit(std::string_view unit, const Quantity& q, std::string_view field,
                  std::string_view text) {
  const std::optional<Unit> u = unit_of(unit);
  if (!u)
    throw InputError(fmt::format(
        "{}: unknown unit '{}' in '{}'; write {} in {} or with a unit such as {} (a bare number "
        "is SI)", field, unit, text, q.name, q.si_unit.empty() ? "1" : q.si_unit, q.example));
  if (!same(u->dim, q.dim))
    throw InputError(fmt::format("{}: '{}' is {}, not {} ({})", field, text, what_is(u->dim),
                                 q.name, q.si_unit.empty() ? "dimensionless" : q.si_unit));
  return *u;
}

std::string_view unit_part(std::string_view text) {
  std::string_view t = text;
  while (!t.empty() && (t.front() == ' ' || t.front() == '+')) t.remove_prefix(1);
  double ignored = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), ignored);
  std::string_view u = t.substr(static_cast<std::size_t>(end - t.data()));
  while (!u.empty() && u.front() == ' ') u.remove_prefix(1);
  while (!u.empty() && u.back() == ' ') u.remove_suffix(1);
  return u;
}

bool in_range(double si, const Quantity& q) {
  const bool above_lo = q.lo_open ? si > q.lo : si >= q.lo;
  return above_lo && si <= q.hi;
}

void check_range(double si, const Quantity& q, std::string_view field, std::string_view text,
                 bool bare) {
  if (in_range(si, q)) return;
  const std::string hint =
      bare && !q.si_unit.empty()
          ? fmt::format(" (a bare number is in {}; write a unit, e.g. {})", q.si_unit, q.example)
          : std::string();
  const std::string value = q.si_unit.empty() ? fmt::format("{:g}", si)
                                              : fmt::format("{:g} {}", si, q.si_unit);
  throw InputError(fmt::format("{}: '{}' = {} is outside the accepted range of {}, {}{}", field,
                               text, value, q.name, range_text(q), hint));
}

}  // namespace

Quantity contact_stiffness(double n) {
  return {"a contact stiffness", {1, 1 - n, -2}, "N/m^n", 0.0, 1e20, true, "1e10N/m^1.5"};
}

Quantity quantity_of_unit(std::string_view name, std::string_view unit, double lo, double hi,
                          std::string_view example) {
  if (unit == "-" || unit == "1" || unit.empty()) return {name, {}, "", lo, hi, false, example};
  const std::optional<Unit> u = unit_of(unit);
  if (!u || u->decade != 0)
    throw InputError(fmt::format("{}: '{}' is not an SI unit", name, unit));
  return {name, u->dim, unit, lo, hi, false, example};
}

Quantity damping_factor(double m) {
  return {"a damping factor alpha", {0, -m, m}, "(s/m)^m", 0.0, 1e12, false, "0.5s/m"};
}

std::string range_text(const Quantity& q) {
  return fmt::format("{}{:g}, {:g}]{}{}", q.lo_open ? '(' : '[', q.lo, q.hi,
                     q.si_unit.empty() ? "" : " ", q.si_unit);
}

double factor(std::string_view unit, std::string_view target, const Quantity& q,
              std::string_view field) {
  const double to = target.empty() ? 0.0 : checked_unit(target, q, field, target).decade;
  return times_ten_to(1.0, checked_unit(unit, q, field, unit).decade - to);
}

double check(double si, const Quantity& q, std::string_view field) {
  if (!std::isfinite(si))
    throw InputError(fmt::format("{}: {} must be a finite number, got {}", field, q.name, si));
  // The text of the value only for the message: check runs once per point in sweeps.
  if (!in_range(si, q)) check_range(si, q, field, fmt::format("{:g}", si), true);
  return si;
}

double parse_in(std::string_view text, const Quantity& q, std::string_view field,
                std::string_view unit) {
  const double target = checked_unit(unit, q, field, unit).decade;
  const Parsed p = split(text, q, field);
  if (p.bare) {
    check_range(p.value, q, field, text, true);
    return times_ten_to(p.value, -target);
  }
  const double decade = checked_unit(unit_part(text), q, field, text).decade;
  check_range(times_ten_to(p.value, decade), q, field, text, false);
  return times_ten_to(p.value, decade - target);
}

double parse(std::string_view text, const Quantity& q, std::string_view field) {
  const Parsed p = split(text, q, field);
  if (p.bare) {
    check_range(p.value, q, field, text, true);
    return p.value;
  }
  const double si = times_ten_to(p.value, checked_unit(unit_part(text), q, field, text).decade);
  check_range(si, q, field, text, false);
  return si;
}

}  // namespace calib::units
