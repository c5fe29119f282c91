// Laws fitted to the same data ranked by AIC (Akaike 1974; Burnham & Anderson 2002, sec. 2.9:
// Akaike weights w_i = exp(−Δ_i/2)/Σ exp(−Δ_j/2), evidence ratio of the best over law i
// exp(Δ_i/2)).
#include <algorithm>
#include <cmath>

#include "calib/fit/fit_impact.hpp"

namespace calib::fit {

std::vector<LawRank> rank_by_aic(const std::vector<ImpactFitReport>& reports) {
  std::vector<LawRank> ranks;
  for (const ImpactFitReport& r : reports)
    ranks.push_back({r.law, r.aic, r.bic, 0.0, 0.0, 0.0, r.status});
  std::stable_sort(ranks.begin(), ranks.end(), [](const LawRank& a, const LawRank& b) {
    const bool ok_a = a.status == "converged", ok_b = b.status == "converged";
    if (ok_a != ok_b) return ok_a;
    return a.aic != b.aic ? a.aic < b.aic : a.bic < b.bic;
  });
  if (ranks.empty()) return ranks;
  // Δ from the lowest AIC of all (a law that did not converge may still have the lowest).
  double best = INFINITY;
  for (const LawRank& r : ranks) best = std::min(best, r.aic);
  double total = 0;
  for (LawRank& r : ranks) {
    r.delta_aic = r.aic - best;
    r.akaike_weight = std::exp(-0.5 * r.delta_aic);
    r.evidence_ratio = std::exp(0.5 * r.delta_aic);
    total += r.akaike_weight;
  }
  for (LawRank& r : ranks) r.akaike_weight /= total;
  return ranks;
}

}  // namespace calib::fit
