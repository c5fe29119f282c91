#pragma once
// Helpers shared by the impact_fits study's curves and records: a law's position in
// fit::impact_laws(), the portable Gaussian draws of the synthetic noise, the ranking table.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

#include "calib/io/document.hpp"
#include "calib/io/provenance.hpp"

#include "calib/fit/fit_impact.hpp"
#include "calib/sweep/sweep.hpp"

namespace calib::studies::impact_fits::detail {

inline std::size_t law_index(fit::ImpactLaw law) {
  const auto& laws = fit::impact_laws();
  return static_cast<std::size_t>(std::find(laws.begin(), laws.end(), law) - laws.begin());
}

// Standard normal draw by Box–Muller from two of sweep::unit_draw's uniforms (indices 2i and
// 2i + 1 of the stream), so the noise is the same on every platform and thread count
// (std::normal_distribution is not portable).
inline double normal_draw(std::uint64_t seed, std::size_t stream, std::size_t i) {
  const double u1 = sweep::unit_draw(seed, stream, 2 * i);
  const double u2 = sweep::unit_draw(seed, stream, 2 * i + 1);
  return std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

// One ranked dataset (a curve or a record) of ranking.csv and record_ranking.csv.
struct RankedDataset {
  fit::ImpactLaw generator;
  int replicate;
  const std::vector<fit::LawRank>* ranking;
  std::string data;  // what a record holds (a "data" column); empty for curves (no column)
};
// Per dataset and law: the AIC rank, ΔAIC, status and whether the generating law came first.
void write_ranking(const std::filesystem::path& file, const std::vector<RankedDataset>& datasets,
                   const io::Provenance& provenance);

// The report's table of the AIC ranking (ranking.csv, or record_ranking.csv by record kind).
void margin_table(const std::filesystem::path& file, bool by_data, io::Section& section);

}  // namespace calib::studies::impact_fits::detail
