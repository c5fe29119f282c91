// Quantities with a unit suffix (core/units): each value against the SI definition of its unit
// (BIPM SI Brochure, 9th ed., prefixes), exactly where the factor is a power of ten in binary-safe
// form and to 1e-15 relative otherwise.
#include <string>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"

using namespace calib;
using units::Kind;

TEST(Units, SuffixesScaleToTheBaseUnit) {
  // Base units: MPa (stress), mm (length), N (force), N/mm (force per length).
  EXPECT_NEAR(units::parse("207GPa", Kind::stress, "E"), 207e3, 1e-15 * 207e3);
  EXPECT_NEAR(units::parse("5mm", Kind::length, "dR"), 5.0, 1e-15);
  EXPECT_NEAR(units::parse("0.1m", Kind::length, "dR"), 100.0, 1e-13);
  EXPECT_NEAR(units::parse("1kN/mm", Kind::force_per_length, "W"), 1000.0, 1e-12);
  EXPECT_NEAR(units::parse("250um", Kind::length, "delta"), 0.25, 1e-15);
}

TEST(Units, AUnitOfTheWrongKindOrUnknownIsRefusedNamingTheField) {
  for (const char* bad : {"5GPa", "5furlong", "abc", ""}) {
    try {
      units::parse(bad, Kind::length, "--dR");
      ADD_FAILURE() << bad << " was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--dR"), std::string::npos) << e.what();
    }
  }
}
