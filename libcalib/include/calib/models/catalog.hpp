#pragma once
// The catalog of contact-force laws and damping formulas, looked up by
// a stable name. Each entry maps a desired e (and n) to the dimensionless damping number
// of its family (h, ζ or χ; see contact_law.hpp), so the same formula can be simulated for
// any (m, K, v) exactly.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/core/contact_law.hpp"

namespace calib::models {

using DampingFormula = double (*)(double e, double n);

struct Model {
  std::string_view name;         // stable CLI/CSV name
  std::string_view description;  // one line
  std::string_view source;       // paper + equation
  std::string_view validity;     // where the formula is meant to be used
  Family family;
  bool default_clamp;             // separation rule the source uses
  std::optional<double> fixed_n;  // formulas tied to one exponent (eq. 52: 3/2; eq. 57: 1)
  bool exact;                     // reproduces e exactly (up to solver tolerance)
  DampingFormula damping;  // e, n -> h, ζ or χ; nullptr: exact inverse by ODE (calibrate layer)
  double fitted_e_min = 0.0;  // fitted on e ∈ [fitted_e_min, 1] only (PN2020 §4.2.4: 0.45)
};

const std::vector<Model>& catalog();
// One entry as a record (name, family, description, source, validity, default_clamp, exact,
// fixed_n): what `calib models --format json` prints and calib.models() returns.
nlohmann::ordered_json to_json(const Model& model);
// Throws InputError listing the known names when `name` is not in the catalog.
const Model& find(std::string_view name);

// n checked for `model` (require_exponent, and the model's fixed exponent if it has one): the
// one check of every entry point (impact, calibrate, sweeps, Python). Returns n.
double require_exponent_for(const Model& model, double n);

// The dimensionless law of `model` for a desired e and exponent n. A model with a fixed
// exponent rejects any other n. `clamp` overrides the model's separation rule. Models without a
// closed form (damping == nullptr) throw here: use calibrate::law_for, which covers every model.
ContactLaw law_for(const Model& model, double e, double n, std::optional<bool> clamp = {});

// ζ(e) = -ln e / √(ln²e + π²), the damping ratio of a linear oscillator with restitution e.
double damping_ratio_of_cor(double e);

// PN2020 eq. 49 in dimensionless form: ζ = α(e^β - 1)·((n+1)/2)^{1/(n+1)}, given α, β.
double pn2020_zeta(double alpha, double beta, double e, double n);
// PN2020 eq. 46–47 (paper coefficients).
double pn2020_alpha(double n);
double pn2020_beta(double n);

// libcalib refit of eq. 46–47 (same forms, our data: `calib damping-fit`, default config;
// tests/damping_fit_test.cpp regenerates them and compares).
double refit_alpha(double n);
double refit_beta(double n);
// libcalib improved closed form (closed_form_zeta_q in closed_form.hpp with 5 × 4 coefficients
// fitted by `calib damping-fit` on e ∈ [1e-4, 1], n ∈ [1, 2]).
struct ClosedFormCoefficients {
  int e_terms, n_terms;
  const double* q;
};
ClosedFormCoefficients closed_form_coefficients();
double closed_form_zeta(double e, double n);

}  // namespace calib::models
