#pragma once
// The kn-fit layer lent to the dynamics layer: planar files name a clearance region's K–n law
// (`kn_model`), and the dynamics layer, which cannot include studies, receives this fitter from
// its callers (CLI, Python, the systems study). Its own header so that the measurement parser
// (kn_fit_single.hpp) does not pull in the dynamics layer.
#include "calib/dynamics/systems.hpp"

namespace calib::studies::kn_fit {

// K [N/m^n] and n for a clearance region's `kn_model` law (planar system files): fit_single
// with that model, E and ν for both bodies, the region's ΔR, R_i, contact length L and contact
// kind, so the numbers are exactly those of `calib kn-fit --model` with the same inputs.
dynamics::KnFitter kn_fitter();

}  // namespace calib::studies::kn_fit
