// The impact-record fit for Python (glue only): calib.fit_impact_record and
// calib.impact_law_record in calib/__init__.py call these.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "calib/fit/impact_record_run.hpp"

namespace py = pybind11;
using namespace calib;

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

// The record of `calib fit-impact --format json` on an impact record, as JSON text (Python
// parses it); columns t, F, delta, sigma_F, sigma_delta (empty: not given); `free`: whether K,
// n and the damping parameter are fitted (t0 always is).
std::string fit_impact_record(const std::vector<std::vector<double>>& c, const std::string& law,
                              double v, double m, double K, double n, double t0,
                              const std::vector<bool>& free) {
  const fit::ImpactRecord d{c.at(0), c.at(1), c.at(2), c.at(3), c.at(4), {}};
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
