#include "calib/models/multibody.hpp"

#include <cmath>

#include <fmt/format.h>
#include <Eigen/SparseLU>

#include "calib/core/error.hpp"

namespace calib::models::multibody {

std::string_view status_name(Status s) {
  switch (s) {
    case Status::ok:
      return "ok";
    case Status::infinite:
      return "infinite";
    case Status::redundant_constraints:
      return "redundant-constraints";
  }
  return "?";
}

namespace {

void check_shapes(const Eigen::MatrixXd& M, const Eigen::MatrixXd& D, const Eigen::VectorXd& d) {
  const auto n = M.rows();
  if (M.cols() != n || d.size() != n || (D.rows() > 0 && D.cols() != n))
    throw InputError(fmt::format(
        "effective mass: M is {}x{}, D is {}x{}, d has {} entries; need M n x n, D n_c x n, d n",
        M.rows(), M.cols(), D.rows(), D.cols(), d.size()));
  if (!M.allFinite() || !D.allFinite() || !d.allFinite())
    throw InputError("effective mass: M, D or d has NaN/Inf entries");
  if (d.squaredNorm() == 0) throw InputError("effective mass: the contact array d is zero");
}

// 1/m_eff below this fraction of dᵀ diag(M)⁻¹ d means the normal is (numerically) immovable.
constexpr double kInfiniteRatio = 1e-12;

double reference_mobility(const Eigen::MatrixXd& M, const Eigen::VectorXd& d) {
  return (d.array().square() / M.diagonal().array().abs()).sum();
}

}  // namespace

Eigen::MatrixXd velocity_basis(const Eigen::MatrixXd& D, int* rank) {
  const auto n = D.cols();
  if (D.rows() == 0) {
    if (rank) *rank = 0;
    return Eigen::MatrixXd::Identity(n, n);
  }
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(D.transpose());
  qr.setThreshold(1e-12);
  const auto r = qr.rank();
  if (rank) *rank = static_cast<int>(r);
  // Dᵀ P = Q R: the last n − r columns of Q span the complement of range(Dᵀ) = null(D).
  const Eigen::MatrixXd Q = qr.householderQ() * Eigen::MatrixXd::Identity(n, n);
  return Q.rightCols(n - r);
}

namespace {
// Eq. 39 with an explicit scale for the "immovable" test: `reference` is the mobility the
// contact would have without constraints, so a projection b = Bᵀd that is tiny only because
// the normal is (nearly) blocked is recognised as m_eff = ∞.
EffectiveMass eq39(const Eigen::MatrixXd& M_dof, const Eigen::VectorXd& b, double reference) {
  EffectiveMass out;
  out.dof = static_cast<int>(b.size());
  if (b.size() == 0) {
    out.status = Status::infinite;
    return out;
  }
  Eigen::LDLT<Eigen::MatrixXd> ldlt(M_dof);
  if (ldlt.info() != Eigen::Success || !ldlt.isPositive())
    throw ComputeError(
        "effective mass: M_dof is not positive definite (check masses and inertias)");
  const double mobility = b.dot(ldlt.solve(b));  // eq. 39 denominator, no explicit inverse
  if (!(mobility > kInfiniteRatio * reference)) {
    out.status = Status::infinite;
    return out;
  }
  out.m_eff = 1.0 / mobility;
  return out;
}
}  // namespace

EffectiveMass independent_closed_form(const Eigen::MatrixXd& M_dof, const Eigen::VectorXd& b) {
  return eq39(M_dof, b, (b.array().square() / M_dof.diagonal().array().abs()).sum());
}

EffectiveMass independent_bordered(const Eigen::MatrixXd& M_dof, const Eigen::VectorXd& b) {
  const auto n = b.size();
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n + 1, n + 1);
  A.topLeftCorner(n, n) = M_dof;
  A.topRightCorner(n, 1) = -b;
  A.bottomLeftCorner(1, n) = b.transpose();
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(n + 1);
  rhs(n) = 1.0;
  Eigen::FullPivLU<Eigen::MatrixXd> lu(A);
  lu.setThreshold(1e-13);
  if (!lu.isInvertible()) return independent_closed_form(M_dof, b);  // diagnoses ∞
  EffectiveMass out;
  out.dof = static_cast<int>(n);
  out.m_eff = lu.solve(rhs)(n);
  return out;
}

EffectiveMass null_space(const Eigen::MatrixXd& M, const Eigen::MatrixXd& D,
                         const Eigen::VectorXd& d) {
  check_shapes(M, D, d);
  int rank = 0;
  const Eigen::MatrixXd B = velocity_basis(D, &rank);
  EffectiveMass out = eq39(B.transpose() * M * B, B.transpose() * d, reference_mobility(M, d));
  out.dof = static_cast<int>(B.cols());
  out.redundant = static_cast<int>(D.rows()) - rank;
  if (out.status == Status::ok && out.redundant > 0) out.status = Status::redundant_constraints;
  return out;
}

EffectiveMass dependent_closed_form(const Eigen::MatrixXd& M, const Eigen::MatrixXd& D,
                                    const Eigen::VectorXd& d) {
  check_shapes(M, D, d);
  Eigen::LLT<Eigen::MatrixXd> llt(M);
  if (llt.info() != Eigen::Success)
    throw ComputeError("effective mass: M is not positive definite");
  const Eigen::VectorXd Mi_d = llt.solve(d);
  double mobility = d.dot(Mi_d);
  if (D.rows() > 0) {
    const Eigen::MatrixXd Mi_Dt = llt.solve(D.transpose());
    const Eigen::MatrixXd S = D * Mi_Dt;  // D M⁻¹ Dᵀ
    Eigen::LDLT<Eigen::MatrixXd> s(S);
    const Eigen::VectorXd g = D * Mi_d;
    // A singular S (redundant constraints) makes eq. 31 undefined: use the null space.
    Eigen::FullPivLU<Eigen::MatrixXd> rank_check(S);
    rank_check.setThreshold(1e-12);
    if (!rank_check.isInvertible()) return null_space(M, D, d);
    mobility -= g.dot(s.solve(g));
  }
  EffectiveMass out;
  out.dof = static_cast<int>(M.rows() - D.rows());
  if (!(mobility > kInfiniteRatio * reference_mobility(M, d))) {
    out.status = Status::infinite;
    return out;
  }
  out.m_eff = 1.0 / mobility;
  return out;
}

EffectiveMass dependent_bordered(const Eigen::MatrixXd& M, const Eigen::MatrixXd& D,
                                 const Eigen::VectorXd& d, int sparse_above) {
  check_shapes(M, D, d);
  const auto n = M.rows(), nc = D.rows(), size = n + nc + 1;
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(size);
  rhs(size - 1) = 1.0;
  Eigen::VectorXd x;
  if (size <= sparse_above) {
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(size, size);
    A.block(0, 0, n, n) = M;
    A.block(0, n, n, nc) = -D.transpose();
    A.block(0, n + nc, n, 1) = -d;
    A.block(n, 0, nc, n) = D;
    A.block(n + nc, 0, 1, n) = d.transpose();
    Eigen::FullPivLU<Eigen::MatrixXd> lu(A);
    lu.setThreshold(1e-13);
    if (!lu.isInvertible()) return null_space(M, D, d);
    x = lu.solve(rhs);
  } else {
    std::vector<Eigen::Triplet<double>> t;
    auto add = [&](Eigen::Index r, Eigen::Index c, double v) {
      if (v != 0.0) t.emplace_back(r, c, v);
    };
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j) add(i, j, M(i, j));
    for (Eigen::Index i = 0; i < nc; ++i)
      for (Eigen::Index j = 0; j < n; ++j) {
        add(j, n + i, -D(i, j));
        add(n + i, j, D(i, j));
      }
    for (Eigen::Index j = 0; j < n; ++j) {
      add(j, n + nc, -d(j));
      add(n + nc, j, d(j));
    }
    Eigen::SparseMatrix<double> A(size, size);
    A.setFromTriplets(t.begin(), t.end());
    Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
    lu.compute(A);
    if (lu.info() != Eigen::Success) return null_space(M, D, d);
    x = lu.solve(rhs);
    if (lu.info() != Eigen::Success || !x.allFinite()) return null_space(M, D, d);
  }
  EffectiveMass out;
  out.dof = static_cast<int>(n - nc);
  out.m_eff = x(size - 1);
  if (!std::isfinite(out.m_eff) || out.m_eff <= 0) return null_space(M, D, d);
  return out;
}

double apparent_mass(double m_eff, double m_app_other) {
  if (std::isinf(m_app_other)) return m_eff;
  const double inv = 1.0 / m_eff - 1.0 / m_app_other;
  return inv > 1e-12 / m_eff ? 1.0 / inv : std::numeric_limits<double>::infinity();
}

}  // namespace calib::models::multibody
