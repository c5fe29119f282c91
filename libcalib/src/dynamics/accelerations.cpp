// Accelerations of a system in generalized coordinates: M q̈ = f over the free coordinates, the
// augmented (KKT) form with Baumgarte stabilisation for constrained systems, NP eq. 28.
#include <vector>

#include "acceleration_solver.hpp"

namespace calib::dynamics {

namespace {
// [M Dᵀ; D 0](q̈, λ) = (f, c). Partial-pivot LU: the matrix is invertible when D has full row
// rank and M is positive definite on D's null space (PlanarMultibody checks the rank).
Vector solve_augmented(const System& system, const Vector& q, const Vector& f, const Vector& c) {
  const int n = system.dof(), m = system.constraint_count();
  Matrix a = Matrix::Zero(n + m, n + m);
  a.topLeftCorner(n, n) = system.mass(q);
  const Matrix d = system.constraint_jacobian(q);
  a.topRightCorner(n, m) = d.transpose();
  a.bottomLeftCorner(m, n) = d;
  Vector rhs(n + m);
  rhs << f, c;
  return a.partialPivLu().solve(rhs).head(n);
}
}  // namespace

Vector constrained_accelerations(const System& system, double t, const Vector& q,
                                 const Vector& qd, const Vector& f, double alpha) {
  if (system.constraint_count() == 0) return accelerations(system, q, f);
  const Vector phi = system.constraints(t, q);
  const Vector phi_dot = system.constraint_jacobian(q) * qd + system.constraint_time_derivative(t);
  return solve_augmented(system, q, f,
                         -system.constraint_rate(t, q, qd) - 2 * alpha * phi_dot -
                             alpha * alpha * phi);
}

namespace {
// The coordinates a force can move (a driven one keeps q̈ = 0), and M's block on them. (Written
// out rather than Eigen's m(free, free): its index views copy the index vector at each use.)
std::vector<int> free_coordinates(const System& system) {
  std::vector<int> free;
  for (int i = 0; i < system.dof(); ++i)
    if (!system.driven(i)) free.push_back(i);
  return free;
}
Matrix free_block(const Matrix& m, const std::vector<int>& free) {
  const int nf = static_cast<int>(free.size());
  Matrix mff(nf, nf);
  for (int a = 0; a < nf; ++a)
    for (int b = 0; b < nf; ++b) mff(a, b) = m(free[a], free[b]);
  return mff;
}
}  // namespace

// M⁻¹ f restricted to the free coordinates; driven ones get q̈ = 0, so M_fd q̈_d vanishes.
Vector accelerations(const System& system, const Vector& q, const Vector& f) {
  if (system.constraint_count() > 0)
    return solve_augmented(system, q, f, Vector::Zero(system.constraint_count()));
  const int n = system.dof();
  const std::vector<int> free = free_coordinates(system);
  if (free.size() == static_cast<std::size_t>(n)) return system.mass(q).ldlt().solve(f);
  const int nf = static_cast<int>(free.size());
  Vector ff(nf);
  for (int a = 0; a < nf; ++a) ff[a] = f[free[a]];
  const Vector x = free_block(system.mass(q), free).ldlt().solve(ff);
  Vector out = Vector::Zero(n);
  for (int a = 0; a < nf; ++a) out[free[a]] = x[a];
  return out;
}

double effective_mass(const System& system, int contact, const Vector& q) {
  const Vector j = system.penetration_gradient(contact, q);
  return 1.0 / j.dot(accelerations(system, q, j));  // NP eq. 28
}

AccelerationSolver::AccelerationSolver(const System& sys) : sys_(sys) {
  const int n = sys.dof();
  out_ = Vector::Zero(n);
  if (!sys.constant_mass() || sys.constraint_count() > 0) return;
  free_ = free_coordinates(sys);
  ldlt_.compute(free_block(sys.mass(Vector::Zero(n)), free_));
  ff_.resize(static_cast<Eigen::Index>(free_.size()));
  x_.resize(ff_.size());
  factored_ = true;
}

}  // namespace calib::dynamics
