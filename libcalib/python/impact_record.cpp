// The impact-record fit for Python (glue only): calib.fit_impact_record and
// calib.impact_law_record in calib/__init__.py call these.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "calib/fit/impact_fit_run.hpp"
#include "calib/fit/impact_record_run.hpp"

namespace py = pybind11;
using namespace calib;
using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

namespace {

fit::FitRecordRequest request(const std::string& law, double v, double m, double K, double n,
                              double t0, const std::vector<bool>& free) {
  fit::FitRecordRequest q;
  q.laws = law == "all" ? fit::impact_laws()
                        : std::vector<fit::ImpactLaw>{fit::find_impact_law(law, "law")};
  q.m = m, q.v = v, q.K = K, q.n = n, q.t0 = t0;
  q.fit_K = free.at(0), q.fit_n = free.at(1), q.fit_damping = free.at(2);
  return q;
}

std::vector<double> vector_of(const Array& a) { return {a.data(), a.data() + a.size()}; }

// The record of `calib fit-impact --format json` on an impact record, as JSON text (Python
// parses it); columns t, F, delta, sigma_F, sigma_delta (empty: not given), checked finite and
// as long as t by calib/__init__.py; `free`: whether K, n and the damping parameter are fitted
// (t0 always is). The material is checked as the command line checks it, before any copy.
std::string fit_impact_record(const Array& t, const Array& F, const Array& delta,
                              const Array& sigma_F, const Array& sigma_delta,
                              const std::string& law, double v, double m, double K, double n,
                              double t0, const std::vector<bool>& free) {
  fit::require_fit_impact_material(m, K, n, v);
  const fit::ImpactRecord d{vector_of(t),       vector_of(F),           vector_of(delta),
                            vector_of(sigma_F), vector_of(sigma_delta), {}};
  return fit::run_fit_impact_record(request(law, v, m, K, n, t0, free), d).record.dump();
}

// (F [N], delta [m], e_out, t_contact [s]) of one law's impact starting at t0, at the times t.
py::tuple impact_law_record(const std::string& law, const std::vector<double>& t, double v,
                            double m, double K, double n, double damping, double t0) {
  const fit::RecordModel r =
      fit::record_model(fit::find_impact_law(law, "law"), m, v, {K, n, damping}, t0, t);
  return py::make_tuple(r.force, r.delta, r.e_out, r.t_contact);
}

}  // namespace

void bind_impact_record(py::module_& m) {
  m.def("fit_impact_record", &fit_impact_record);
  m.def("impact_law_record", &impact_law_record);
}
