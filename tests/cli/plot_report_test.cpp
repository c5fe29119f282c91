// Figures and report: every study's gnuplot script runs on small generated results
// and draws non-empty images of the expected size; the report covers every study present.
#include <cstdint>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/report/plot.hpp"
#include "calib/report/report.hpp"
#include "calib/studies/damping_fit.hpp"
#include "calib/studies/effective_mass.hpp"
#include "calib/studies/impact_fits.hpp"
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/rms_table.hpp"
#include "calib/studies/simulator_inputs.hpp"
#include "calib/studies/systems.hpp"
#include "calib/studies/validate.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {

const fs::path kSource = CALIB_SOURCE_DIR;

// Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian).
std::pair<std::uint32_t, std::uint32_t> png_size(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  unsigned char h[24] = {};
  f.read(reinterpret_cast<char*>(h), 24);
  auto be = [&](int i) {
    return (std::uint32_t(h[i]) << 24) | (std::uint32_t(h[i + 1]) << 16) |
           (std::uint32_t(h[i + 2]) << 8) | h[i + 3];
  };
  EXPECT_EQ(h[1], 'P');
  return {be(16), be(20)};
}

// The run context `calib run-all` would give a study writing into `out`.
template <class Config>
studies::RunContext context(const fs::path& out, const Config& c) {
  return {out, "calib test", 1, "t", 0, c.as_json};
}

// Small versions of the five studies, written as `calib run-all` would.
// `name` keeps tests apart when ctest runs them in parallel.
fs::path make_results(const std::string& name) {
  const fs::path root = fs::temp_directory_path() / ("calib_plot_report_test_" + name);
  fs::remove_all(root);
  const fs::path results = root / "results";
  {
    auto c = studies::rms_table::Config::defaults();
    c.published = kSource / "datasets/published/sf2020_table2.csv";
    studies::rms_table::write(studies::rms_table::run(c, 0), c, context(results / "rms_table", c));
  }
  {
    auto c = studies::damping_fit::Config::defaults();
    c.n_count = 6, c.e_count = 40, c.scaling_n_count = 3, c.scaling_count = 5, c.cf_e_count = 40,
    c.cf_n_count = 5;
    studies::damping_fit::write(studies::damping_fit::run(c, 0), c, context(results / "damping_fit", c));
  }
  {
    auto c = studies::validate::Config::defaults();
    c.e_count = 6, c.samples = 3;
    studies::validate::write(studies::validate::run(c, 0), c, context(results / "validate", c));
  }
  {
    auto c = studies::kn_fit::Config::defaults();
    c.published_tables = kSource / "datasets/published/pinslot_kn_tables.csv";
    c.protocol.W_step = 1.0;
    studies::kn_fit::write(studies::kn_fit::run(c, 0), c, context(results / "kn_fit", c));
  }
  {
    studies::effective_mass::Config c;
    const fs::path crank = kSource / "configs/effmass/np_example4_slider_crank.toml";
    const fs::path pendulum = kSource / "configs/effmass/np_example1_pendulum_wall.toml";
    c.sweeps.push_back({crank, crank, "crank.angle", 0, 90, 10, "fig10_slider_crank"});
    c.sweeps.push_back({pendulum, pendulum, "rod.angle", -90, -10, 9, "example1_pendulum"});
    c.systems.push_back({crank, crank, 0.8015, 4.04});
    studies::effective_mass::write(studies::effective_mass::run(c), c, context(results / "effective_mass", c));
  }
  {
    studies::simulator_inputs::Config c;
    // The shipped config's glass beads (configs/simulator_inputs.toml): no default contact.
    c.contact = codes::two_spheres(7e10, 0.22, 1e-3, 2500, 1.0, {}, 1.0);
    c.codes = {"lammps", "liggghts", "chrono", "yade", "mujoco"};
    studies::simulator_inputs::write(studies::simulator_inputs::run(c), c, context(results / "simulator_inputs", c));
  }
  {
    studies::systems::Config c;
    c.ball_file = kSource / "configs/systems/bouncing_ball.toml";
    c.ball_models = {"gonthier", "flores"};
    c.damper_file = kSource / "configs/systems/impact_damper.toml";
    c.damper_gaps = {0.02, 0.04};
    c.damper_t_end = 5.0;
    c.crank_file = kSource / "configs/systems/slider_crank.toml";
    c.pendulums_file = kSource / "configs/systems/two_pendulums.toml";
    studies::systems::write(studies::systems::run(c), c, context(results / "systems", c));
  }
  {
    // Two noise-free curves per law and the shipped measured curve (its figure of the fits).
    studies::impact_fits::Config c;
    c.true_damping = {0.2, 7e-6, 50.0, 0.3};
    c.speeds = {0.1, 1.0};
    const fs::path gugan = kSource / "datasets/published/gugan_croquet_wood_restitution.csv";
    c.published.push_back({"gugan", "Gugan, Table I", gugan, gugan.string(), 0.45359237, 2e8});
    studies::impact_fits::write(studies::impact_fits::run(c), c,
                                context(results / "impact_fits", c));
  }
  return results;
}

}  // namespace

TEST(PlotReport, EveryStudyDrawsImagesOfTheExpectedSize) {
  const fs::path results = make_results("plots");
  const fs::path figures = results.parent_path() / "figures";
  const std::map<std::string, std::size_t> expected_png = {
      {"rms_table", 5}, {"damping_fit", 8},       {"validate", 6},
      {"kn_fit", 18},   {"effective_mass", 2},     {"simulator_inputs", 5},
      {"systems", 18},  // systems: 9, the clearance slider-crank's 3, the Scotch yoke's 6
      {"impact_fits", 2}};  // z_scores and the measured curve's published_fits (no records)
  for (const auto& [stem, count] : expected_png) {
    const auto images = report::plot_study(
        studies::find(stem), {results / stem, figures, kSource / "tools/plot", {"png", "svg"}});
    std::size_t pngs = 0;
    for (const auto& p : images) {
      EXPECT_GT(fs::file_size(p), 5000u) << p;  // a drawn figure, not an empty canvas
      if (p.extension() == ".png") {
        ++pngs;
        const auto [w, h] = png_size(p);
        EXPECT_EQ(w, 1100u) << p;  // tools/plot/common.gp terminal size
        EXPECT_EQ(h, 750u) << p;
      }
    }
    EXPECT_EQ(pngs, count) << stem;
    EXPECT_EQ(images.size(), 2 * pngs) << stem;  // every PNG has its SVG
  }
}

TEST(PlotReport, ReportCoversEveryStudyPresent) {
  const fs::path results = make_results("report");
  fs::remove_all(results / "validate");  // a study that was not run is simply absent
  report::ReportOptions o;
  o.results = results;
  o.out = results.parent_path() / "report";
  o.scripts = kSource / "tools/plot";
  const auto included = report::write_report(o);
  EXPECT_EQ(included,
            (std::vector<std::string>{"rms_table", "damping_fit", "kn_fit", "effective_mass",
                                      "simulator_inputs", "systems", "impact_fits"}));
  std::ifstream f(o.out / "report.html");
  const std::string html((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  for (const char* id :
       {"id=\"rms_table\"", "id=\"damping_fit\"", "id=\"kn_fit\"", "id=\"effective_mass\"",
        "figures/kn_fit/kn_table4_fit.png", "Provenance", "0.8015",
        "figures/impact_fits/published_fits.png", "Measured data, not synthetic"})
    EXPECT_NE(html.find(id), std::string::npos) << id;
  EXPECT_EQ(html.find("id=\"validate\""), std::string::npos);
  EXPECT_TRUE(fs::exists(o.out / "report.md"));
  // No results at all: a clear error.
  report::ReportOptions empty = o;
  empty.results = results.parent_path() / "nothing";
  EXPECT_THROW(report::write_report(empty), InputError);
}
