#pragma once
// Line-contact (cylindrical) force–indentation laws of the pin-in-slot review (PINSLOT §2,
// Table 1). Units: N, mm, MPa (N/mm²); W = F/L is the force per unit length.
//
// The PDF text garbles Table 1. The decodings below reproduced PINSLOT Tables 2–9 in an
// independent check and are tested in tests/cylindrical_test.cpp:
//   Radzimovsky  δ = W/(πE*)·[2/3 + ln(6.25 ΔR E*/W)]   (b = 1.6√(W R/E*), R = RiRj/ΔR, so
//                ln(4Ri/b) + ln(4Rj/b) = ln(16 RiRj/b²) = ln(6.25 ΔR E*/W))
//   Johnson      δ = W/(πE*)·[ln(4πΔR E*/W) − 1]
//   ESDU-78035   δ = (W/E*)·[ln(4ΔR E*/W) + 1]          (hi + hj = 1/E*, Fn/L = W)
//   Goldsmith    δ = Wσ·[ln(C/(R·Wσ)) + 1], σ = (hi + hj)/π, C = 1e8 mm², R = RiRj/ΔR —
//                EMPIRICAL decoding: the printed form is dimensionally inconsistent; this
//                one reproduces Tables 6–7 with Ri = 100 mm.
//   Dubowsky–Freudenstein  δ = π(hi + hj)W/2·[ln(8L²ΔR/(π W RiRj (hi + hj))) + 1], read from
//                the garbled "π((hi+hj)/(2a)) ln((Ri−Rj)8a³/(Fn Ri Rj π(hi+hj))) + 1) Fn" with
//                a = L (contact length) and Fn = W L; UNVERIFIED (no published table uses it).
// Explicit: Lankarani–Nikravesh F = (4/3)E*√R δ^{3/2} (δ = (3F/(4E*R^0.5))^{1/n}, n = 1.5,
// R = RiRj/ΔR; per unit length with L = 1 mm as the tables), Pereira et al. 2011 [37]
// (internal) and 2012 [38] (both parameter sets of Table 1, with their ΔR ranges).
#include <string>
#include <string_view>
#include <vector>

namespace calib::models::cylindrical {

enum class Model {
  radzimovsky,
  johnson,
  goldsmith,
  dubowsky_freudenstein,
  esdu78035,
  lankarani_nikravesh,
  pereira2011,  // PINSLOT ref. [37], internal contact only
  pereira2012,  // PINSLOT ref. [38], internal or external
};

std::string_view model_name(Model m);
Model parse_model(std::string_view name);  // InputError listing the names
const std::vector<Model>& all_models();
bool is_explicit(Model m);  // W(δ) in closed form

struct Material {
  double E = 207000.0;                              // Young's modulus, MPa
  double nu = 0.30;                                 // Poisson's ratio
  double h() const { return (1.0 - nu * nu) / E; }  // h_k = (1 − ν²)/E
};

struct Contact {
  Material body_i, body_j;  // i: the larger (hole/track), j: the pin
  double dR = 1.0;          // ΔR = Ri ± Rj, mm
  bool internal = true;     // internal: ΔR = Ri − Rj (pin in hole); external: Ri + Rj
  double R_i = 100.0;       // mm; Goldsmith, DF, LN and Pereira need the radii (Rj from ΔR)
  double length = 1.0;      // axial contact length L, mm (DF; K conversions)

  double E_star() const { return 1.0 / (body_i.h() + body_j.h()); }  // E* = 1/(hi + hj)
  double R_j() const { return internal ? R_i - dR : dR - R_i; }
  double R_eff() const { return R_i * R_j() / dR; }  // R = RiRj/ΔR
  // InputError naming the field: ν ∉ (−1, 0.5), E ≤ 0, ΔR ≤ 0, Rj ≤ 0 (e.g. internal with
  // Rj ≥ Ri), L ≤ 0.
  void validate() const;
};

// δ(W) (mm) for W > 0 (N/mm). For the explicit laws the inverse of W(δ).
double delta_of_W(Model m, const Contact& c, double W);
// W(δ): closed form for explicit laws, otherwise a bracketed TOMS748 solve in ln W (δ(W) is
// increasing up to W* where dδ/dW = 0; the root is sought below it). Works down to δ → 0.
double W_of_delta(Model m, const Contact& c, double delta);
// The largest W for which δ(W) is increasing (∞ for explicit laws).
double W_monotone_limit(Model m, const Contact& c);

// Pereira exponent and stiffness for the given ΔR: F/L = K_W δⁿ (Table 1).
struct PowerLaw {
  double K, n;
};
PowerLaw pereira(Model m, const Contact& c);

}  // namespace calib::models::cylindrical
