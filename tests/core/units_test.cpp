// Quantities as text (core/units): each value against the SI definition of its unit (BIPM SI
// Brochure, 9th ed.: Table 7 prefixes, Table 4 derived units N = kg·m/s², Pa = N/m²,
// J = N·m; Table 8: 1 bar = 1e5 Pa). Where the factor is a power of ten up to 1e22 the parser
// multiplies or divides once, so the expected value is the same single operation, compared
// exactly; otherwise to 1e-15 relative.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/core/units.hpp"
#include "../test_support.hpp"

using namespace calib;

namespace {
std::string error_of(std::string_view text, const units::Quantity& q, std::string_view field) {
  return calib_test::input_error_of([&] { units::parse(text, q, field); });
}
}  // namespace

TEST(Units, ABareNumberIsSI) {
  EXPECT_EQ(units::parse("207e9", units::youngs_modulus, "E"), 207e9);
  EXPECT_EQ(units::parse("0.005", units::length, "dR"), 0.005);
  EXPECT_EQ(units::parse("  +3 ", units::speed, "v"), 3.0);
  EXPECT_EQ(units::parse("0.3", units::poisson_ratio, "nu"), 0.3);
  EXPECT_EQ(units::parse("-0.5", units::velocity, "v0"), -0.5);
}

TEST(Units, EachUnitAndPrefixScalesToSI) {
  EXPECT_EQ(units::parse("207GPa", units::youngs_modulus, "E"), 207 * 1e9);
  EXPECT_EQ(units::parse("207000MPa", units::youngs_modulus, "E"), 207000 * 1e6);
  EXPECT_EQ(units::parse("70 kPa", units::youngs_modulus, "E"), 70 * 1e3);
  EXPECT_EQ(units::parse("2.1e6 bar", units::youngs_modulus, "E"), 2.1e6 * 1e5);
  EXPECT_EQ(units::parse("5mm", units::length, "dR"), 5 / 1e3);
  EXPECT_EQ(units::parse("3cm", units::length, "R"), 3 / 1e2);
  EXPECT_EQ(units::parse("4dm", units::length, "R"), 4 / 1e1);
  EXPECT_EQ(units::parse("250um", units::length, "d"), 250 / 1e6);
  EXPECT_EQ(units::parse("250µm", units::length, "d"), 250 / 1e6);       // U+00B5 micro sign
  EXPECT_EQ(units::parse("250\xCE\xBCm", units::length, "d"), 250 / 1e6);  // U+03BC mu
  EXPECT_EQ(units::parse("40nm", units::length, "d"), 40 / 1e9);
  EXPECT_EQ(units::parse("2km", units::length, "L"), 2 * 1e3);
  EXPECT_EQ(units::parse("2.5g", units::mass, "m"), 2.5 / 1e3);
  EXPECT_EQ(units::parse("3kg", units::mass, "m"), 3.0);  // k (1e3) · g (1e-3) = 1e0
  EXPECT_EQ(units::parse("2Mg", units::mass, "m"), 2 * 1e3);
  EXPECT_EQ(units::parse("1kN", units::force, "F"), 1 * 1e3);
  EXPECT_EQ(units::parse("7pN", units::force, "F"), 7 / 1e12);
  EXPECT_EQ(units::parse("3TPa", units::youngs_modulus, "E"), 3 * 1e12);
}

TEST(Units, CompoundUnitsMultiplyDivideAndTakePowers) {
  EXPECT_EQ(units::parse("1kN/mm", units::line_load, "W"), 1 * 1e6);
  EXPECT_EQ(units::parse("3 m/s", units::speed, "v"), 3.0);
  EXPECT_EQ(units::parse("36km/ks", units::speed, "v"), 36.0);
  EXPECT_EQ(units::parse("10N*s/m", units::damping, "c"), 10.0);
  EXPECT_EQ(units::parse("10 N·s/m", units::damping, "c"), 10.0);
  EXPECT_EQ(units::parse("10 N s/m", units::damping, "c"), 10.0);
  EXPECT_EQ(units::parse("10kg/s", units::damping, "c"), 10.0);  // N·s/m = kg/s
  EXPECT_EQ(units::parse("7.85g/cm^3", units::density, "rho"), 7.85 * 1e3);
  EXPECT_EQ(units::parse("7850kg/m3", units::density, "rho"), 7850.0);
  EXPECT_EQ(units::parse("7850kg/m³", units::density, "rho"), 7850.0);
  EXPECT_EQ(units::parse("207000N/mm2", units::youngs_modulus, "E"), 207000 * 1e6);
  EXPECT_EQ(units::parse("207000N/mm²", units::youngs_modulus, "E"), 207000 * 1e6);
  EXPECT_EQ(units::parse("9.81m/s^2", units::acceleration, "g"), 9.81);
  EXPECT_EQ(units::parse("9.81m*s^-2", units::acceleration, "g"), 9.81);
  EXPECT_EQ(units::parse("2kg*m^2", units::inertia, "J"), 2.0);
  EXPECT_EQ(units::parse("1kN/mm", units::spring_stiffness, "k"), 1e6);
  EXPECT_EQ(units::parse("5 J/m^2", units::line_load, "W"), 5.0);  // J/m² = N/m
  // A Hertz stiffness N/m^1.5: 1 N/mm^1.5 = 1 N / (1e-3 m)^1.5 = 10^4.5 N/m^1.5.
  EXPECT_NEAR(units::parse("1N/mm^1.5", units::contact_stiffness(1.5), "k"), std::pow(10, 4.5),
              1e-15 * std::pow(10, 4.5));
  EXPECT_EQ(units::parse("1e10", units::contact_stiffness(1.5), "k"), 1e10);
}

TEST(Units, ParseInGivesTheValueInTheAskedUnitBitForBit) {
  // The PINSLOT laws compute in MPa, mm and N/mm: a value written in those comes back unchanged.
  for (const char* text : {"0.1N/mm", "207000MPa", "1000N/mm", "0.30000000000000004N/mm"}) {
    const bool stress = std::string(text).find("Pa") != std::string::npos;
    const double got = stress ? units::parse_in(text, units::youngs_modulus, "E", "MPa")
                              : units::parse_in(text, units::line_load, "W", "N/mm");
    EXPECT_EQ(got, std::stod(text)) << text;
  }
  EXPECT_EQ(units::parse_in("207e9", units::youngs_modulus, "E", "MPa"), 207e9 / 1e6);
  EXPECT_EQ(units::parse_in("207GPa", units::youngs_modulus, "E", "MPa"), 207 * 1e3);
  EXPECT_EQ(units::parse_in("0.005", units::length, "dR", "mm"), 0.005 * 1e3);
  EXPECT_EQ(units::parse_in("25um", units::length, "dR", "mm"), 25 / 1e3);
  EXPECT_EQ(units::factor("um", "mm", units::length, "delta"), 1 / 1e3);
  EXPECT_EQ(units::factor("kN/m", "N/mm", units::line_load, "W"), 1.0);
  EXPECT_EQ(units::factor("mm", "", units::length, "delta"), 1 / 1e3);
}

TEST(Units, AUnitOfTheWrongDimensionIsRefusedNamingFieldTextAndDimension) {
  const std::string m = error_of("5GPa", units::length, "--dR");
  EXPECT_NE(m.find("--dR"), std::string::npos) << m;
  EXPECT_NE(m.find("'5GPa'"), std::string::npos) << m;
  EXPECT_NE(m.find("Young's modulus (Pa), not a length (m)"), std::string::npos) << m;
  EXPECT_NE(error_of("1kN", units::line_load, "--W-max").find("force (N), not a force per length"),
            std::string::npos);
  EXPECT_NE(error_of("3 m/s^2", units::speed, "--v").find("not an impact speed"),
            std::string::npos);
  EXPECT_NE(error_of("0.3m", units::poisson_ratio, "--nu").find("not a Poisson ratio"),
            std::string::npos);
  EXPECT_NE(error_of("10N/m", units::damping, "--c").find("not a damping coefficient"),
            std::string::npos);
}

TEST(Units, UnknownUnitsAndNonNumbersAreRefusedNamingTheField) {
  for (const char* bad : {"5furlong", "5 mm/", "5 /mm", "5mm^", "5 mm**2", "5 m(s)", "5Xm",
                          "5mmm", "5 Pa Pa Pa x"}) {
    const std::string m = error_of(bad, units::length, "--dR");
    EXPECT_NE(m.find("--dR: unknown unit"), std::string::npos) << bad << ": " << m;
    EXPECT_NE(m.find(bad), std::string::npos) << bad << ": " << m;
  }
  for (const char* bad : {"", "  ", "abc", "mm", "nan", "inf", "-inf", "1e400", "..5"}) {
    const std::string m = error_of(bad, units::length, "--dR");
    EXPECT_NE(m.find("--dR: '" + std::string(bad) + "' is not a number"), std::string::npos)
        << bad << ": " << m;
  }
}

TEST(Units, OutOfRangeMagnitudesAreRefusedWithFieldValueAndRange) {
  // 207 read as SI is 207 Pa: a Young's modulus below 1 kPa is a unit mistake, not a material.
  const std::string m = error_of("207", units::youngs_modulus, "--E");
  EXPECT_NE(m.find("--E: '207' = 207 Pa is outside the accepted range of a Young's modulus, "
                   "[1000, 1e+13] Pa (a bare number is in Pa; write a unit, e.g. 207GPa)"),
            std::string::npos)
      << m;
  EXPECT_NE(error_of("2e13", units::youngs_modulus, "--E").find("[1000, 1e+13] Pa"),
            std::string::npos);
  EXPECT_NO_THROW(units::parse("1e13", units::youngs_modulus, "--E"));  // closed bounds
  EXPECT_NO_THROW(units::parse("1kPa", units::youngs_modulus, "--E"));
  EXPECT_NO_THROW(units::parse("0.5", units::poisson_ratio, "--nu"));
  EXPECT_NE(error_of("-1", units::poisson_ratio, "--nu").find("(-1, 0.5]"), std::string::npos);
  EXPECT_NE(error_of("0.51", units::poisson_ratio, "--nu").find("(-1, 0.5]"), std::string::npos);
  EXPECT_NE(error_of("3e8", units::speed, "--v").find("[1e-09, 10000] m/s"), std::string::npos);
  EXPECT_NE(error_of("0", units::speed, "--v").find("--v"), std::string::npos);
  EXPECT_NE(error_of("20km", units::length, "--R").find("'20km' = 20000 m"), std::string::npos);
  EXPECT_NE(error_of("0", units::length, "--R").find("[1e-09, 10000] m"), std::string::npos);
  EXPECT_NE(error_of("-1kg", units::mass, "--m").find("a mass"), std::string::npos);
  EXPECT_NE(error_of("-1N/m", units::spring_stiffness, "k").find("a spring stiffness"),
            std::string::npos);
  EXPECT_NE(error_of("0", units::contact_stiffness(1.5), "--k").find("(0, 1e+20] N/m^n"),
            std::string::npos);
  // An SI number from Python or a TOML file meets the same range.
  EXPECT_EQ(units::check(207e9, units::youngs_modulus, "E"), 207e9);
  EXPECT_EQ(calib_test::input_error_of([] { units::check(207, units::youngs_modulus, "--E"); }),
            error_of("207", units::youngs_modulus, "--E"));
  EXPECT_NE(calib_test::input_error_of([] { units::check(NAN, units::mass, "m"); }).find("finite"),
            std::string::npos);
}

TEST(Units, ReciprocalUnitsAndGroupsDivideByEveryFactor) {
  // 1/(m*s) = m⁻¹·s⁻¹ (LAMMPS' gamma_n); 1/s = Hz (SI Brochure Table 4); 1/(m/s) = s/m.
  const units::Quantity per_metre_second =
      units::quantity_of_unit("gamma_n", "1/(m*s)", 0.0, 1e30, "0.5");
  EXPECT_EQ(units::parse("2 1/(mm*s)", per_metre_second, "--typed"), 2 * 1e3);
  EXPECT_EQ(units::parse("2 1/(m*ms)", per_metre_second, "--typed"), 2 * 1e3);
  EXPECT_EQ(units::parse("3Hz", units::rate, "baumgarte_rate"), 3.0);
  EXPECT_EQ(units::parse("3 1/s", units::rate, "baumgarte_rate"), 3.0);
  EXPECT_EQ(units::parse("3 1/ms", units::rate, "baumgarte_rate"), 3 * 1e3);
  EXPECT_EQ(units::parse("4 1/(mm/s)", units::damping_factor(1.0), "alpha"), 4 * 1e3);
  EXPECT_EQ(units::parse("4 s/mm", units::damping_factor(1.0), "alpha"), 4 * 1e3);
  for (const char* bad : {"2 1/(m*s", "2 (m*s)", "2 1/()", "2 m)"})
    EXPECT_NE(error_of(bad, per_metre_second, "--typed").find("unknown unit"), std::string::npos)
        << bad;
  EXPECT_NE(error_of("2 1/(m/s)", per_metre_second, "--typed").find("not gamma_n"),
            std::string::npos);
}

TEST(Units, AQuantityOfAUnitGivenAsDataHasThatUnitsDimension) {
  // The units of fit-impact's damping parameters (alpha s/m, A s, c N*s/m, chi -) and of the
  // other codes' typed values ("-": a restitution): the dimension of the unit text.
  const auto q = [](std::string_view unit) {
    return units::quantity_of_unit("x", unit, -1e30, 1e30, "0.5");
  };
  EXPECT_EQ(units::parse("200ms", q("s"), "A"), 0.2);
  EXPECT_EQ(units::parse("5 N*s/mm", q("N*s/m"), "c"), 5 * 1e3);
  EXPECT_EQ(units::parse("0.3", q("-"), "chi"), 0.3);
  EXPECT_NE(error_of("0.3 s", q("-"), "chi").find("chi: '0.3 s' is a duration (s), not x"),
            std::string::npos);
  EXPECT_NE(calib_test::input_error_of([&] { q("stone"); }).find("'stone' is not an SI unit"),
            std::string::npos);
  // The α of PINSLOT eq. 153 with |δ̇|^m: (s/m)^m, so α = 2 (s/m)^1.5 is 2 · 10^4.5 in (s/mm)^1.5.
  EXPECT_EQ(units::parse("2 s^1.5/m^1.5", units::damping_factor(1.5), "alpha"), 2.0);
  EXPECT_NE(error_of("2 s/m", units::damping_factor(1.5), "alpha").find("not a damping factor"),
            std::string::npos);
  // A signed time on a record's clock: t0 may be before the record's zero.
  EXPECT_EQ(units::parse("-0.1ms", units::instant, "--t0"), -0.1 / 1e3);
}
