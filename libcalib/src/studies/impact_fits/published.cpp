// The impact_fits study's measured curves: restitution curves transcribed from publications
// (datasets/published), every law fitted to each exactly as `calib fit-impact --law all` fits
// a file, with the material (m, K, n) the config gives for it.
#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/fit/impact_fit_run.hpp"
#include "calib/studies/impact_fits.hpp"
#include "core/checks.hpp"

namespace calib::studies::impact_fits {

PublishedCurve PublishedCurve::from(const io::ConfigNode& node) {
  PublishedCurve c;
  c.label = require_file_stem(node.where("label"), node.string("label"));
  c.source = node.string("source");
  if (c.source.empty())
    throw InputError(
        fmt::format("{}: cite where the measurement comes from", node.where("source")));
  c.file_as_written = node.string("file");
  c.file = node.path("file");
  c.m = node.quantity("m", units::mass);
  c.n = require_exponent(node.where("n"), node.number("n", 1.5));
  c.K = node.quantity("K", units::contact_stiffness(c.n));
  return c;
}

std::vector<PublishedFit> run_published(const Config& c, const sweep::Execution& execution) {
  return sweep::map_points<PublishedFit>(
      c.published.size(),
      [&](std::size_t i) {
        PublishedFit p;
        p.input = c.published[i];
        p.curve = fit::read_restitution_curve(p.input.file);
        // The request of `calib fit-impact --law all --m m --K K --n n`: K and n fixed, the
        // damping parameter fitted, no robust loss (cmd_fit_impact.cpp's defaults).
        fit::FitImpactRequest request;
        request.laws = fit::impact_laws();
        request.m = p.input.m, request.K = p.input.K, request.n = p.input.n;
        p.fits = fit::run_fit_impact(request, p.curve).reports;
        p.ranking = fit::rank_by_aic(p.fits);
        return p;
      },
      execution);
}

}  // namespace calib::studies::impact_fits
