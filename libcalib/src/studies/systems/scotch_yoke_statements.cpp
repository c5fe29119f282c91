// PINSLOT §4's statements on the Scotch-yoke bench, measured on the second crank revolution.
// Each measure and its threshold is stated in docs/systems.md; the geometry is never adjusted
// to make one hold.
#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "calib/studies/systems_scotch_yoke.hpp"

namespace calib::studies::systems {

namespace {

// A contact that touches the second revolution: its start and end as relative crank angles
// [deg] (end NaN while still open at the run's end) and the region where it started.
struct Span {
  double from, to;
  int region;
};

std::vector<Span> contacts_in_revolution(const ScotchYokeResult& r, const YokeRun& run) {
  std::vector<Span> out;
  for (const auto& i : run.result.impacts) {
    const double a0 = r.angle(i.t_start),
                 a1 = std::isfinite(i.t_end) ? r.angle(i.t_end) : std::nan("");
    if ((std::isnan(a1) || a1 >= 0.0) && a0 <= 360.0) out.push_back({a0, a1, i.region});
  }
  return out;
}

// Free flights from one track to the other: [end of a contact, start of the next one in
// another region], the next one starting inside the revolution.
std::vector<Span> track_changes(const ScotchYokeResult& r, const YokeRun& run) {
  const auto c = contacts_in_revolution(r, run);
  std::vector<Span> out;
  for (std::size_t k = 0; k + 1 < c.size(); ++k)
    if (c[k].region != c[k + 1].region && std::isfinite(c[k].to) && c[k + 1].from >= 0.0 &&
        c[k + 1].from <= 360.0)
      out.push_back({c[k].to, c[k + 1].from, c[k + 1].region});
  return out;
}

// "A region with a null contact force is visible around 100 degrees": a track-to-track free
// flight overlapping 80–120°, for every model.
YokeStatement zero_force_near_100(const ScotchYokeResult& r) {
  YokeStatement s{"zero_force_near_100_deg",
                  "a region with a null contact force around 100 deg of relative crank angle "
                  "(pin-slot separation caused by clearance)",
                  "a free flight from one track to the other overlapping 80-120 deg, every model",
                  true,
                  "free flights [deg]:",
                  {}};
  std::string zero_at_100;  // the models off the wall at the instant nearest 100° (chatter)
  for (const auto& run : r.runs) {
    bool near = false;
    const auto spans = track_changes(r, run);
    s.result += fmt::format("{} {}", &run == &r.runs.front() ? "" : ";", run.model);
    for (std::size_t k = 0; k < spans.size(); ++k) {
      near = near || (spans[k].from <= 120.0 && spans[k].to >= 80.0);
      s.values.push_back(
          {run.model, fmt::format("free_flight_{}_from[deg]", k + 1), spans[k].from});
      s.values.push_back({run.model, fmt::format("free_flight_{}_to[deg]", k + 1), spans[k].to});
      s.result += fmt::format(" {:.1f}-{:.1f}", spans[k].from, spans[k].to);
    }
    const auto at_100 = std::min_element(
        run.revolution.begin(), run.revolution.end(), [](const auto& a, const auto& b) {
          return std::abs(a.angle - 100.0) < std::abs(b.angle - 100.0);
        });
    if (at_100 != run.revolution.end()) {
      s.values.push_back({run.model, "force_at_100_deg[N]", at_100->force});
      if (at_100->force == 0.0) zero_at_100 += " " + run.model;
    }
    s.holds = s.holds && near;
  }
  s.result += "; no force at 100 deg (a gap between impacts):" +
              (zero_at_100.empty() ? std::string(" none") : zero_at_100);
  return s;
}

// The (from, to) of a run's longest complete contact in the second revolution.
Span longest_contact(const ScotchYokeResult& r, const YokeRun& run) {
  Span best{0, 0, -1};
  for (const auto& c : contacts_in_revolution(r, run))
    if (std::isfinite(c.to) && (best.region < 0 || c.to - c.from > best.to - best.from)) best = c;
  return best;
}

// "When the contact is continuous ... there is no relevant difference between the models":
// over the common part of every model's longest contact, the largest spread of the force
// between the models (same output instants) is at most 10 % of the largest force there.
YokeStatement continuous_force(const ScotchYokeResult& r) {
  YokeStatement s{"continuous_contact_force_model_independent",
                  "no relevant difference between the models where the contact is continuous",
                  "over the common part of every model's longest contact: max over the instants "
                  "of (max - min force over the models) <= 10 % of the largest force there",
                  false,
                  "",
                  {}};
  double lo = 0.0, hi = 360.0;
  for (const auto& run : r.runs) {
    const Span w = longest_contact(r, run);
    s.values.push_back({run.model, "longest_contact_from[deg]", w.from});
    s.values.push_back({run.model, "longest_contact_to[deg]", w.to});
    lo = std::max(lo, w.from), hi = std::min(hi, w.to);
  }
  s.values.push_back({"", "window_from[deg]", lo});
  s.values.push_back({"", "window_to[deg]", hi});
  if (!(hi > lo)) {
    s.result = "the models' longest contacts do not overlap";
    return s;
  }
  std::vector<std::vector<double>> forces;
  std::size_t n = std::numeric_limits<std::size_t>::max();
  for (const auto& run : r.runs) {
    forces.emplace_back();
    for (const auto& p : run.revolution)
      if (p.angle >= lo && p.angle <= hi) forces.back().push_back(p.force);
    n = std::min(n, forces.back().size());
  }
  double spread = 0, peak = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double fmin = forces[0][i], fmax = forces[0][i];
    for (const auto& f : forces) fmin = std::min(fmin, f[i]), fmax = std::max(fmax, f[i]);
    spread = std::max(spread, fmax - fmin), peak = std::max(peak, fmax);
  }
  double mean_min = INFINITY, mean_max = -INFINITY;
  for (std::size_t m = 0; m < r.runs.size(); ++m) {
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += forces[m][i];
    s.values.push_back({r.runs[m].model, "mean_force[N]", sum / n});
    mean_min = std::min(mean_min, sum / n), mean_max = std::max(mean_max, sum / n);
  }
  s.values.push_back({"", "max_spread[N]", spread});
  s.values.push_back({"", "max_force[N]", peak});
  s.values.push_back({"", "relative_spread", spread / peak});
  s.holds = spread <= 0.1 * peak;
  s.result = fmt::format(
      "spread {:.0f} N of {:.0f} N ({:.0f} %) over {:.1f}-{:.1f} deg; mean forces {:.0f}-{:.0f} N",
      spread, peak, 100 * spread / peak, lo, hi, mean_min, mean_max);
  return s;
}

// "Goldsmith ... is the only model that shows the detachment of the pin from the slot in the
// range between 120 and 300 degrees": contact ends at 120–300°, Goldsmith's > 0, others' 0.
YokeStatement goldsmith_only_detaching(const ScotchYokeResult& r) {
  YokeStatement s{"goldsmith_only_detaching_120_300_deg",
                  "Goldsmith (the least stiff) is the only model whose pin detaches from the slot "
                  "between 120 and 300 deg",
                  "contact ends (the pin leaves the wall) at 120-300 deg: Goldsmith's > 0, every "
                  "other model's 0",
                  false,
                  "contact ends at 120-300 deg:",
                  {}};
  bool goldsmith = false, others = false;
  for (const auto& run : r.runs) {
    int count = 0;
    for (const auto& c : contacts_in_revolution(r, run))
      if (std::isfinite(c.to) && c.to >= 120.0 && c.to <= 300.0) ++count;
    s.values.push_back({run.model, "detachments", static_cast<double>(count)});
    s.result += fmt::format(" {} {}", run.model, count);
    if (run.model == "goldsmith")
      goldsmith = count > 0;
    else
      others = others || count > 0;
  }
  s.holds = goldsmith && !others;
  return s;
}

// The inner track's K in N/mm^n (Table 11's unit with the bench's 1 mm contact length).
double inner_track_k(const YokeRun& run) {
  const auto& sys = *run.setup.system;
  for (int region = 0; region < sys.region_count(0); ++region) {
    const std::string name = sys.region_name(0, region);
    const auto* law = sys.contact_model(0, region);
    if (law && name.size() >= 5 && name.compare(name.size() - 5, 5, "inner") == 0)
      return law->k * std::pow(1e-3, law->n);
  }
  return std::nan("");
}

// "The higher the K value, the higher the amplitude of contact forces during the impact phases
// (i.e., until 100 deg)", for every model but Lankarani–Nikravesh (its n differs): the order
// by K equals the order by the largest force at 0–100°.
YokeStatement stiffer_higher_impacts(const ScotchYokeResult& r) {
  YokeStatement s{"higher_K_higher_impact_force",
                  "the higher K, the higher the contact force amplitude in the impact phases "
                  "(until 100 deg), every model but Lankarani-Nikravesh",
                  "the models but Lankarani-Nikravesh ordered by the inner track's K equal their "
                  "order by the largest force at 0-100 deg",
                  false,
                  "",
                  {}};
  std::vector<std::pair<std::string, std::pair<double, double>>> models;  // K, amplitude
  for (const auto& run : r.runs) {
    if (run.model == "lankarani-nikravesh") continue;
    double amp = 0;
    for (const auto& p : run.revolution)
      if (p.angle <= 100.0) amp = std::max(amp, p.force);
    models.push_back({run.model, {inner_track_k(run), amp}});
    s.values.push_back({run.model, "K_inner[N/mm^n]", inner_track_k(run)});
    s.values.push_back({run.model, "max_force_0_100_deg[N]", amp});
  }
  auto by_k = models, by_amp = models;
  std::stable_sort(by_k.begin(), by_k.end(),
                   [](const auto& a, const auto& b) { return a.second.first < b.second.first; });
  std::stable_sort(by_amp.begin(), by_amp.end(),
                   [](const auto& a, const auto& b) { return a.second.second < b.second.second; });
  s.holds = models.size() >= 2;
  std::string order_k = "by K:", order_amp = "by force:";
  for (std::size_t i = 0; i < models.size(); ++i) {
    s.holds = s.holds && by_k[i].first == by_amp[i].first;
    order_k += fmt::format(" {} {:.3g}", by_k[i].first, by_k[i].second.first);
    order_amp += fmt::format(" {} {:.0f} N", by_amp[i].first, by_amp[i].second.second);
  }
  s.result = order_k + "; " + order_amp;
  return s;
}

}  // namespace

std::vector<YokeStatement> scotch_yoke_statements(const ScotchYokeResult& r) {
  return {zero_force_near_100(r), continuous_force(r), goldsmith_only_detaching(r),
          stiffer_higher_impacts(r)};
}

}  // namespace calib::studies::systems
