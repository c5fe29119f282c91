// Parameter spaces of the sweep engine: parsing and deterministic point enumeration. Point i is
// computed from i (grid values from their rule, random draws from a counter), never from a list.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/sweep/sweep.hpp"
#include "core/checks.hpp"

namespace calib::sweep {

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a counter-based generator, so draw (axis, i) never
// depends on which thread computes it or in which order.
std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

double unit_draw(std::uint64_t seed, std::size_t stream, std::size_t i) {
  const std::uint64_t bits = splitmix64(splitmix64(seed ^ (0x51ed2701ULL * (stream + 1))) + i);
  return static_cast<double>(bits >> 11) * 0x1.0p-53;  // [0, 1)
}

namespace {

// Runs `read` (a read of table.key as plain numbers); a refusal of a value that is there gets
// the reading's reason why it must be a number.
template <class Read>
auto numbers_only(const io::ConfigNode& table, const std::string& key, const AxisReading& reading,
                  const Read& read) {
  try {
    return read();
  } catch (const InputError& e) {
    if (reading.numbers_only.empty() || !table.has(key)) throw;
    throw InputError(fmt::format("{} ({})", e.what(), reading.numbers_only));
  }
}

}  // namespace

double read_number(const io::ConfigNode& table, const std::string& key,
                   const AxisReading& reading) {
  if (reading.quantity) return table.quantity(key, *reading.quantity);
  return numbers_only(table, key, reading, [&] { return table.number(key); });
}

namespace {

// The step of a range axis: a difference of two values, so of their dimension but not bound by
// their range (0.1 nm/s between impact speeds is a step below the smallest speed accepted).
AxisReading step_reading(const AxisReading& reading) {
  AxisReading step = reading;
  if (step.quantity) {
    step.quantity->lo = 0.0;  // a step of 0 or below: "must be > 0" (parse_grid)
    step.quantity->lo_open = false;
    step.quantity->hi = std::numeric_limits<double>::infinity();
  }
  return step;
}

// a · b, or nothing when it exceeds `limit` (no overflow: checked before multiplying).
std::optional<std::size_t> checked_product(std::size_t a, std::size_t b, std::size_t limit) {
  if (a != 0 && b > limit / a) return std::nullopt;
  const std::size_t p = a * b;
  if (p > limit) return std::nullopt;
  return p;
}

// The number of values of from:step:to (inclusive end from the rounded quotient), checked.
std::size_t range_count(double from, double to, double step, std::size_t max_points,
                        const std::string& where) {
  if (!(step > 0) || !std::isfinite(step) || !std::isfinite(from) || !std::isfinite(to) ||
      from > to)
    throw InputError(fmt::format("{}: need finite from <= to and step > 0, got {}:{}:{}", where,
                                 from, step, to));
  if (from + step == from)
    throw InputError(
        fmt::format("{}: step {} is below the resolution of from = {}", where, step, from));
  const double quotient = std::floor((to - from) / step + 1e-9);
  if (!(quotient < static_cast<double>(max_points)))
    throw InputError(
        fmt::format("{}: {}:{}:{} has {:.4g} values, more than the limit of {} points "
                    "(raise [space] max_points if you mean it)",
                    where, from, step, to, quotient + 1, max_points));
  return static_cast<std::size_t>(quotient) + 1;
}

Grid parse_grid(const io::ConfigNode& axis, const std::string& kind, const AxisReading& reading,
                std::size_t max_points) {
  auto spec = axis.table(kind);
  Grid grid;
  const double from = read_number(spec, "from", reading), to = read_number(spec, "to", reading);
  if (kind == "range") {
    const double step = read_number(spec, "step", step_reading(reading));
    spec.reject_unknown();
    if (!(step > 0))
      throw InputError(fmt::format("{}: must be > 0, got {}", spec.where("step"), step));
    if (from > to)
      throw InputError(fmt::format("{}: from ({}) > to ({})", spec.where("from"), from, to));
    grid.count = range_count(from, to, step, max_points, spec.where("step"));
    grid.rule = Grid::Rule::range;
    grid.from = from;
    grid.to = to;
    grid.step = step;
    return grid;
  }
  const std::int64_t count = spec.integer("count");
  spec.reject_unknown();
  if (count <= 0)
    throw InputError(fmt::format("{}: must be > 0, got {}", spec.where("count"), count));
  if (static_cast<std::uint64_t>(count) > max_points)
    throw InputError(
        fmt::format("{}: {} values exceed the limit of {} points (raise [space] max_points "
                    "if you mean it)",
                    spec.where("count"), count, max_points));
  if (from > to)
    throw InputError(fmt::format("{}: from ({}) > to ({})", spec.where("from"), from, to));
  if (kind == "logspace" && !(from > 0))
    throw InputError(fmt::format("{}: logspace needs from > 0, got {}", spec.where("from"), from));
  grid.rule = kind == "linspace" ? Grid::Rule::linspace : Grid::Rule::logspace;
  grid.from = from;
  grid.to = to;
  grid.count = static_cast<std::size_t>(count);
  return grid;
}

}  // namespace

double Grid::value(std::size_t k) const {
  if (rule == Rule::range) return from + static_cast<double>(k) * step;
  // linspace/logspace: the last value is `to` exactly (no rounding in the interpolation).
  if (k + 1 == count) return to;
  const double t = count == 1 ? 0.0 : static_cast<double>(k) / static_cast<double>(count - 1);
  if (rule == Rule::linspace) return from + t * (to - from);
  return std::exp(std::log(from) + t * (std::log(to) - std::log(from)));
}

std::size_t Axis::count() const {
  if (kind != Kind::values) return 0;
  return grid.rule == Grid::Rule::none ? values.size() : grid.count;
}

double Axis::value(std::size_t k) const {
  return grid.rule == Grid::Rule::none ? values[k] : grid.value(k);
}

std::string Axis::values_identity() const {
  std::string text;
  if (grid.rule == Grid::Rule::none || grid.count <= kIdentityValues) {
    for (std::size_t k = 0; k < count(); ++k) text += io::format_number(value(k));
    return text;
  }
  constexpr const char* kRules[] = {"", "linspace", "logspace", "range"};
  return fmt::format("{}({},{},{},{})", kRules[static_cast<int>(grid.rule)],
                     io::format_number(grid.from), io::format_number(grid.to),
                     io::format_number(grid.step), grid.count);
}

std::vector<double> inclusive_range(double from, double to, double step, std::size_t max_points,
                                    const std::string& where) {
  const std::size_t count = range_count(from, to, step, max_points, where);
  std::vector<double> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) out.push_back(from + static_cast<double>(i) * step);
  return out;
}

namespace {

// combine = "cartesian" (every combination) or "zipped" (axes advance together).
bool read_zipped(const io::ConfigNode& table) {
  const std::string combine = table.string("combine", "cartesian");
  if (combine != "cartesian" && combine != "zipped")
    throw InputError(fmt::format("{}: must be \"cartesian\" or \"zipped\", got \"{}\"",
                                 table.where("combine"), combine));
  return combine == "zipped";
}

std::vector<double> read_values(const io::ConfigNode& axis_table, const AxisReading& reading) {
  std::vector<double> values =
      reading.quantity ? axis_table.quantities("values", *reading.quantity)
                       : numbers_only(axis_table, "values", reading,
                                      [&] { return axis_table.numbers("values"); });
  if (values.empty()) throw InputError(fmt::format("{}: empty list", axis_table.where("values")));
  for (double v : values)
    if (!std::isfinite(v))
      throw InputError(
          fmt::format("{}: values must be finite, got {}", axis_table.where("values"), v));
  return values;
}

// random = { dist = "uniform" | "loguniform", from, to }.
void read_random(const io::ConfigNode& axis_table, const AxisReading& reading, Axis& axis) {
  auto r = axis_table.table("random");
  const std::string dist = r.string("dist");
  axis.from = read_number(r, "from", reading);
  axis.to = read_number(r, "to", reading);
  r.reject_unknown();
  if (dist != "uniform" && dist != "loguniform")
    throw InputError(fmt::format("{}: unknown distribution \"{}\" (uniform or loguniform)",
                                 r.where("dist"), dist));
  if (axis.from > axis.to)
    throw InputError(fmt::format("{}: from ({}) > to ({})", r.where("from"), axis.from, axis.to));
  axis.log_uniform = dist == "loguniform";
  if (axis.log_uniform && !(axis.from > 0))
    throw InputError(
        fmt::format("{}: loguniform needs from > 0, got {}", r.where("from"), axis.from));
  axis.kind = Axis::Kind::random;
}

// One parameter: a table with exactly one of values, linspace, logspace, range, random.
Axis read_axis(const io::ConfigNode& table, const std::string& name, const AxisReading& reading,
               std::size_t max_points) {
  auto axis_table = table.table(name);
  Axis axis;
  axis.name = name;
  const auto kinds = axis_table.keys();
  if (kinds.size() != 1)
    throw InputError(fmt::format(
        "{}: give exactly one of values, linspace, logspace, range, random", table.where(name)));
  const std::string& kind = kinds.front();
  if (kind == "values")
    axis.values = read_values(axis_table, reading);
  else if (kind == "linspace" || kind == "logspace" || kind == "range")
    axis.grid = parse_grid(axis_table, kind, reading, max_points);
  else if (kind == "random")
    read_random(axis_table, reading, axis);
  else
    throw InputError(
        fmt::format("{}: unknown axis kind (values, linspace, logspace, range, random)",
                    axis_table.where(kind)));
  axis_table.reject_unknown();
  return axis;
}

// samples and seed, both required once any axis is random.
void read_samples(const io::ConfigNode& table, Space& s) {
  if (!table.has("samples"))
    throw InputError(fmt::format("{}: required with random parameters", table.where("samples")));
  if (!table.has("seed"))
    throw InputError(fmt::format("{}: required with random parameters", table.where("seed")));
  const std::int64_t samples = table.integer("samples");
  if (samples <= 0 || static_cast<std::uint64_t>(samples) > s.max_points)
    throw InputError(fmt::format("{}: must be in [1, {}] (max_points), got {}",
                                 table.where("samples"), s.max_points, samples));
  s.samples = static_cast<std::size_t>(samples);
  s.seed = require_seed(table.where("seed"), table.integer("seed"));
}

void check_zipped_lengths(const io::ConfigNode& table, const Space& s) {
  const std::size_t n = s.size();
  for (const Axis& a : s.axes)
    if (a.kind == Axis::Kind::values && a.count() != n)
      throw InputError(fmt::format("{}: zipped axes need equal lengths ({} has {}, expected {})",
                                   table.where(a.name), a.name, a.count(), n));
}

// The number of points in checked arithmetic (four axes of 100,000 values overflow 64 bits).
void check_point_count(const io::ConfigNode& table, const Space& s) {
  std::size_t total = s.zipped ? 0 : (s.samples > 0 ? s.samples : 1);
  for (const Axis& a : s.axes) {
    if (a.kind != Axis::Kind::values || s.zipped) continue;
    const auto p = checked_product(total, a.count(), s.max_points);
    if (!p)
      throw InputError(
          fmt::format("{}: the space has more than {} points (raise [space] max_points if "
                      "you mean it)",
                      table.where(a.name), s.max_points));
    total = *p;
  }
}

}  // namespace

Space parse_space(const io::ConfigNode& table, const AxisReadings& readings) {
  Space s;
  s.zipped = read_zipped(table);
  if (table.has("max_points")) {
    const std::int64_t limit = table.integer("max_points");
    if (limit <= 0)
      throw InputError(fmt::format("{}: must be > 0, got {}", table.where("max_points"), limit));
    s.max_points = static_cast<std::size_t>(limit);
  }
  for (const std::string& name : table.keys()) {
    if (name == "combine" || name == "samples" || name == "seed" || name == "max_points") continue;
    const auto reading = readings.find(name);
    s.axes.push_back(read_axis(table, name,
                               reading == readings.end() ? AxisReading{} : reading->second,
                               s.max_points));
  }
  if (s.axes.empty())
    throw InputError(fmt::format("{}: the space has no parameters", table.where("")));
  const bool any_random = std::any_of(s.axes.begin(), s.axes.end(),
                                      [](const Axis& a) { return a.kind == Axis::Kind::random; });
  if (any_random) read_samples(table, s);
  if (s.zipped) check_zipped_lengths(table, s);
  check_point_count(table, s);
  table.reject_unknown();
  return s;
}

std::size_t Space::size() const {
  if (zipped) {
    for (const Axis& a : axes)
      if (a.kind == Axis::Kind::values) return a.count();
    return samples;
  }
  std::size_t n = samples > 0 ? samples : 1;
  for (const Axis& a : axes)
    if (a.kind == Axis::Kind::values) n *= a.count();
  return n;
}

std::vector<std::string> Space::names() const {
  std::vector<std::string> out;
  for (const Axis& a : axes) out.push_back(a.name);
  return out;
}

std::vector<double> Space::point(std::size_t i) const {
  std::vector<double> p(axes.size());
  // Cartesian: the last grid axis varies fastest; the random sample index is outermost.
  std::size_t rest = i;
  std::size_t sample = i;
  if (!zipped) {
    for (std::size_t a = axes.size(); a-- > 0;) {
      if (axes[a].kind != Axis::Kind::values) continue;
      const std::size_t n = axes[a].count();
      p[a] = axes[a].value(rest % n);
      rest /= n;
    }
    sample = rest;
  }
  for (std::size_t a = 0; a < axes.size(); ++a) {
    const Axis& ax = axes[a];
    if (ax.kind == Axis::Kind::values) {
      if (zipped) p[a] = ax.value(i);
      continue;
    }
    const double u = unit_draw(seed, a, sample);
    p[a] = ax.log_uniform ? std::exp(std::log(ax.from) + u * (std::log(ax.to) - std::log(ax.from)))
                          : ax.from + u * (ax.to - ax.from);
  }
  return p;
}

}  // namespace calib::sweep
