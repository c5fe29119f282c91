// Study kn-fit: PINSLOT Tables 2–9 and 11 regenerated, and power-law fits of (synthetic)
// measurements.
#include <cmath>
#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/io/csv.hpp"
#include "calib/models/cylindrical.hpp"
#include "calib/studies/kn_fit.hpp"

using namespace calib;
using namespace calib::models::cylindrical;

TEST(KnFit, RegeneratedTablesAgreeWherePinslotIsSelfConsistent) {
  auto cfg = studies::kn_fit::Config::defaults();
  cfg.published_tables =
      std::string(CALIB_SOURCE_DIR) + "/datasets/published/pinslot_kn_tables.csv";
  const auto r = studies::kn_fit::run(cfg, 0);
  ASSERT_EQ(r.rows.size(), 63u);
  // Every disagreement beyond one unit of the last printed digit is one of these (table,
  // model, ΔR/region) — each explained in kn_tables.csv: Table 4 ΔR 10 misprint, Table 5
  // ΔR 80 n typo, Table 8 K exponent (x10^3 for x10^4), Table 9 n column copied from Table 8,
  // Table 11 LN K and the Ri/Rp row.
  std::set<std::string> expected = {"4 johnson 10", "5 johnson 80"};
  for (const char* dR : {"0.5", "5", "10", "30", "60", "80"}) {
    expected.insert(std::string("8 esdu-78035 ") + dR);
    if (std::string(dR) != "0.5") expected.insert(std::string("9 esdu-78035 ") + dR);
  }
  for (const char* m : {"lankarani-nikravesh", "radzimovsky", "johnson", "goldsmith", "esdu-78035"})
    expected.insert(std::string("11 ") + m + " Ri/Rp");
  for (const char* reg : {"Ro/Rp", "Rc/Rp"})
    expected.insert(std::string("11 lankarani-nikravesh ") + reg);
  std::set<std::string> major;
  for (const auto& row : r.rows) {
    const bool is_major = !row.flag.empty() && row.note != "last printed digit only";
    if (is_major)
      major.insert(row.paper.table + " " + row.paper.model + " " +
                   (row.paper.region.empty() ? fmt::format("{}", row.paper.dR) : row.paper.region));
    // Tables 2 and 6 (steel: 3 significant digits) reproduce exactly within rounding.
    if (row.paper.table == "2" || row.paper.table == "6") {
      EXPECT_EQ(row.flag, "") << row.paper.dR;
    }
  }
  // Table 9 ΔR 0.5 is "K~+n": the n column is wrong there too, K off by one last digit.
  expected.insert("9 esdu-78035 0.5");
  EXPECT_EQ(major, expected);
  // The Table 8 explanation holds: ours is 10x the printed K, to the printed digits.
  for (const auto& row : r.rows)
    if (row.paper.table == "8") {
      EXPECT_NEAR(row.ours.K / (10 * row.paper.K), 1.0, 0.005) << row.paper.dR;
    }
}

TEST(KnFit, PowerLawRecoveredFromSyntheticData) {
  std::vector<double> delta, W;
  for (int i = 0; i < 30; ++i) {
    delta.push_back(1e-3 * std::pow(40.0, i / 29.0));
    W.push_back(4.2e4 * std::pow(delta.back(), 1.137));
  }
  const auto f =
      studies::kn_fit::fit_data(delta, W, fit::Weighting::none, fit::Loss::none, 1.0, 1e-3);
  EXPECT_NEAR(f.K / 4.2e4, 1.0, 1e-9);
  EXPECT_NEAR(f.n, 1.137, 1e-9);
  // The shipped synthetic sample (K = 5e4, n = 1.1, 0.5 % deterministic noise): the truth lies
  // within 3 standard errors.
  const auto t = io::read_numeric_csv(
      std::string(CALIB_SOURCE_DIR) + "/datasets/samples/kn_synthetic_measurement.csv",
      {"delta[um]", "W[N/mm]"});
  std::vector<double> d2, w2;
  for (std::size_t i = 0; i < t.rows(); ++i) {
    d2.push_back(t.columns[0][i] * 1e-3);
    w2.push_back(t.columns[1][i]);
  }
  const auto g =
      studies::kn_fit::fit_data(d2, w2, fit::Weighting::none, fit::Loss::huber, 1.0, 1e-3);
  EXPECT_LT(std::abs(g.K - 5e4), 3 * g.K_se);
  EXPECT_LT(std::abs(g.n - 1.1), 3 * g.n_se);
  EXPECT_GT(g.n_se, 0.0);
}
