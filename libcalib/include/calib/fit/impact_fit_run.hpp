#pragma once
// `calib fit-impact` as one library call: the data file read by its header, the material from
// K and n or from Hertz spheres, one law or all four fitted and ranked, the record in JSON and
// text, and the files of --out. SI units throughout.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calib/fit/fit_impact.hpp"

namespace calib::fit {

// The data kind of a fit-impact file, from its header's column names (in any unit): an impact
// record when it has a column of one (t, F, delta, sigma_F, sigma_delta; fit_impact_record.hpp),
// else a restitution curve. InputError for a file with columns of both kinds.
enum class ImpactDataKind { restitution_curve, impact_record };
ImpactDataKind impact_data_kind(const std::filesystem::path& file);

// A restitution curve file: columns v_in, e and optionally sigma_e, t_contact with
// sigma_t_contact, f_max with sigma_f_max, each `name[unit]` in any unit of its quantity
// (v_in[cm/s], t_contact[us], f_max[kN]; e and sigma_e [-] or [1]) and read into SI; # comment
// lines allowed. InputError naming the file, line and column for an unknown or repeated
// column, a unit of the wrong dimension, a cell that is not a number, an impact record's column;
// then validate() (fit_impact.hpp) names the row and value.
RestitutionCurve read_restitution_curve(const std::filesystem::path& file);

// Hertz contact of two equal spheres (or a sphere on a rigid wall): K = (4/3) E* √R*,
// E* = E/(2(1 − ν²)), R* = R/2 (sphere–sphere) or E* = E/(1 − ν²), R* = R (sphere–wall);
// Johnson 1985, Contact Mechanics, eq. 4.22–4.23. n = 3/2. Effective mass from the density:
// m = M/2 (two equal spheres) or M (wall), M = ρ (4/3)π R³.
struct HertzSpheres {
  double E = 0.0, nu = 0.0, radius = 0.0;  // [Pa], [-], [m]
  std::optional<double> density;           // [kg/m³]
  bool wall = false;
};
double hertz_stiffness(const HertzSpheres& s);       // [N/m^1.5]; InputError naming the field
double effective_mass(const HertzSpheres& s);        // [kg]; needs density

struct FitImpactRequest {
  std::vector<ImpactLaw> laws;  // one, or all four (`--law all`)
  double m = 0.0;               // effective mass [kg]
  double K = 0.0, n = 1.5;      // start (or fixed) stiffness and exponent
  bool fit_K = false, fit_n = false, fit_damping = true;
  ImpactFitOptions options;
};

// A law that `--law all` could not fit to the data, and why (law_cannot_fit, fit_impact.hpp).
struct LeftOutLaw {
  ImpactLaw law;
  std::string reason;
};

struct FitImpactOutcome {
  nlohmann::ordered_json record;  // one law's record, or {"data_kind", "fits", "ranking", …}
  std::vector<ImpactFitReport> reports;
  std::vector<LeftOutLaw> left_out;  // several laws asked for: those that cannot take the data
  bool ok = false;  // every fitted law "converged"
};
// InputError naming the flag and value unless m is a mass, n in [1, 2], K a contact stiffness of
// that n (core/units ranges; K = 0 allowed with v: an impact record's start from its peak) and
// v, when given, an impact speed.
void require_fit_impact_material(double m, double K, double n, std::optional<double> v);
// Several laws: each that can take the data is fitted and ranked; the others are listed in
// left_out (and the record's `left_out`), and only when none can is it an InputError.
FitImpactOutcome run_fit_impact(const FitImpactRequest& request, const RestitutionCurve& data);
// The AIC ranking of several laws' fits as `ranking` (and its `criterion`) of a record.
void add_ranking(const std::vector<ImpactFitReport>& reports, nlohmann::ordered_json* record);

// One fit as the record of the JSON output (keys with units, per-point residuals, the
// separation rule among the assumptions).
nlohmann::ordered_json impact_fit_record(const ImpactFitReport& r, const RestitutionCurve& data,
                                         double m);
// The outcome as aligned text: parameters ± standard errors, fit statistics, ranking.
std::string fit_impact_text(const FitImpactOutcome& outcome);
// fit_impact.json, fit_impact_points.csv (data, model, residual per law) and
// fit_impact_curve.csv (each law's e(v) on a fine grid with its 95 % band) into `folder` (the
// stage of the caller's io::ResultFolder, which gives each file its sidecar when published).
void write_fit_impact(const std::filesystem::path& folder, const FitImpactOutcome& outcome,
                      const FitImpactRequest& request, const RestitutionCurve& data);

}  // namespace calib::fit
