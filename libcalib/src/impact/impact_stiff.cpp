// The stiff fallback of the impact solve (issue #3): odeint's Rosenbrock 4 with dense output.
// Compiled as C++17 (see impact_detail.hpp and libcalib/CMakeLists.txt).
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4.hpp>
#include <boost/numeric/odeint/stepper/rosenbrock4_dense_output.hpp>

#include "impact/impact_detail.hpp"

namespace calib::impact::detail {

namespace odeint = boost::numeric::odeint;

void continue_stiff(const ContactSystem& explicit_sys, const ImpactOptions& opt, double V,
                    double abs_tol, const State& state, double t, double dt, bool& rebounding,
                    RawResult& r) {
  // xⁿ is not tracked here: the Jacobian is of the three-component system (x, x', work).
  ContactSystem sys = explicit_sys;
  sys.tracked = false;
  namespace ublas = boost::numeric::ublas;
  using Vec = ublas::vector<double>;
  using Mat = ublas::matrix<double>;
  Vec x0(3);
  for (int i = 0; i < 3; ++i) x0[i] = state[i];
  auto stiff = odeint::make_dense_output(abs_tol, opt.rel_tol, odeint::rosenbrock4<double>());
  stiff.initialize(x0, t, dt);
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
  Resume unused;
  contact_loop(stiff, std::make_pair(rhs, jac), sys, opt, V, rebounding, r, opt.max_steps,
               never_hand_over, unused);
}

}  // namespace calib::impact::detail
