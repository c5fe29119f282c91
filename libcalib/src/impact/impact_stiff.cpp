// The stiff fallback of the impact solve (phases.hpp): odeint's Rosenbrock 4 with dense output.
// Compiled as C++17: Boost 1.74 uBLAS (needed by odeint's rosenbrock4) calls
// std::allocator::construct, which C++20 removed (libcalib/CMakeLists.txt).
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_dense_output.hpp>

#include "impact/contact_loop.hpp"
#include "impact/phases.hpp"

namespace calib::impact::detail {

namespace odeint = boost::numeric::odeint;

namespace {

// Jacobian of the RHS for the Rosenbrock fallback (analytic for the damper laws; central
// differences for the piecewise indentation law).
void rhs_jacobian(const ContactSystem& sys, const State& s, double J[3][3]) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) J[i][j] = 0.0;
  J[0][1] = 1.0;
  const auto& c = sys.c;
  const double x = s[0], xd = s[1];
  if (c.indentation()) {
    State f0, f1, sp = s, sm = s;
    for (int k = 0; k < 2; ++k) {
      const double h = 1e-7 * std::max(std::abs(s[k]), k == 0 ? c.x_peak : c.V);
      sp = s, sm = s;
      sp[k] += h, sm[k] -= h;
      sys(sp, f1, 0.0);
      sys(sm, f0, 0.0);
      for (int i = 0; i < 3; ++i) J[i][k] = (f1[i] - f0[i]) / (2 * h);
    }
    return;
  }
  const double fd = sys.damper(x, xd);  // unclamped, as the RHS (see ContactSystem)
  const double dspring = x > 0 ? c.A * c.n * std::pow(x, c.n - 1.0) : 0.0;
  double ddamp_dx = 0.0, ddamp_dxd = c.a;
  if (c.p != 0.0) {
    ddamp_dx = x > 0 ? c.a * c.p * std::pow(x, c.p - 1.0) * xd : 0.0;
    ddamp_dxd = x > 0 ? c.a * std::pow(x, c.p) : 0.0;
  }
  J[1][0] = -(dspring + ddamp_dx);
  J[1][1] = -ddamp_dxd;
  J[2][0] = ddamp_dx * xd;
  J[2][1] = ddamp_dxd * xd + fd;
}

}  // namespace

void continue_stiff(Contact& contact) {
  // xⁿ is not tracked here: the Jacobian is of the three-component system (x, x', work).
  ContactSystem& sys = contact.sys;
  sys.tracked = false;
  contact.stiff = true;
  namespace ublas = boost::numeric::ublas;
  using Vec = ublas::vector<double>;
  using Mat = ublas::matrix<double>;
  Vec x0(3);
  for (int i = 0; i < 3; ++i) x0[i] = contact.at.state[i];
  auto stiff = odeint::make_dense_output(contact.abs_tol, contact.opt.rel_tol,
                                         odeint::rosenbrock4<double>());
  stiff.initialize(x0, contact.at.t, contact.at.dt);
  auto rhs = [&sys](const Vec& x, Vec& dx, double time) {
    State a{x[0], x[1], x[2], 0.0}, d{};
    sys(a, d, time);
    for (int i = 0; i < 3; ++i) dx[i] = d[i];
  };
  auto jac = [&sys](const Vec& x, Mat& J, double, Vec& dfdt) {
    double j[3][3];
    rhs_jacobian(sys, State{x[0], x[1], x[2], 0.0}, j);
    for (int a = 0; a < 3; ++a) {
      for (int b = 0; b < 3; ++b) J(a, b) = j[a][b];
      dfdt[a] = 0.0;  // autonomous
    }
  };
  contact_loop(contact, stiff, std::make_pair(rhs, jac), never_hand_over);
}

}  // namespace calib::impact::detail
