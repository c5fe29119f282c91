// `calib fit-impact`: the data file, the Hertz material, and the fits of one or all laws.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/core/vocabulary.hpp"
#include "calib/fit/fit_monitor.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/io/resources.hpp"
#include "core/checks.hpp"

namespace calib::fit {

double hertz_stiffness(const HertzSpheres& s) {
  require_positive("--E", s.E);
  units::check(s.nu, units::poisson_ratio, "--nu");  // (−1, 0.5], the range of every door
  require_positive("--radius", s.radius);
  const double reduced = 1.0 - s.nu * s.nu;
  const double E_star = s.wall ? s.E / reduced : s.E / (2.0 * reduced);
  const double R_star = s.wall ? s.radius : s.radius / 2.0;
  return 4.0 / 3.0 * E_star * std::sqrt(R_star);  // Johnson 1985 eq. 4.22–4.23
}

double effective_mass(const HertzSpheres& s) {
  if (!s.density) throw InputError("--m: give the effective mass, or --density with --radius");
  require_positive("--density", *s.density);
  require_positive("--radius", s.radius);
  const double M = *s.density * 4.0 / 3.0 * M_PI * std::pow(s.radius, 3);
  return s.wall ? M : M / 2.0;
}

void add_ranking(const std::vector<ImpactFitReport>& reports, nlohmann::ordered_json* record) {
  auto& ranking = (*record)["ranking"] = nlohmann::ordered_json::array();
  for (const LawRank& r : rank_by_aic(reports))
    ranking.push_back({{"law", impact_law_name(r.law)},
                       {"status", r.status},
                       {"aic", r.aic},
                       {"bic", r.bic},
                       {"delta_aic", r.delta_aic},
                       {"akaike_weight", r.akaike_weight},
                       {"evidence_ratio", std::isfinite(r.evidence_ratio)
                                              ? nlohmann::ordered_json(r.evidence_ratio)
                                              : nlohmann::ordered_json(nullptr)},
                       {"log10_evidence_ratio", r.delta_aic / (2 * std::log(10.0))}});
  (*record)["criterion"] =
      "lowest AIC first (laws not converged last); evidence_ratio = exp(delta_aic/2), how much "
      "likelier the best law is than this one (null when beyond a double: see log10_evidence_ratio)";
}

void require_fit_impact_material(double m, double K, double n, std::optional<double> v) {
  units::check(m, units::mass, "--m");
  require_exponent("--n", n);
  if (K != 0.0 || !v) units::check(K, units::contact_stiffness(n), "--K");
  if (v) units::check(*v, units::speed, "--v");
}

FitImpactOutcome run_fit_impact(const FitImpactRequest& q, const RestitutionCurve& data) {
  require_fit_impact_material(q.m, q.K, q.n, std::nullopt);
  require_listed("--law", q.laws.size());
  validate(data);
  ImpactFitOptions options = q.options;
  options.fit_K = q.fit_K;
  options.fit_n = q.fit_n;
  options.fit_damping = q.fit_damping;
  FitImpactOutcome out;
  out.ok = true;
  FitMonitor* monitor = options.fit.monitor;
  for (const ImpactLaw law : q.laws) {
    if (FitMonitor::stop_requested()) break;
    if (monitor) monitor->begin(fmt::format("{} ({} points)", impact_law_name(law), data.v_in.size()));
    const ImpactLawParameters start{q.K, q.n, 0.0};
    if (std::string why = law_cannot_fit(law, start, options, data);
        !why.empty() && q.laws.size() > 1) {
      out.left_out.push_back({law, std::move(why)});
      continue;
    }
    out.reports.push_back(fit_restitution_curve(law, q.m, start, data, options));
    out.ok = out.ok && out.reports.back().ok();
  }
  if (monitor) monitor->throw_if_stopped();
  if (out.reports.empty()) {
    std::string why;
    for (const LeftOutLaw& l : out.left_out)
      why += fmt::format("; {}: {}", impact_law_name(l.law), l.reason);
    throw InputError("--law all: no law can take these data" + why);
  }
  if (q.laws.size() == 1) {
    out.record = impact_fit_record(out.reports.front(), data, q.m);
    return out;
  }
  out.record["data_kind"] = "restitution-curve";
  out.record["fits"] = nlohmann::ordered_json::array();
  for (const ImpactFitReport& r : out.reports)
    out.record["fits"].push_back(impact_fit_record(r, data, q.m));
  add_ranking(out.reports, &out.record);
  auto& left_out = out.record["left_out"] = nlohmann::ordered_json::array();
  for (const LeftOutLaw& l : out.left_out)
    left_out.push_back({{"law", impact_law_name(l.law)}, {"reason", l.reason}});
  out.record = vocabulary::with_units(std::move(out.record));
  return out;
}

}  // namespace calib::fit
