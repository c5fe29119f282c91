#include "calib/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "calib/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/kn_fit.hpp"
#include "calib/models.hpp"

#ifndef CALIB_SOURCE_PLOT_DIR
#define CALIB_SOURCE_PLOT_DIR "tools/plot"
#endif

namespace calib::plot {

namespace fs = std::filesystem;

const std::vector<std::string>& study_stems() {
  static const std::vector<std::string> s = {"rms_table", "damping_fit", "validate", "kn_tables", "effective_mass"};
  return s;
}

std::string stem_of(const std::string& study) {
  static const std::map<std::string, std::string> alias = {
      {"rms-table", "rms_table"}, {"damping-fit", "damping_fit"}, {"kn-fit", "kn_tables"},
      {"effective-mass", "effective_mass"}, {"effective-mass-study", "effective_mass"}};
  if (auto it = alias.find(study); it != alias.end()) return it->second;
  for (const auto& s : study_stems())
    if (s == study) return s;
  throw InputError(fmt::format("unknown study '{}' for plot; known: rms-table, damping-fit, validate, kn-fit, "
                               "effective-mass",
                               study));
}

fs::path default_scripts() {
  if (const char* env = std::getenv("CALIB_PLOT_SCRIPTS")) return env;
  if (fs::exists("tools/plot/common.gp")) return "tools/plot";
  return CALIB_SOURCE_PLOT_DIR;
}

namespace {

// A CSV cell for gnuplot: numbers as written, inf/blank as NaN (missing).
std::string cell(const std::string& s) {
  if (s.empty() || s == "inf" || s == "-inf" || s == "nan") return "NaN";
  return s;
}
// |x| for log axes (signed errors); 0 becomes NaN.
std::string magnitude(const std::string& s) {
  const std::string c = cell(s);
  if (c == "NaN") return c;
  const double v = std::abs(std::strtod(c.c_str(), nullptr));
  return v > 0 ? fmt::format("{}", v) : "NaN";
}
// Positive values only (log axes): 0 and negatives become NaN.
std::string positive(const std::string& s) {
  const std::string c = cell(s);
  if (c == "NaN") return c;
  return std::strtod(c.c_str(), nullptr) > 0 ? c : "NaN";
}

// Writes rows grouped by `key` as gnuplot index blocks; each block starts with a header line
// whose first field is the quoted title (for `title columnheader(1)`).
class Blocks {
 public:
  explicit Blocks(const fs::path& file) : out_(file) {
    if (!out_) throw ComputeError(fmt::format("cannot write {}", file.string()));
  }
  void block(const std::string& title, int columns) {
    if (count_ > 0) out_ << "\n\n";
    out_ << '"' << title << '"';
    for (int i = 1; i < columns; ++i) out_ << " c" << i;
    out_ << '\n';
    ++count_;
  }
  void row(const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) out_ << (i ? " " : "") << cells[i];
    out_ << '\n';
  }
  int count() const { return count_; }

 private:
  std::ofstream out_;
  int count_ = 0;
};

io::TextTable read(const fs::path& dir, const std::string& file, const std::vector<std::string>& cols) {
  const fs::path p = dir / file;
  if (!fs::exists(p)) throw InputError(fmt::format("plot: {} not found (run the study first)", p.string()));
  return io::read_text_csv(p, cols);
}

// Group row indices by the value of column `key`, in first-appearance order.
std::vector<std::pair<std::string, std::vector<std::size_t>>> group(const io::TextTable& t, std::size_t key) {
  std::vector<std::pair<std::string, std::vector<std::size_t>>> out;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::string& k = t.columns[key][r];
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& g) { return g.first == k; });
    if (it == out.end()) out.push_back({k, {r}});
    else it->second.push_back(r);
  }
  return out;
}

// Picks the groups whose numeric key is nearest to each wanted value.
std::vector<std::size_t> nearest_groups(const std::vector<std::pair<std::string, std::vector<std::size_t>>>& g,
                                        const std::vector<double>& wanted) {
  std::vector<std::size_t> out;
  for (double w : wanted) {
    std::size_t best = 0;
    for (std::size_t i = 0; i < g.size(); ++i)
      if (std::abs(std::stod(g[i].first) - w) < std::abs(std::stod(g[best].first) - w)) best = i;
    if (std::find(out.begin(), out.end(), best) == out.end()) out.push_back(best);
  }
  return out;
}

using Vars = std::map<std::string, std::string>;

Vars prepare_rms_table(const fs::path& in, const fs::path& work) {
  Vars v;
  {
    const auto t = read(in, "formula_cor.csv", {"model", "e_in", "h", "e_out", "cor_err"});
    Blocks b(work / "h_models.dat");
    for (const auto& [model, rows] : group(t, 0)) {
      b.block(model, 4);
      for (auto r : rows) b.row({t.columns[1][r], t.columns[2][r], t.columns[3][r], magnitude(t.columns[4][r])});
    }
    v["n_models"] = std::to_string(b.count());
  }
  {
    const auto t = read(in, "h_numerical.csv", {"e", "h_ode", "h_optimal_fit"});
    std::ofstream o(work / "h_num.dat");
    for (std::size_t r = 0; r < t.rows(); ++r) o << t.columns[0][r] << ' ' << t.columns[1][r] << ' ' << t.columns[2][r] << '\n';
  }
  {
    const auto t = read(in, "rms_table.csv", {"a", "b", "rms_percent", "rms_paper"});
    std::ofstream o(work / "rms_grid.dat");
    std::string last;
    for (std::size_t r = 0; r < t.rows(); ++r) {
      if (!last.empty() && t.columns[0][r] != last) o << '\n';  // pm3d: one scan per a
      last = t.columns[0][r];
      o << t.columns[0][r] << ' ' << t.columns[1][r] << ' ' << t.columns[2][r] << ' ' << cell(t.columns[3][r]) << '\n';
    }
  }
  {
    std::ifstream f(in / "optimum.json");
    if (!f) throw InputError(fmt::format("plot: {} not found", (in / "optimum.json").string()));
    const auto j = nlohmann::json::parse(f);
    std::ofstream o(work / "iso.dat");
    for (const auto& p : j.at("iso_integral_curve")) o << p.at("a").get<double>() << ' ' << p.at("b").get<double>() << '\n';
    v["I_opt"] = fmt::format("{}", j.at("optimal_integral").get<double>());
  }
  return v;
}

Vars prepare_damping_fit(const fs::path& in, const fs::path& work) {
  Vars v;
  const auto t = read(in, "scaling.csv", {"sweep", "n", "value", "c_opt"});
  for (const std::string s : {"m", "v", "k"}) {
    io::TextTable sub;
    sub.columns.resize(4);
    for (std::size_t r = 0; r < t.rows(); ++r)
      if (t.columns[0][r] == s) {
        for (int c = 0; c < 4; ++c) sub.columns[c].push_back(t.columns[c][r]);
        sub.lines.push_back(t.lines[r]);
      }
    const auto groups = group(sub, 1);
    Blocks b(work / ("scaling_" + s + ".dat"));
    for (auto gi : nearest_groups(groups, {1.0, 1.25, 1.5, 1.75, 2.0})) {
      b.block(fmt::format("n = {:.3f}", std::stod(groups[gi].first)), 2);
      for (auto r : groups[gi].second) b.row({sub.columns[2][r], sub.columns[3][r]});
    }
    v["n_scaling"] = std::to_string(b.count());
  }
  {
    const auto s = read(in, "scaling_slopes.csv", {"sweep", "n", "slope", "exact"});
    Blocks b(work / "slopes.dat");
    for (const auto& [sweep, rows] : group(s, 0)) {
      b.block(sweep, 3);
      for (auto r : rows) b.row({s.columns[1][r], s.columns[2][r], s.columns[3][r]});
    }
  }
  {
    const auto f = read(in, "fig9_eq57.csv", {"e", "e_exact", "abs_err"});
    std::ofstream o(work / "fig9.dat");
    for (std::size_t r = 0; r < f.rows(); ++r)
      o << f.columns[0][r] << ' ' << f.columns[1][r] << ' ' << positive(f.columns[2][r]) << '\n';
  }
  const auto ab = read(in, "alpha_beta.csv", {"n", "alpha", "beta", "alpha_paper", "beta_paper", "alpha_fit", "beta_fit"});
  {
    std::ofstream o(work / "alpha_beta.dat");
    for (std::size_t r = 0; r < ab.rows(); ++r) {
      for (int c = 0; c < 7; ++c) o << (c ? " " : "") << ab.columns[c][r];
      o << '\n';
    }
  }
  {
    const auto g = read(in, "copt_grid.csv", {"n", "e", "c_opt"});
    const auto groups = group(g, 0);
    Blocks b(work / "copt.dat");
    for (auto gi : nearest_groups(groups, {1.0, 1.5, 2.0})) {
      const double n = std::stod(groups[gi].first);
      // Per-n eq. 45 fit (ours) and eq. 49 with the paper's α(n), β(n), at m = k = v = 1.
      std::size_t row = 0;
      for (std::size_t r = 0; r < ab.rows(); ++r)
        if (std::abs(std::stod(ab.columns[0][r]) - n) < 1e-12) row = r;
      const double a = std::stod(ab.columns[1][row]), be = std::stod(ab.columns[2][row]);
      b.block(fmt::format("n = {:.3f} (libcalib)", n), 4);
      for (auto r : groups[gi].second) {
        const double e = std::stod(g.columns[1][r]);
        b.row({g.columns[1][r], g.columns[2][r], fmt::format("{}", a * (std::pow(e, be) - 1)),
               fmt::format("{}", models::pn2020_alpha(n) * (std::pow(e, models::pn2020_beta(n)) - 1))});
      }
    }
    v["n_copt"] = std::to_string(b.count());
  }
  return v;
}

Vars prepare_validate(const fs::path& in, const fs::path& work) {
  Vars v;
  const auto t = read(in, "validation.csv", {"formula", "clamp", "e", "max_abs_err"});
  std::map<std::string, std::unique_ptr<Blocks>> files;
  for (const std::string g : {"linear_damper", "hysteresis", "dem"})
    files[g] = std::make_unique<Blocks>(work / ("val_" + g + ".dat"));
  std::vector<std::pair<std::string, std::vector<std::size_t>>> groups;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    const std::string key = t.columns[0][r] + " (clamp " + t.columns[1][r] + ")";
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == key; });
    if (it == groups.end()) groups.push_back({key, {r}});
    else it->second.push_back(r);
  }
  for (const auto& [key, rows] : groups) {
    const std::string formula = t.columns[0][rows.front()];
    std::string family = "linear_damper";  // user formulas too
    for (const auto& m : models::catalog())
      if (m.name == formula)
        family = (m.family == Family::hysteresis || m.family == Family::indentation) ? "hysteresis"
                 : m.family == Family::tsuji                                            ? "dem"
                                                                                        : "linear_damper";
    Blocks& b = *files[family];
    b.block(key, 2);
    for (auto r : rows) b.row({t.columns[2][r], positive(t.columns[3][r])});
  }
  for (auto& [g, b] : files) v["n_" + g] = std::to_string(b->count());
  return v;
}

Vars prepare_kn_tables(const fs::path& in, const fs::path& work) {
  Vars v;
  const auto t = read(in, "kn_tables.csv", {"table", "model", "material", "region", "dR"});
  std::string tables;
  for (const auto& [table, rows] : group(t, 0)) {
    tables += (tables.empty() ? "" : " ") + table;
    Blocks b(work / ("kn_table" + table + ".dat"));
    for (auto r : rows) {
      const std::string& region = t.columns[3][r];
      const std::string dR = t.columns[4][r];
      const std::string file = "curves/" + kn_fit::curve_file_name(table, t.columns[1][r], t.columns[2][r], region, dR);
      const auto c = read(in, file, {"W", "delta", "W_fit", "rel_err_percent"});
      b.block(table == "11" ? fmt::format("{} {}", t.columns[1][r], region) : fmt::format("dR = {} mm", dR), 4);
      for (std::size_t k = 0; k < c.rows(); ++k)
        b.row({c.columns[0][k], c.columns[1][k], c.columns[2][k], c.columns[3][k]});
    }
    v["n_table" + table] = std::to_string(b.count());
    v["title_table" + table] = table == "11" ? "'scotch yoke, steel'"
                                             : fmt::format("'{}, {}'", t.columns[1][rows.front()], t.columns[2][rows.front()]);
  }
  v["tables"] = "'" + tables + "'";
  return v;
}

Vars prepare_effective_mass(const fs::path& in, const fs::path& work) {
  {
    const auto t = read(in, "fig10_slider_crank.csv", {"crank.angle_deg", "m_eff", "m_app_i"});
    std::ofstream o(work / "fig10.dat");
    for (std::size_t r = 0; r < t.rows(); ++r)
      o << t.columns[0][r] << ' ' << cell(t.columns[1][r]) << ' ' << cell(t.columns[2][r]) << '\n';
  }
  {
    const auto t = read(in, "example1_pendulum.csv", {"rod.angle_deg", "m_eff"});
    std::ofstream o(work / "example1.dat");
    for (std::size_t r = 0; r < t.rows(); ++r)
      o << std::stod(t.columns[0][r]) + 90.0 << ' ' << cell(t.columns[1][r]) << '\n';  // θ = angle + 90°
  }
  return {};
}

std::string quote_path(const fs::path& p) { return "'" + p.string() + "'"; }

}  // namespace

std::vector<fs::path> plot_study(const std::string& study, const Options& o) {
  const std::string stem = stem_of(study);
  if (!fs::is_directory(o.in)) throw InputError(fmt::format("plot: results folder {} not found", o.in.string()));
  const fs::path script = o.scripts / (stem + ".gp");
  if (!fs::exists(script)) throw InputError(fmt::format("plot: script {} not found (--scripts)", script.string()));
  const fs::path dir = o.out / stem;  // figures of this study
  const fs::path work = o.out / ".work" / stem;
  fs::create_directories(dir);
  fs::create_directories(work);
  Vars vars;
  if (stem == "rms_table") vars = prepare_rms_table(o.in, work);
  else if (stem == "damping_fit") vars = prepare_damping_fit(o.in, work);
  else if (stem == "validate") vars = prepare_validate(o.in, work);
  else if (stem == "kn_tables") vars = prepare_kn_tables(o.in, work);
  else vars = prepare_effective_mass(o.in, work);
  for (const std::string& ext : o.formats) {
    std::string defs = fmt::format("work={}; out={}; scripts={}; ext='{}'; ", quote_path(work), quote_path(dir),
                                   quote_path(o.scripts), ext);
    for (const auto& [k, val] : vars) defs += fmt::format("{}={}; ", k, val);
    const fs::path log = work / ("gnuplot_" + ext + ".log");
    const std::string cmd = fmt::format("gnuplot -e \"{}\" {} > {} 2>&1", defs, quote_path(script), quote_path(log));
    const int rc = std::system(cmd.c_str());
    if (rc != 0) {
      std::ifstream f(log);
      std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
      if (std::system("command -v gnuplot > /dev/null 2>&1") != 0)
        throw ComputeError("plot: gnuplot not found; install it with `apt-get install gnuplot-nox` (tools/setup.sh)");
      throw ComputeError(fmt::format("plot: gnuplot failed on {} ({}):\n{}", script.string(), ext, text));
    }
  }
  std::vector<fs::path> images;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && (e.path().extension() == ".png" || e.path().extension() == ".svg")) images.push_back(e.path());
  std::sort(images.begin(), images.end());
  return images;
}

}  // namespace calib::plot
