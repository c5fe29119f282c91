#pragma once
// Private to the impact layer: the explicit steppers of the phases (phases.hpp), each with the
// quintic Hermite dense output of hermite_dense.hpp.
#include <functional>

#include <boost/numeric/odeint.hpp>

#include "impact/contact.hpp"
#include "impact/hermite_dense.hpp"

namespace calib::impact::detail {

// Dormand–Prince 5(4) keeps odeint's step-size controller: the indentation law, Dormand–Prince
// throughout, lost accuracy under the predictive one (IndentationRestitutionIsExactDownToSmallE).
using DormandPrince = HermiteDense<boost::numeric::odeint::runge_kutta_dopri5<State>,
                                   std::reference_wrapper<const ContactSystem>>;
// Fehlberg 7(8) under the predictive step-size rule, in τ or in σ = √τ.
using Fehlberg = HermiteDense<boost::numeric::odeint::runge_kutta_fehlberg78<State>,
                              std::reference_wrapper<const ContactSystem>, PredictiveStepAdjuster>;
using FehlbergInSqrtTime =
    HermiteDense<boost::numeric::odeint::runge_kutta_fehlberg78<State>,
                 std::reference_wrapper<const SqrtTimeSystem>, PredictiveStepAdjuster>;

inline DormandPrince dormand_prince(const Contact& contact) {
  return DormandPrince(contact.abs_tol, contact.opt.rel_tol, std::cref(contact.sys));
}

}  // namespace calib::impact::detail
