// The K–n fits for Python (glue only): calib.kn_fit and calib.kn_fit_data in calib/__init__.py
// call these. Quantities arrive as text (SI when bare, or with a unit) or as SI arrays.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "calib/core/error.hpp"
#include "calib/fit/fit.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/kn_fit_single.hpp"
#include "to_python.hpp"

namespace py = pybind11;
using namespace calib;
using calib::python::to_python;
using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

namespace {

py::dict kn_fit_single(const py::dict& a) {
  studies::kn_fit::SingleFitInput in;
  const auto text = [&](const char* key, std::string& field) {
    if (a.contains(key) && !a[key].is_none()) field = py::str(a[key]);
  };
  text("model", in.model);
  text("material", in.material);
  text("material2", in.material2);
  text("E", in.E);
  text("E2", in.E2);
  text("dR", in.dR);
  text("Ri", in.Ri);
  text("length", in.length);
  text("W_min", in.W_min);
  text("W_max", in.W_max);
  text("W_step", in.W_step);
  text("weighting", in.weighting);
  if (a.contains("nu") && !a["nu"].is_none()) in.nu = a["nu"].cast<double>();
  if (a.contains("nu2") && !a["nu2"].is_none()) in.nu2 = a["nu2"].cast<double>();
  if (a.contains("external")) in.external = a["external"].cast<bool>();
  if (a.contains("materials") && !a["materials"].is_none())
    in.materials = py::str(a["materials"]).cast<std::string>();
  return to_python(studies::kn_fit::fit_single(in));
}

// δ [m] and W [N/m] in SI, fitted in the mm and N/mm of the PINSLOT laws, K back in SI.
py::dict kn_fit_data(const Array& delta, const Array& W, const std::string& weighting,
                     const std::string& robust, double loss_scale, double error_floor_um) {
  std::vector<double> d(delta.data(), delta.data() + delta.size());
  std::vector<double> w(W.data(), W.data() + W.size());
  for (double& x : d) x *= 1e3;
  for (double& x : w) x /= 1e3;
  if (weighting != "none" && weighting != "relative")
    throw InputError("weighting must be none or relative, got '" + weighting + "'");
  if (robust != "none" && robust != "huber" && robust != "cauchy")
    throw InputError("robust must be None, 'huber' or 'cauchy', got '" + robust + "'");
  const auto f = studies::kn_fit::fit_data(
      d, w, weighting == "relative" ? fit::Weighting::relative : fit::Weighting::none,
      robust == "huber" ? fit::Loss::huber : robust == "cauchy" ? fit::Loss::cauchy : fit::Loss::none,
      loss_scale, error_floor_um * 1e-3);
  py::dict out;
  const double to_si = studies::kn_fit::line_load_K_to_si(f.n);  // N/mm^(n+1) -> SI
  out["K"] = f.K * to_si;
  out["n"] = f.n;
  out["K_se"] = f.K_se * to_si;
  out["n_se"] = f.n_se;
  out["max_err"] = f.max_err_percent;
  out["samples"] = f.W.size();
  return out;
}

}  // namespace

void bind_kn_fit(py::module_& m) {
  m.def("kn_fit_single", &kn_fit_single);
  m.def("kn_fit_data", &kn_fit_data);
}
