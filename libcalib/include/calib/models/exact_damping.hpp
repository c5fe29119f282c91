#pragma once
// Exact damping table (beyond PN2020): ζ*(e, n) of the linear damper with
// separation at zero force, tabulated from the ODE calibration and interpolated so that
// |e_out − e|/e ≤ kCertifiedRelErr = 1e-10 over e ∈ [1e-4, 1], n ∈ [1, 2] (the
// 201 × 65 grid measured 2.8e-11 worst over 16,000 random points; checked by
// tests/models/exact_damping_test.cpp and `calib validate --formula exact-table`). That is
// what lets a calibration answer from the table without an ODE solve (CalibrateOptions::verify).
//
// Interpolated quantity: y(x, n) = ln(ζ*/(−x)) with x = ln e. As e → 1, ζ* ≈ −ln e / I(n)
// (first-order energy loss, see limit_ratio()); as e → 0, ζ* → ((n+1)/(2e))^{1/(n+1)}
// (PN2020 eq. 33), so y is asymptotically linear in x. But y is NOT smooth at e = 1 for
// n > 1: with the clamp the bodies separate where κxⁿ = ζ|x'|, i.e. at x ~ ζ^{1/n}, and the
// unreleased spring energy adds a term ∝ ζ^{1+1/n} to −ln e, so y ≈ y₀ + c(−x)^{1/n} (we
// measured the √(−x) law for n = 2). Hence the e-nodes are uniform in σ = (x/x_min)^{1/q}
// (q = e_power), clustering them at e = 1 where the fractional powers become σ^{q/n}.
// n-nodes are uniform; tensor-product Lagrange interpolation of order `stencil`.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace calib::models {

// The solver settings the node values were computed with (recorded in the CSV header).
struct ExactDampingTolerances {
  double cor_rel_tol = 1e-11;               // |e_out − e|/e at every node
  double rel_tol = 1e-13, abs_tol = 1e-15;  // ODE tolerances of the calibration
};

struct ExactDampingGrid {
  double e_min = 1e-4;  // smallest e (x_min = ln e_min); the largest node is e = 1
  int e_nodes = 201;    // nodes in x = ln e (see e_power)
  int n_nodes = 65;     // nodes in n ∈ [1, 2]
  int stencil = 6;      // points per direction of the Lagrange interpolant (4 or 6)
  int e_power = 3;      // q: e-nodes at x = x_min·(1 − i/(e_nodes−1))^q
};

class ExactDamping {
 public:
  // |e_out − e|/e of the compiled-in table's ζ*, at most (see the header comment).
  static constexpr double kCertifiedRelErr = 1e-10;

  // Table compiled into the library from datasets/exact_damping.csv. Throws ComputeError
  // if the build had no table (regenerate it with `calib exact-table`).
  static const ExactDamping& builtin();
  static bool builtin_available();
  // Reads a table written by write(); throws InputError naming the file and the defect.
  static ExactDamping load(const std::filesystem::path& csv);
  static ExactDamping parse(std::string_view csv_text, const std::string& origin);
  // The (e, n) of every node with e < 1, in storage order; InputError names a bad grid field.
  // The calibrations themselves run above this layer (studies/exact_table.hpp).
  struct Node {
    double e, n;
  };
  struct NodeValue {
    double zeta, e_out;
  };
  static std::vector<Node> nodes(const ExactDampingGrid& grid);
  // The table from one value per node of nodes(grid); the e = 1 row is the exact limit.
  static ExactDamping assemble(const ExactDampingGrid& grid,
                               const ExactDampingTolerances& tolerances,
                               const std::vector<NodeValue>& values);
  void write(const std::filesystem::path& csv) const;

  // ζ*(e, n); InputError outside e ∈ [e_min, 1], n ∈ [1, 2].
  double zeta(double e, double n) const;
  // d ln ζ*/d ln e from the interpolant (the Newton slope of calibrate::zeta_exact).
  double dlnzeta_dlne(double e, double n) const;
  // c_opt = ζ*·m v/δ_m (scale invariance of the dimensionless law).
  double c_opt(double m, double k, double v, double n, double e) const;
  bool covers(double e, double n) const;

  const ExactDampingGrid& grid() const { return grid_; }
  const ExactDampingTolerances& generated_with() const { return tolerances_; }

  // lim_{e→1} ζ*/(−ln e) = 1/I(n), I(n) = 2∫₀¹ √(1 − x^{n+1}) dx = 2 B(1/(n+1), 3/2)/(n+1):
  // to first order in ζ the energy lost is ζ∫x'² dτ over the undamped half cycle, where
  // x'² = 1 − x^{n+1}; the clamp only acts at higher order. n = 1 gives 2/π (PN2020 eq. 57).
  static double limit_ratio(double n);

 private:
  static ExactDamping empty_table(const ExactDampingGrid& grid);  // grid checked, no values
  double position_of(double x) const;  // fractional e-node index of x = ln e
  double x_of_node(int i) const;
  double stencil_sum(double x, double n, bool d_du) const;
  double y_at(double x, double n) const;
  double dy_dx_at(double x, double n) const;
  ExactDampingGrid grid_;
  ExactDampingTolerances tolerances_;
  double x_min_ = 0, dn_ = 0;
  std::vector<double> y_;      // y[i_n * e_nodes + i_x]
  std::vector<double> zeta_;   // node values, for write()
  std::vector<double> e_out_;  // check solve at each node
};

}  // namespace calib::models
