// Cylindrical contact laws and K–n fits (PINSLOT §2, Tables 2–11).
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

namespace {
Contact steel_internal(double dR) {
  Contact c;
  c.body_i = c.body_j = Material{207000.0, 0.30};
  c.dR = dR;
  c.internal = true;
  c.R_i = 100.0;
  return c;
}
}  // namespace

TEST(Cylindrical, DecodedModelsMatchHandComputedValues) {
  // Steel on steel, internal, ΔR = 5 mm, Ri = 100 mm, W = 100 N/mm; E* = E/(2(1−ν²)) =
  // 113736.26 MPa. Values evaluated by hand (Python, double precision) from the decodings in
  // cylindrical.hpp.
  const Contact c = steel_internal(5.0);
  EXPECT_NEAR(c.E_star(), 113736.26373626373, 1e-9);
  EXPECT_NEAR(delta_of_W(Model::radzimovsky, c, 100.0), 0.00311915690091615, 1e-16);
  EXPECT_NEAR(delta_of_W(Model::johnson, c, 100.0), 0.0028481833134113947, 1e-16);
  EXPECT_NEAR(delta_of_W(Model::esdu78035, c, 100.0), 0.0096998083955937, 1e-16);
  EXPECT_NEAR(delta_of_W(Model::goldsmith, c, 100.0), 0.005611961572883297, 1e-16);
  // Lankarani–Nikravesh: K = (4/3)E*√R, R = RiRj/ΔR = 1900 mm.
  EXPECT_NEAR(pereira(Model::lankarani_nikravesh, c).K, 6610198.397896846, 1e-6);
  // Pereira [38] external: n = 1.094, K = (0.39ΔR + 0.85)E*/ΔR (PINSLOT Table 1).
  Contact ext = c;
  ext.internal = false;
  ext.dR = 150.0;
  EXPECT_DOUBLE_EQ(pereira(Model::pereira2012, ext).n, 1.094);
  EXPECT_NEAR(pereira(Model::pereira2012, ext).K, (0.39 * 150 + 0.85) * c.E_star() / 150, 1e-9);
}

TEST(Cylindrical, RootSolveRoundTripsOverTheWholeRange) {
  // W → δ → W to 1e-12 relative for every implicit law, from W = 1e-6 (δ → 0) to 1e4 N/mm
  // or the law's monotone limit W* (DF with L = 1 mm turns over at W* ≈ 7 N/mm).
  for (Model m : all_models()) {
    if (is_explicit(m)) continue;
    const Contact c = steel_internal(0.5);
    const double W_top = std::min(1e4, 0.9 * W_monotone_limit(m, c));
    for (double W = 1e-6; W <= W_top; W *= 3.7) {
      const double back = W_of_delta(m, c, delta_of_W(m, c, W));
      EXPECT_NEAR(back / W, 1.0, 1e-12) << model_name(m) << " W=" << W;
    }
    const double d_top = delta_of_W(m, c, W_top);
    const std::vector<double> deltas{1e-7, 1e-4 * d_top / 1e-2, 1e-3 * d_top / 1e-2, 0.9 * d_top};
    for (double d : deltas) EXPECT_NEAR(delta_of_W(m, c, W_of_delta(m, c, d)) / d, 1.0, 1e-12);
  }
}

TEST(Cylindrical, BadInputsNameTheField) {
  auto message = [](auto f) {
    try {
      f();
    } catch (const InputError& ex) {
      return std::string(ex.what());
    }
    return std::string("no error");
  };
  Contact c = steel_internal(5.0);
  // ν in (−1, 0.5], the range of every door (core/units): 0.5 is an incompressible solid.
  c.body_i.nu = 0.5;
  EXPECT_EQ(message([&] { c.validate(); }), "no error");
  c.body_i.nu = 0.51;
  EXPECT_NE(message([&] { c.validate(); }).find("Poisson's ratio nu must be in (-1, 0.5], got 0.51"),
            std::string::npos);
  c = steel_internal(5.0);
  c.body_j.E = 0;
  EXPECT_NE(message([&] { c.validate(); }).find("E must be > 0"), std::string::npos);
  c = steel_internal(-1.0);
  EXPECT_NE(message([&] { c.validate(); }).find("dR"), std::string::npos);
  c = steel_internal(100.0);  // internal with Rj = Ri − ΔR = 0
  EXPECT_NE(message([&] { c.validate(); }).find("R_j < R_i"), std::string::npos);
  EXPECT_NE(message([] {
              studies::kn_fit::fit_data({}, {}, fit::Weighting::none, fit::Loss::none, 1, 0);
            }).find("no data"),
            std::string::npos);
  // A force that falls between neighbours is noise for the fit, not a refusal; one indentation
  // repeated on every row leaves the exponent undetermined.
  EXPECT_NE(message([] {
              studies::kn_fit::fit_data({2e-3, 2e-3, 2e-3, 2e-3}, {10, 30, 20, 40},
                                        fit::Weighting::none, fit::Loss::none, 1, 0);
            }).find("two different indentations"),
            std::string::npos);
  // The laws' own units (MPa, mm, N/mm) from SI quantities (core/units: SI prefixes).
  EXPECT_NE(message([] { units::parse("5parsec", units::length, "--dR"); }).find("--dR"),
            std::string::npos);
  EXPECT_NE(message([] { units::parse("5GPa", units::length, "--dR"); }).find("not a length"),
            std::string::npos);
  EXPECT_DOUBLE_EQ(units::parse_in("207GPa", units::youngs_modulus, "--E", "MPa"), 207000.0);
  EXPECT_DOUBLE_EQ(units::parse_in("1kN/mm", units::line_load, "--W-max", "N/mm"), 1000.0);
  EXPECT_DOUBLE_EQ(units::parse_in("25um", units::length, "--dR", "mm"), 0.025);
}
