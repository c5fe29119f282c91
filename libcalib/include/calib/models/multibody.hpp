#pragma once
// Effective mass of an impact inside a constrained multibody system (Nikravesh & Poursina,
// "Determination of effective mass for continuous contact models in multibody dynamics",
// seed nikravesh_effective_mass.txt §4–5). Eigen throughout; no explicit inverses.
//
// Notation (NP eq. 18–28): M inertia matrix of the Newton–Euler coordinates, D the constraint
// Jacobian (n_c × n), d = D_ijᵀ n the contact array (eq. 22): δ' = dᵀ v (eq. 21).
#include <limits>
#include <string_view>

#include <Eigen/Dense>

namespace calib::models::multibody {

enum class Status {
  ok,
  infinite,               // the mechanism cannot move along the contact normal: m_eff = ∞
  redundant_constraints,  // D is rank-deficient: eq. 28/31 are singular; m_eff from the null space
};
std::string_view status_name(Status s);

struct EffectiveMass {
  double m_eff = std::numeric_limits<double>::infinity();
  Status status = Status::ok;
  int dof = 0;        // n − rank(D)
  int redundant = 0;  // n_c − rank(D)
};

// NP eq. 28: the bordered system [M −Dᵀ −d; D 0 0; dᵀ 0 0]{Δv; Δσ; m_eff} = {0; 0; 1}, dense
// LU below `sparse_above` unknowns, sparse LU above. A singular bordered matrix is diagnosed
// with the null-space method (infinite vs redundant constraints).
EffectiveMass dependent_bordered(const Eigen::MatrixXd& M, const Eigen::MatrixXd& D,
                                 const Eigen::VectorXd& d, int sparse_above = 200);
// NP eq. 31 evaluated with Cholesky solves: 1/m_eff = dᵀM⁻¹d − (DM⁻¹d)ᵀ(DM⁻¹Dᵀ)⁻¹(DM⁻¹d).
EffectiveMass dependent_closed_form(const Eigen::MatrixXd& M, const Eigen::MatrixXd& D,
                                    const Eigen::VectorXd& d);
// NP eq. 38 (bordered, independent coordinates) and eq. 39: 1/m_eff = bᵀ M_dof⁻¹ b.
EffectiveMass independent_bordered(const Eigen::MatrixXd& M_dof, const Eigen::VectorXd& b);
EffectiveMass independent_closed_form(const Eigen::MatrixXd& M_dof, const Eigen::VectorXd& b);
// Orthonormal basis B of the admissible velocities (D B = 0), from a rank-revealing QR of
// Dᵀ; with it M_dof = BᵀMB and b = Bᵀd (NP eq. 33–37 with a numerical B).
Eigen::MatrixXd velocity_basis(const Eigen::MatrixXd& D, int* rank = nullptr);
// The robust route used for diagnosis and apparent masses: eq. 39 on the null space of D.
EffectiveMass null_space(const Eigen::MatrixXd& M, const Eigen::MatrixXd& D,
                         const Eigen::VectorXd& d);

// Apparent mass of one side (NP eq. 2 and Example 4): with 1/m_eff = 1/m_app_i + 1/m_app_j,
// m_app_i = 1/(1/m_eff − 1/m_app_j); ∞ when m_eff = m_app_j.
double apparent_mass(double m_eff, double m_app_other);

}  // namespace calib::models::multibody
