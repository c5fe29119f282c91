#include "calib/models/exact_damping.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>
#include <boost/math/special_functions/beta.hpp>

#include "calib/core/contact_law.hpp"
#include "calib/core/error.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/input_file.hpp"
#include "core/checks.hpp"

namespace calib::models {

namespace {

constexpr int kMaxStencil = 8;

// Lagrange weights (and their derivatives) for nodes 0..p-1 at position t.
void lagrange_weights(double t, int p, double* w, double* dw) {
  for (int j = 0; j < p; ++j) {
    double num = 1.0, den = 1.0, dsum = 0.0;
    for (int k = 0; k < p; ++k) {
      if (k == j) continue;
      num *= t - k;
      den *= j - k;
    }
    w[j] = num / den;
    if (dw) {
      // d/dt Π_{k≠j}(t−k) = Σ_{m≠j} Π_{k≠j,m}(t−k); computed without dividing by (t−m).
      for (int m = 0; m < p; ++m) {
        if (m == j) continue;
        double prod = 1.0;
        for (int k = 0; k < p; ++k)
          if (k != j && k != m) prod *= t - k;
        dsum += prod;
      }
      dw[j] = dsum / den;
    }
  }
}

// First stencil node and local coordinate for a position u (in grid steps) on n nodes.
int stencil_start(double u, int nodes, int p, double* local) {
  int i0 = static_cast<int>(std::floor(u)) - (p / 2 - 1);
  i0 = std::clamp(i0, 0, nodes - p);
  *local = u - i0;
  return i0;
}

}  // namespace

double ExactDamping::limit_ratio(double n) {
  const double a = 1.0 / (n + 1.0);
  const double I = 2.0 * boost::math::beta(a, 1.5) / (n + 1.0);
  return 1.0 / I;
}

bool ExactDamping::covers(double e, double n) const {
  return e >= grid_.e_min && e <= 1.0 && n >= 1.0 && n <= 2.0;
}

double ExactDamping::position_of(double x) const {
  return (grid_.e_nodes - 1) * (1.0 - std::pow(x / x_min_, 1.0 / grid_.e_power));
}

double ExactDamping::x_of_node(int i) const {
  if (i == grid_.e_nodes - 1) return 0.0;
  return x_min_ * std::pow(1.0 - static_cast<double>(i) / (grid_.e_nodes - 1), grid_.e_power);
}

// Tensor-product Lagrange sum over the stencil around (x, n): y, or ∂y/∂u (u = e-node
// position) when `d_du` is set.
double ExactDamping::stencil_sum(double x, double n, bool d_du) const {
  const int p = grid_.stencil;
  double tx, tn, wx[kMaxStencil], dwx[kMaxStencil], wn[kMaxStencil];
  const int ix = stencil_start(position_of(x), grid_.e_nodes, p, &tx);
  const int in = stencil_start((n - 1.0) / dn_, grid_.n_nodes, p, &tn);
  lagrange_weights(tx, p, wx, d_du ? dwx : nullptr);
  lagrange_weights(tn, p, wn, nullptr);
  const double* w = d_du ? dwx : wx;
  double sum = 0.0;
  for (int a = 0; a < p; ++a) {
    const double* row = &y_[static_cast<std::size_t>(in + a) * grid_.e_nodes + ix];
    double s = 0.0;
    for (int b = 0; b < p; ++b) s += w[b] * row[b];
    sum += wn[a] * s;
  }
  return sum;
}

double ExactDamping::y_at(double x, double n) const { return stencil_sum(x, n, false); }

double ExactDamping::dy_dx_at(double x, double n) const {
  // du/dx with u = (N−1)(1 − σ), σ = (x/x_min)^{1/q}.
  const double q = grid_.e_power, sigma = std::pow(x / x_min_, 1.0 / q);
  const double du_dx = -(grid_.e_nodes - 1) * sigma / (q * x);
  return stencil_sum(x, n, true) * du_dx;
}

double ExactDamping::zeta(double e, double n) const {
  require_finite("e", e);
  require_finite("n", n);
  if (!covers(e, n))
    throw InputError(
        fmt::format("exact damping table covers e in [{}, 1] and n in [1, 2]; got e={}, n={}",
                    grid_.e_min, e, n));
  if (e == 1.0) return 0.0;
  const double x = std::log(e);
  return -x * std::exp(y_at(x, n));
}

double ExactDamping::dlnzeta_dlne(double e, double n) const {
  const double x = std::log(e);
  // ln ζ = y(x) + ln(−x)  =>  d ln ζ/dx = y'(x) + 1/x.
  return dy_dx_at(x, n) + 1.0 / x;
}

double ExactDamping::c_opt(double m, double k, double v, double n, double e) const {
  return to_physical_damping(Family::linear_damper, zeta(e, n), m, k, v, n);
}

namespace {
void check_grid(const ExactDampingGrid& grid) {
  if (!(grid.e_min > 0 && grid.e_min < 0.5))
    throw InputError(fmt::format("exact table: e_min must be in (0, 0.5), got {}", grid.e_min));
  if (grid.stencil < 2 || grid.stencil > kMaxStencil)
    throw InputError(
        fmt::format("exact table: stencil must be in [2, {}], got {}", kMaxStencil, grid.stencil));
  if (grid.e_nodes < grid.stencil || grid.n_nodes < grid.stencil)
    throw InputError(fmt::format("exact table: need at least {} nodes per axis", grid.stencil));
  if (grid.e_power < 1 || grid.e_power > 6)
    throw InputError(fmt::format("exact table: e_power must be in [1, 6], got {}", grid.e_power));
}
}  // namespace

ExactDamping ExactDamping::empty_table(const ExactDampingGrid& grid) {
  check_grid(grid);
  ExactDamping t;
  t.grid_ = grid;
  t.x_min_ = std::log(grid.e_min);
  t.dn_ = 1.0 / (grid.n_nodes - 1);
  return t;
}

std::vector<ExactDamping::Node> ExactDamping::nodes(const ExactDampingGrid& grid) {
  const ExactDamping t = empty_table(grid);
  std::vector<Node> out;
  for (int in = 0; in < grid.n_nodes; ++in)
    for (int ix = 0; ix + 1 < grid.e_nodes; ++ix)
      out.push_back({std::exp(t.x_of_node(ix)), 1.0 + in * t.dn_});
  return out;
}

ExactDamping ExactDamping::assemble(const ExactDampingGrid& grid,
                                    const ExactDampingTolerances& tolerances,
                                    const std::vector<NodeValue>& values) {
  ExactDamping t = empty_table(grid);
  t.tolerances_ = tolerances;
  if (values.size() != static_cast<std::size_t>(grid.e_nodes - 1) * grid.n_nodes)
    throw ComputeError(fmt::format("exact table: {} node values for a {} x {} grid", values.size(),
                                   grid.e_nodes, grid.n_nodes));
  std::size_t k = 0;
  for (int in = 0; in < grid.n_nodes; ++in) {
    const double n = 1.0 + in * t.dn_;
    for (int ix = 0; ix < grid.e_nodes; ++ix) {
      if (ix == grid.e_nodes - 1) {  // e = 1: the exact limit (see limit_ratio)
        t.y_.push_back(std::log(limit_ratio(n)));
        t.zeta_.push_back(0.0);
        t.e_out_.push_back(1.0);
        continue;
      }
      const NodeValue& v = values[k++];
      t.y_.push_back(std::log(v.zeta / -t.x_of_node(ix)));
      t.zeta_.push_back(v.zeta);
      t.e_out_.push_back(v.e_out);
    }
  }
  return t;
}

void ExactDamping::write(const std::filesystem::path& csv) const {
  io::AtomicFile file(csv);
  auto& os = file.stream();
  os << "# libcalib exact damping table: zeta*(e,n) of the linear damper, separation at F = 0 "
        "(PN2020 eq. 20-23)\n";
  os << fmt::format("# grid e_min={} e_nodes={} n_nodes={} stencil={} e_power={}\n", grid_.e_min,
                    grid_.e_nodes, grid_.n_nodes, grid_.stencil, grid_.e_power);
  os << fmt::format("# calibration cor_rel_tol={} rel_tol={} abs_tol={}\n", tolerances_.cor_rel_tol,
                    tolerances_.rel_tol, tolerances_.abs_tol);
  os << "# y = ln(zeta/(-ln e)); the e = 1 row holds the exact limit -ln I(n) (see "
        "exact_damping.hpp)\n";
  os << "n,ln_e,zeta,y,e_out\n";
  for (int in = 0; in < grid_.n_nodes; ++in)
    for (int ix = 0; ix < grid_.e_nodes; ++ix) {
      const std::size_t i = static_cast<std::size_t>(in) * grid_.e_nodes + ix;
      const double x = x_of_node(ix);
      os << io::format_number(1.0 + in * dn_) << ',' << io::format_number(x) << ','
         << io::format_number(zeta_[i]) << ',' << io::format_number(y_[i]) << ','
         << io::format_number(e_out_[i]) << '\n';
    }
  file.commit();
}

ExactDamping ExactDamping::parse(std::string_view text, const std::string& origin) {
  ExactDamping t;
  auto fail = [&](std::size_t line, const std::string& why) {
    return InputError(fmt::format("{}:{}: exact damping table: {}", origin, line, why));
  };
  std::size_t line_no = 0, pos = 0;
  bool header_seen = false, grid_seen = false;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.empty()) continue;
    if (line.front() == '#') {
      std::string s(line);
      if (s.rfind("# grid ", 0) == 0) {
        grid_seen =
            std::sscanf(s.c_str(), "# grid e_min=%lf e_nodes=%d n_nodes=%d stencil=%d e_power=%d",
                        &t.grid_.e_min, &t.grid_.e_nodes, &t.grid_.n_nodes, &t.grid_.stencil,
                        &t.grid_.e_power) == 5;
        if (!grid_seen) throw fail(line_no, "malformed '# grid' line");
      } else if (s.rfind("# calibration ", 0) == 0) {
        std::sscanf(s.c_str(), "# calibration cor_rel_tol=%lf rel_tol=%lf abs_tol=%lf",
                    &t.tolerances_.cor_rel_tol, &t.tolerances_.rel_tol, &t.tolerances_.abs_tol);
      }
      continue;
    }
    if (!header_seen) {
      if (line != "n,ln_e,zeta,y,e_out") throw fail(line_no, "expected header n,ln_e,zeta,y,e_out");
      header_seen = true;
      continue;
    }
    double v[5];
    const char* p = line.data();
    const char* last = line.data() + line.size();
    for (int c = 0; c < 5; ++c) {
      auto [q, ec] = std::from_chars(p, last, v[c]);
      if (ec != std::errc() || !std::isfinite(v[c]))
        throw fail(line_no, fmt::format("bad number in column {}", c + 1));
      p = q;
      if (c < 4) {
        if (p == last || *p != ',') throw fail(line_no, "expected 5 columns");
        ++p;
      }
    }
    t.zeta_.push_back(v[2]);
    t.y_.push_back(v[3]);
    t.e_out_.push_back(v[4]);
  }
  if (!grid_seen) throw fail(line_no, "missing '# grid' line");
  const auto& g = t.grid_;
  if (g.stencil < 2 || g.stencil > kMaxStencil || g.e_nodes < g.stencil || g.n_nodes < g.stencil ||
      !(g.e_min > 0 && g.e_min < 1) || g.e_power < 1 || g.e_power > 6)
    throw fail(line_no, "inconsistent grid description");
  if (t.y_.size() != static_cast<std::size_t>(g.e_nodes) * g.n_nodes)
    throw fail(line_no,
               fmt::format("expected {} rows, found {}", g.e_nodes * g.n_nodes, t.y_.size()));
  t.x_min_ = std::log(g.e_min);
  t.dn_ = 1.0 / (g.n_nodes - 1);
  return t;
}

ExactDamping ExactDamping::load(const std::filesystem::path& csv) {
  return parse(io::read_input_file(csv, io::kMaxDataFileBytes, "exact damping table"), csv.string());
}

}  // namespace calib::models

namespace calib::models {

namespace detail {
extern const std::string_view kExactDampingCsv;  // generated by configure_file (libcalib/CMakeLists.txt)
}

bool ExactDamping::builtin_available() { return !detail::kExactDampingCsv.empty(); }

const ExactDamping& ExactDamping::builtin() {
  if (!builtin_available())
    throw ComputeError(
        "this build has no exact damping table: generate datasets/exact_damping.csv with "
        "`calib exact-table` and rebuild");
  static const ExactDamping table =
      parse(detail::kExactDampingCsv, "builtin datasets/exact_damping.csv");
  return table;
}

}  // namespace calib::models
