// Study kn-fit: PINSLOT Tables 2–9 and 11 regenerated, and power-law fits of (synthetic)
// measurements.
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "calib/fit/fit.hpp"
#include "calib/io/csv.hpp"
#include "calib/models/cylindrical.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/kn_fit_single.hpp"

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

// ---- `calib kn-fit --data` on real-looking measurements: rows need not be monotone, a robust
// loss sees the outlier, a non-physical row is named by its file line, --length is checked as an
// argument, and Ceres/glog stays silent. Expected values come from the law that generated the
// data, W = K δⁿ with K = 1e4 N/mm^(n+1) and n = 1.1 (exact formula, evaluated here).

namespace kn = calib::studies::kn_fit;

namespace {

constexpr double kK = 1e4, kN = 1.1;

// δ = 0.01 .. 0.10 mm, W from the law: 63.1 .. 794 N/mm.
void law_samples(std::vector<double>& delta, std::vector<double>& W) {
  for (int i = 1; i <= 10; ++i) {
    delta.push_back(0.01 * i);
    W.push_back(kK * std::pow(0.01 * i, kN));
  }
}

std::string message_of(const std::string& text, const std::string& length = "") {
  kn::MeasurementInput in;
  in.data = "m.csv";
  in.length = length;
  try {
    kn::parse_measurements(text, in);
  } catch (const calib::InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST(KnFitMeasurements, ForceThatFallsBetweenNeighboursIsFittedNotRefused) {
  std::vector<double> delta, W;
  law_samples(delta, W);
  W[5] = 0.99 * W[4];  // δ = 0.06 mm reads 368 N/mm instead of 449: below its neighbour at 0.05
  ASSERT_LT(W[5], W[4]);
  const auto f = kn::fit_data(delta, W, calib::fit::Weighting::none, calib::fit::Loss::none, 1.0, 0.0);
  // One row 18 % low out of ten moves the fit a little, not a lot: n within 0.05 of the law's.
  EXPECT_NEAR(f.n, kN, 0.05);
  EXPECT_EQ(f.W.size(), 10u);
}

TEST(KnFitMeasurements, HuberLossDiscountsAnOutlierThatLeastSquaresFollows) {
  std::vector<double> delta, W;
  law_samples(delta, W);
  W[6] *= 2.0;  // one outlier at δ = 0.07 mm (531 -> 1062 N/mm)
  const auto plain =
      kn::fit_data(delta, W, calib::fit::Weighting::none, calib::fit::Loss::none, 1.0, 0.0);
  const auto huber =
      kn::fit_data(delta, W, calib::fit::Weighting::none, calib::fit::Loss::huber, 1.0, 0.0);
  // Huber with scale 1 N/mm bounds the outlier's pull to 1 N/mm against nine exact rows of
  // 63–794 N/mm (their sum ~4e3 N/mm): a relative shift of order 1e-3 at most, so the law's n
  // to 1e-3 and K to 1 %. Least squares is pulled far away (n ≈ 1.01).
  EXPECT_NEAR(huber.n, kN, 1e-3);
  EXPECT_NEAR(huber.K, kK, 0.01 * kK);
  EXPECT_GT(std::abs(plain.n - kN), 3 * std::abs(huber.n - kN));
}

TEST(KnFitMeasurements, NonPhysicalRowIsNamedByItsFileLine) {
  const std::string head = "delta[mm],W[N/mm]\n0.01,63\n";
  // line 3 holds the bad row in each file
  EXPECT_NE(message_of(head + "0.02,-136\n0.03,210\n").find("m.csv:3: W[N/mm] = -136"),
            std::string::npos);
  EXPECT_NE(message_of(head + "0.02,1e30\n0.03,210\n").find("m.csv:3: W[N/mm] = 1e+30"),
            std::string::npos);
  EXPECT_NE(message_of(head + "0,136\n0.03,210\n").find("m.csv:3: delta[mm] = 0"), std::string::npos);
  EXPECT_NE(message_of(head + "2000,136\n0.03,210\n").find("m.csv:3: delta[mm] = 2000"),
            std::string::npos);
  EXPECT_NE(message_of(head + "0.02,nan\n0.03,210\n").find("m.csv:3"), std::string::npos);
  EXPECT_NE(message_of(head + "0.02,inf\n0.03,210\n").find("m.csv:3"), std::string::npos);
  // The same rows through the array door (Python's kn_fit_data) are named by row number.
  try {
    kn::fit_data({0.01, 0.02, 0.03}, {63, -136, 210}, calib::fit::Weighting::none,
                 calib::fit::Loss::none, 1.0, 0.0);
    FAIL() << "negative force accepted";
  } catch (const calib::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("row 2: W[N/mm] = -136 is not a measurement"), std::string::npos) << e.what();
  }
}

TEST(KnFitMeasurements, LengthIsCheckedAsAnArgument) {
  // A W column needs no length, but a given one must still be a length in [1 nm, 10 km]
  // (core/units), a bare number being metres.
  const std::string data = "delta[mm],W[N/mm]\n0.01,63\n0.02,136\n0.03,210\n";
  for (const char* bad : {"0", "-5mm", "0mm"})
    EXPECT_NE(message_of(data, bad).find(std::string("--length: '") + bad + "' = "),
              std::string::npos)
        << bad;
  EXPECT_NE(message_of(data, "0").find("outside the accepted range of a length, [1e-09, 10000] m"),
            std::string::npos);
  EXPECT_DOUBLE_EQ(kn::parse_contact_length("1cm"), 10.0);   // mm: 1 cm = 10 mm exactly
  EXPECT_DOUBLE_EQ(kn::parse_contact_length("0.01"), 10.0);  // bare = SI: 0.01 m = 10 mm
  EXPECT_EQ(message_of(data, "10mm"), "accepted");
}

TEST(KnFitMeasurements, CeresDoesNotLogThroughGlog) {
  // A residual of 1e30 N/mm made Ceres log "Error in evaluating the ResidualBlock" with glog's
  // "Logging before InitGoogleLogging()" preamble; the fit's outcome is libcalib's to report.
  testing::internal::CaptureStderr();
  try {
    calib::fit::fit_power_law({0.01, 0.02, 0.03, 0.04}, {63, 136, 210, 1e30}, {});
  } catch (const calib::Error&) {
  }
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find("InitGoogleLogging"), std::string::npos) << err;
  EXPECT_EQ(err.find("residual_block"), std::string::npos) << err;
}

TEST(KnFitSingle, ReportsKInSIFromSIInputs) {
  // Inputs as bare SI numbers; K checked against the implicit Johnson law evaluated here in its
  // own units (PINSLOT: N/mm, mm, MPa): at W = 100 N/mm = 1e5 N/m, K δ[m]ⁿ must give 1e5 N/m
  // within the fit's own max error, and with L = 20 mm the force 2000 N.
  kn::SingleFitInput in;
  in.model = "johnson";
  in.E = "207e9";
  in.nu = 0.3;
  in.dR = "0.005";
  const nlohmann::json line = kn::fit_single(in);
  in.length = "20mm";
  const nlohmann::json force = kn::fit_single(in);
  Contact c;  // the same contact in the law's units
  c.body_i = c.body_j = Material{207000.0, 0.3};
  c.dR = 5.0;
  const double delta_m = delta_of_W(Model::johnson, c, 100.0) / 1e3;
  const double n = line["n"], tol = line["max_err"].get<double>() / 100 + 1e-12;
  // K: the line load W = K δⁿ [N/m^(n+1)]; K_force: the force over L, F = K_force δⁿ [N/m^n].
  EXPECT_NEAR(line["K"].get<double>() * std::pow(delta_m, n), 1e5, tol * 1e5);
  EXPECT_NEAR(force["K_force"].get<double>() * std::pow(delta_m, n), 2000.0, tol * 2000.0);
  EXPECT_FALSE(line.contains("K_force"));  // no contact length, no force law
  EXPECT_DOUBLE_EQ(line["E_star"].get<double>(), 207e9 / (2 * (1 - 0.3 * 0.3)));  // Pa
  EXPECT_DOUBLE_EQ(line["dR"].get<double>(), 0.005);                               // m
}
