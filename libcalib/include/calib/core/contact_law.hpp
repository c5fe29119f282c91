#pragma once
// The force-law families (docs/method.md), in physical and dimensionless form.
//
// Physical law:           m δ'' + F(δ, δ') = 0,  δ(0) = 0, δ'(0) = v,
//   hysteresis  (Hunt–Crossley family): F = K δⁿ + C δⁿ δ'        (SF2020 eq. 7, PN2020 eq. 9)
//   linear damper (Kelvin–Voigt/Hertz): F = K δⁿ + c δ'           (PN2020 eq. 8)
//   Tsuji type  (DEM codes):            F = K δⁿ + χ √(mK) δ^((n-1)/2) δ'   (PINSLOT eq. 89–90)
//   viscoelastic (contact-radius):      F = K δⁿ + C δ^(1/2) δ'  — damping ∝ the contact radius
//     a = √(R δ): Kuwabara–Kono 1987 / Brilliantov et al. 1996 for n = 3/2, LAMMPS pair granular
//     `damping viscoelastic` (η₀ a m*) and pair gran/hertz/history (γn m* √(R δ)). Its e_out
//     depends on the impact speed (Brilliantov: 1 − e ∝ v^{1/5}).
//
// Scaling (PN2020 eq. 27 and the remark after eq. 35): δ_m = [(n+1) m v² / (2K)]^(1/(n+1)),
// x = δ/δ_m, τ = t v/δ_m turns every family into
//   x'' + a x^p x' + κ xⁿ = 0,  x(0) = 0, x'(0) = 1,   κ = (n+1)/2,
// with (a, p) = (κ h, n) for hysteresis (h = C v/K, SF2020 eq. 38), (ζ, 0) for the linear
// damper (ζ = c δ_m/(m v)), (χ √κ, (n-1)/2) for the Tsuji type and (η, 1/2) for the viscoelastic
// type (η = C δ_m^{3/2}/(m v)). So e_out depends only on
// n and one dimensionless damping number: h, ζ, χ or η.
//
// Permanent indentation (Lankarani–Nikravesh 1994, PINSLOT eq. 91–97; Gharib–Hurmuzlu with
// indentation, eq. 135–145): elastic compression F = Kδⁿ up to δ_m (eq. 94), then restitution
// F = F_m((δ − δ_p)/(δ_m − δ_p))ⁿ, F_m = Kδ_mⁿ (eq. 95), separation at δ = δ_p. Its number is the
// permanent set ratio x_p = δ_p/δ_m. Eq. 97 gives δ_p = (n+1)m v²(1 − e²)/(2F_m) = (1 − e²)δ_m,
// and GH's eq. 143 gives the same δ_p = δ_m(1 − e_w²) with K_r = K_c/e_w^{2n} (eq. 144) — the
// two laws are one and the same. Physical parameter: δ_p [m].
#include <string_view>

namespace calib {

enum class Family { hysteresis, linear_damper, tsuji, indentation, viscoelastic };

std::string_view family_name(Family f);

// A force law in dimensionless form: `damping` is h, ζ or χ according to the family.
// `clamp`: true  -> total force limited to >= 0 and separation where F = 0 (PN2020 eq. 20);
//          false -> the law acts (possibly tensile) until δ returns to 0.
struct ContactLaw {
  Family family = Family::linear_damper;
  double n = 1.5;
  double damping = 0.0;
  bool clamp = true;
};

// The scales of one physical impact (PN2020 eq. 27).
struct ImpactScales {
  double delta_m;  // undamped max penetration [m], PN2020 eq. 27
  double time;     // δ_m / v [s]
  double force;    // m v² / δ_m [N]
  double energy;   // m v² [J]
};

ImpactScales impact_scales(double m, double k, double v, double n);

// A force law in SI units: F = K δⁿ + the family's damper. `damping` is C [N s/m^(n+1)] for
// the hysteresis family, c [N s/m] for the linear damper, χ [-] for the Tsuji type, δ_p [m] for
// the indentation family and C [N s/m^(3/2)] for the viscoelastic type. The Tsuji damper
// χ √(m K) δ^((n-1)/2) δ' scales with the effective mass m, so the functions below take m
// (the other families do not read it).
struct ForceLaw {
  Family family = Family::linear_damper;
  double k = 1.0;  // stiffness K [N/mⁿ]
  double n = 1.5;
  double damping = 0.0;
  bool clamp = true;
  // The hysteresis damper C δⁿ sgn(δ')|δ'|ᵐ (PINSLOT eq. 153's m); the impact solve takes 1.
  double rate_exponent = 1.0;

  // F(δ, δ') [N], > 0 pushes apart; a clamped law never pulls. The indentation family's force
  // depends on the contact's history (its restitution branch, eq. 95): this is its elastic
  // compression branch K δⁿ (eq. 94).
  double force(double delta, double delta_dot, double m) const;
  // > 0 while in contact: δ, or min(F unclamped, δ) for a clamped law (separation at F = 0,
  // PN2020 eq. 20).
  double indicator(double delta, double delta_dot, double m) const;
  // The scales of an impact of mass m at speed v (PN2020 eq. 27); validates m, K, v, n.
  ImpactScales scales(double m, double v) const;
  // The dimensionless law of that impact (validates; throws InputError).
  ContactLaw dimensionless(double m, double v) const;
};

// Physical parameters of one impact (SI units): the force law, the effective mass m [kg] and
// the impact speed v [m/s].
struct PhysicalImpact {
  ForceLaw law;
  double m = 1.0;
  double v = 1.0;
};

// Physical -> dimensionless law (validates the parameters; throws InputError).
ContactLaw to_dimensionless(const PhysicalImpact& p);
// Dimensionless damping number -> physical damping parameter for (m, k, v).
double to_physical_damping(Family f, double dimensionless, double m, double k, double v, double n);
// The force law in SI units of a dimensionless law for an impact of mass m at speed v on
// stiffness k.
ForceLaw to_force_law(const ContactLaw& law, double m, double k, double v);

// Vocabulary names (core/vocabulary.hpp: units there) of a family's damping parameter:
// dimensionless "h", "zeta", "chi", "delta_p_over_delta_m", "eta"; physical "C", "c", "chi"
// (dimensionless: the Tsuji law has no other), "delta_p", "C_visco".
std::string_view dimensionless_damping_key(Family f);
std::string_view physical_damping_key(Family f);


}  // namespace calib
