// The impact-fits study's [[published]] part on the shipped measured curve
// (datasets/published/gugan_croquet_wood_restitution.csv). Expected values: the JSON of
// `calib fit-impact --law all` on the same file and material (the same library behind both, so
// every number must be equal to the last bit), and the ranking that docs/datasets.md derives
// and tests/published/gugan_croquet_test.cpp checks (viscoelastic first by ΔAIC > 10).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../../test_support.hpp"
#include "calib/io/config.hpp"
#include "calib/io/csv.hpp"
#include "calib/studies/impact_fits.hpp"
#include "calib/studies/study.hpp"

using namespace calib;
namespace fs = std::filesystem;

namespace {

const std::string kGugan =
    std::string(CALIB_SOURCE_DIR) + "/datasets/published/gugan_croquet_wood_restitution.csv";

// Two noise-free synthetic curves (the smallest synthetic part) and the measured curve with
// the material of docs/datasets.md: the ball's mass, K = 2e8 N/m^1.5, n = 3/2 (by default).
std::string config_text(const std::string& published) {
  return R"([material]
m = 0.01
K = 1e9
n = 1.5
[truth]
hunt-crossley-alpha = 0.2
viscoelastic = 7e-6
linear-damper = 50.0
tsuji = 0.3
[speeds]
from = 0.05
to = 5.0
count = 2
[noise]
sigma = 0.0
seed = 1
replicates = 1
)" + published;
}

std::string gugan_entry(const std::string& label = "gugan-croquet-wood") {
  return "[[published]]\nlabel = \"" + label + "\"\nsource = \"D. Gugan, Table I\"\nfile = \"" +
         kGugan + "\"\nm = 0.45359237\nK = 2e8\n";
}

// A CSV cell as the double it was written from (the writer prints the shortest round trip).
double cell(const io::TextTable& t, std::size_t column, std::size_t row) {
  return std::stod(t.columns[column][row]);
}

class ImpactFitsPublished : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // ctest runs each test of the suite in its own process, two at a time: one folder each.
    const fs::path dir =
        calib_test::fresh_dir("calib_impact_fits_", "published_" + std::to_string(::getpid()));
    out_ = new fs::path(dir / "out");
    calib_test::put(dir / "study.toml", config_text(gugan_entry()));
    summary_ =
        new std::string(studies::find("impact-fits").run({dir / "study.toml", *out_, 1, {}}));
    const std::string cmd = std::string(CALIB_CLI) + " fit-impact --data " + kGugan +
                            " --law all --m 0.45359237 --K 2e8 --format json > " +
                            (dir / "cli.json").string();
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::ifstream in(dir / "cli.json");
    cli_ = new nlohmann::json(nlohmann::json::parse(in));
  }
  static void TearDownTestSuite() {
    fs::remove_all(out_->parent_path());
    delete out_, delete summary_, delete cli_;
  }
  static const nlohmann::json& cli_fit(const std::string& law) {
    for (const auto& f : cli_->at("fits"))
      if (f.at("law") == law) return f;
    throw std::runtime_error("no fit of " + law);
  }
  static inline fs::path* out_ = nullptr;
  static inline std::string* summary_ = nullptr;
  static inline nlohmann::json* cli_ = nullptr;
};

}  // namespace

TEST_F(ImpactFitsPublished, FitsAndRankingEqualThoseOfFitImpactLawAll) {
  const auto fits = io::read_text_csv(
      *out_ / "published_fits.csv",
      {"dataset", "rank", "law", "parameter", "unit", "value", "std_error", "rms_residual"});
  const auto ranks = io::read_text_csv(*out_ / "published_fits.csv",
                                       {"aic", "delta_aic", "akaike_weight", "status"});
  const auto& ranking = cli_->at("ranking");
  ASSERT_EQ(fits.rows(), 4u);
  ASSERT_EQ(ranking.size(), 4u);
  for (std::size_t r = 0; r < fits.rows(); ++r) {
    const std::string law = fits.columns[2][r];
    SCOPED_TRACE(law);
    EXPECT_EQ(fits.columns[0][r], "gugan-croquet-wood");
    EXPECT_EQ(fits.columns[1][r], std::to_string(r + 1));
    EXPECT_EQ(ranking[r].at("law"), law);  // the same order
    const auto& f = cli_fit(law);
    const auto& p = f.at("parameters").at(fits.columns[3][r]);
    EXPECT_EQ(p.at("unit"), fits.columns[4][r]);
    EXPECT_EQ(cell(fits, 5, r), p.at("value").get<double>());
    EXPECT_EQ(cell(fits, 6, r), p.at("std_error").get<double>());
    EXPECT_EQ(cell(fits, 7, r), f.at("rms_residual").get<double>());
    EXPECT_EQ(cell(ranks, 0, r), f.at("aic").get<double>());
    EXPECT_EQ(cell(ranks, 1, r), ranking[r].at("delta_aic").get<double>());
    EXPECT_EQ(cell(ranks, 2, r), ranking[r].at("akaike_weight").get<double>());
    EXPECT_EQ(ranks.columns[3][r], f.at("status"));
  }
  // docs/datasets.md and tests/published/gugan_croquet_test.cpp: the viscoelastic law alone
  // follows the falling e(v), ahead of the next law by ΔAIC > 10.
  EXPECT_EQ(fits.columns[2][0], "viscoelastic");
  EXPECT_GT(cell(ranks, 1, 1), 10.0);
  EXPECT_NE(summary_->find("published e(v) (MEASURED)"), std::string::npos) << *summary_;
}

TEST_F(ImpactFitsPublished, PointsEqualThoseOfFitImpactLawAll) {
  const auto points = io::read_text_csv(
      *out_ / "published_points.csv", {"dataset", "law", "v_in[m/s]", "e", "e_model", "residual"});
  ASSERT_EQ(points.rows(), 40u);  // 4 laws × the file's 10 points
  std::size_t i = 0;
  std::string law;
  for (std::size_t r = 0; r < points.rows(); ++r) {
    if (points.columns[1][r] != law) law = points.columns[1][r], i = 0;
    SCOPED_TRACE(law + " point " + std::to_string(i));
    const auto& p = cli_fit(law).at("residuals").at(i++);
    EXPECT_EQ(cell(points, 2, r), p.at("v_in").get<double>());
    EXPECT_EQ(cell(points, 3, r), p.at("e").get<double>());
    EXPECT_EQ(cell(points, 4, r), p.at("e_model").get<double>());
    EXPECT_EQ(cell(points, 5, r), p.at("residual").get<double>());
  }
}

TEST_F(ImpactFitsPublished, NamesTheMeasuredSourceInTheProvenance) {
  std::ifstream meta(*out_ / "published_fits.csv.meta.json");
  const std::string source = nlohmann::json::parse(meta).at("extra").at("source");
  EXPECT_NE(source.find("MEASURED"), std::string::npos) << source;
  EXPECT_NE(source.find("D. Gugan, Table I"), std::string::npos) << source;
  // The curve of each law over the measured range: 4 laws × 101 speeds.
  std::ifstream curve_meta(*out_ / "published_curve.csv.meta.json");
  EXPECT_EQ(nlohmann::json::parse(curve_meta).at("table").at("rows").get<int>(), 404);
}

TEST(ImpactFitsPublishedConfig, AbsentSectionSkipsThePartAndBadEntriesAreRefused) {
  const auto none = studies::impact_fits::Config::from(io::ConfigNode::parse(config_text(""), "t"));
  EXPECT_TRUE(none.published.empty());
  const auto twice = config_text(gugan_entry() + gugan_entry());
  EXPECT_NE(calib_test::input_error_of([&] {
              studies::impact_fits::Config::from(io::ConfigNode::parse(twice, "t"));
            }).find("used twice"),
            std::string::npos);
  std::string no_mass = config_text(gugan_entry());
  no_mass.erase(no_mass.find("m = 0.45359237"), 15);
  EXPECT_NE(calib_test::input_error_of([&] {
              studies::impact_fits::Config::from(io::ConfigNode::parse(no_mass, "t"));
            }).find("published[0].m"),
            std::string::npos);
  const auto slash = config_text(gugan_entry("a/b"));
  EXPECT_NE(calib_test::input_error_of([&] {
              studies::impact_fits::Config::from(io::ConfigNode::parse(slash, "t"));
            }).find("a/b"),
            std::string::npos);
}
