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

// The data kind of a fit-impact file, from its header: an impact record when it has a t[s]
// column (fit_impact_record.hpp), else a restitution curve.
enum class ImpactDataKind { restitution_curve, impact_record };
ImpactDataKind impact_data_kind(const std::filesystem::path& file);
// The header cells of a data file: its first line neither blank nor a # comment.
std::vector<std::string> impact_data_header(const std::filesystem::path& file);

// A restitution curve file: columns v_in[m/s], e[-] and optionally sigma_e[-], t_contact[s]
// with sigma_t_contact[s], f_max[N] with sigma_f_max[N] (# comment lines allowed). InputError
// naming the file, line and column; an impact record (t[s] column) is refused by name rather
// than misread.
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

struct FitImpactOutcome {
  nlohmann::ordered_json record;  // one law's record, or {"data_kind", "fits", "ranking", …}
  std::vector<ImpactFitReport> reports;
  bool ok = false;  // every fitted law "converged"
};
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
