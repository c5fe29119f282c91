// `calib fit-impact`: the data file, the Hertz material, and the fits of one or all laws.
#include <algorithm>
#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/core/vocabulary.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/input_file.hpp"
#include "calib/io/resources.hpp"
#include "core/checks.hpp"

namespace calib::fit {

namespace {

// The header cells of a CSV text: its first line that is neither blank nor a # comment.
std::vector<std::string> header_of(const std::string& text, const std::filesystem::path& file) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::vector<std::string> cells;
    std::size_t start = 0;
    while (start <= line.size()) {
      const std::size_t end = std::min(line.find(',', start), line.size());
      std::string cell = line.substr(start, end - start);
      cell.erase(0, cell.find_first_not_of(" \t\"\r"));
      cell.erase(cell.find_last_not_of(" \t\"\r") + 1);
      cells.push_back(cell);
      start = end + 1;
    }
    return cells;
  }
  throw InputError(fmt::format("--data: '{}' has no header line", file.string()));
}

// The optional t_contact[s] and f_max[N] columns, each with its sigma column (a value without
// its σ is refused by validate, naming it).
template <class Has>
void read_contact_columns(const std::string& text, const std::filesystem::path& path, Has has,
                          RestitutionCurve* d) {
  std::vector<std::string> columns;
  for (const char* name : {"t_contact[s]", "sigma_t_contact[s]", "f_max[N]", "sigma_f_max[N]"})
    if (has(name)) columns.push_back(name);
  if (columns.empty()) return;
  const io::NumericTable t = io::parse_numeric_csv(text, path, columns);
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::string& c = columns[i];
    (c == "t_contact[s]"         ? d->t_contact
     : c == "sigma_t_contact[s]" ? d->sigma_t_contact
     : c == "f_max[N]"           ? d->f_max
                                 : d->sigma_f_max) = t.columns[i];
  }
}

}  // namespace

std::vector<std::string> impact_data_header(const std::filesystem::path& file) {
  const std::filesystem::path path = io::resolve_input_path(file);
  return header_of(io::read_input_file(path, io::kMaxDataFileBytes, "--data"), path);
}

ImpactDataKind impact_data_kind(const std::filesystem::path& file) {
  const std::vector<std::string> header = impact_data_header(file);
  return std::find(header.begin(), header.end(), "t[s]") != header.end()
             ? ImpactDataKind::impact_record
             : ImpactDataKind::restitution_curve;
}

RestitutionCurve read_restitution_curve(const std::filesystem::path& file) {
  const std::filesystem::path path = io::resolve_input_path(file);
  const std::string text = io::read_input_file(path, io::kMaxDataFileBytes, "--data");
  const std::vector<std::string> header = header_of(text, path);
  const auto has = [&](std::string_view name) {
    return std::find(header.begin(), header.end(), name) != header.end();
  };
  if (has("t[s]"))
    throw InputError(fmt::format(
        "--data: '{}' is an impact record (t[s] column), not a restitution curve (v_in[m/s], e[-])",
        file.string()));
  std::vector<std::string> columns{"v_in[m/s]", "e[-]"};
  if (has("sigma_e[-]")) columns.push_back("sigma_e[-]");
  const io::NumericTable t = io::parse_numeric_csv(text, path, columns);
  RestitutionCurve d;
  d.v_in = t.columns[0], d.e = t.columns[1], d.rows = t.lines;
  if (columns.size() == 3) d.sigma_e = t.columns[2];
  read_contact_columns(text, path, has, &d);
  validate(d);
  return d;
}

double hertz_stiffness(const HertzSpheres& s) {
  require_positive("--E", s.E);
  require_in_range("--nu", s.nu, -1.0, 0.5);
  require_positive("--radius", s.radius);
  const double reduced = 1.0 - s.nu * s.nu;
  const double E_star = s.wall ? s.E / reduced : s.E / (2.0 * reduced);
  const double R_star = s.wall ? s.radius : s.radius / 2.0;
  return 4.0 / 3.0 * E_star * std::sqrt(R_star);  // Johnson 1985 eq. 4.22–4.23
}

double effective_mass(const HertzSpheres& s) {
  if (!s.density) throw InputError("--m: give the effective mass, or --density with --radius");
  require_positive("--density", *s.density);
  require_positive("--radius", s.radius);
  const double M = *s.density * 4.0 / 3.0 * M_PI * std::pow(s.radius, 3);
  return s.wall ? M : M / 2.0;
}

void add_ranking(const std::vector<ImpactFitReport>& reports, nlohmann::ordered_json* record) {
  auto& ranking = (*record)["ranking"] = nlohmann::ordered_json::array();
  for (const LawRank& r : rank_by_aic(reports))
    ranking.push_back({{"law", impact_law_name(r.law)},
                       {"status", r.status},
                       {"aic", r.aic},
                       {"bic", r.bic},
                       {"delta_aic", r.delta_aic},
                       {"akaike_weight", r.akaike_weight},
                       {"evidence_ratio", std::isfinite(r.evidence_ratio)
                                              ? nlohmann::ordered_json(r.evidence_ratio)
                                              : nlohmann::ordered_json(nullptr)},
                       {"log10_evidence_ratio", r.delta_aic / (2 * std::log(10.0))}});
  (*record)["criterion"] =
      "lowest AIC first (laws not converged last); evidence_ratio = exp(delta_aic/2), how much "
      "likelier the best law is than this one (null when beyond a double: see log10_evidence_ratio)";
}

FitImpactOutcome run_fit_impact(const FitImpactRequest& q, const RestitutionCurve& data) {
  require_positive("--m", q.m);
  require_positive("--K", q.K);
  require_exponent("--n", q.n);
  require_listed("--law", q.laws.size());
  ImpactFitOptions options = q.options;
  options.fit_K = q.fit_K;
  options.fit_n = q.fit_n;
  options.fit_damping = q.fit_damping;
  FitImpactOutcome out;
  out.ok = true;
  for (const ImpactLaw law : q.laws) {
    out.reports.push_back(fit_restitution_curve(law, q.m, {q.K, q.n, 0.0}, data, options));
    out.ok = out.ok && out.reports.back().ok();
  }
  if (q.laws.size() == 1) {
    out.record = impact_fit_record(out.reports.front(), data, q.m);
    return out;
  }
  out.record["data_kind"] = "restitution-curve";
  out.record["fits"] = nlohmann::ordered_json::array();
  for (const ImpactFitReport& r : out.reports)
    out.record["fits"].push_back(impact_fit_record(r, data, q.m));
  add_ranking(out.reports, &out.record);
  out.record = vocabulary::with_units(std::move(out.record));
  return out;
}

}  // namespace calib::fit
