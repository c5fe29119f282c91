// Sweep engine: enumeration, determinism, interrupt/resume, shards, failures.
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "calib/core/error.hpp"
#include "calib/impact/impact.hpp"
#include "calib/sweep/sweep.hpp"
#include "studies/sweep_kernels.hpp"
#include "../test_support.hpp"

using namespace calib;
namespace fs = std::filesystem;
using calib_test::slurp;

namespace {

sweep::Space space_of(const std::string& toml) {
  auto c = io::ConfigNode::parse(toml, "space.toml");
  return sweep::parse_space(c.table("space"));
}

fs::path fresh_dir(const std::string& name) { return calib_test::fresh_dir("calib_sweep_test_", name); }

// A real kernel: an impact solve; axes are alphabetical, so p = (n, zeta).
const sweep::Kernel kImpactKernel = [](const std::vector<double>& p) -> std::vector<io::CsvCell> {
  const auto r = impact::solve({Family::linear_damper, p[0], p[1], true});
  return {r.e_out, r.delta_max};
};

const char* kGrid = R"([space]
zeta = { linspace = { from = 0.0, to = 2.0, count = 40 } }
n = { values = [1.0, 1.25, 1.5, 2.0] }
)";

}  // namespace

TEST(Space, EnumerationCountsEndpointsAndSpacing) {
  auto s = space_of(
      "[space]\na = { range = { from = 0.01, to = 0.99, step = 0.01 } }\n"
      "b = { logspace = { from = 1e-4, to = 1.0, count = 5 } }\n");
  ASSERT_EQ(s.size(), 99u * 5u);
  EXPECT_EQ(s.point(0)[0], 0.01);
  EXPECT_NEAR(s.point(98 * 5)[0], 0.99, 1e-15);  // inclusive end without drift
  for (int j = 0; j < 5; ++j) EXPECT_NEAR(std::log10(s.point(j)[1]), -4.0 + j, 1e-12);
  EXPECT_EQ(s.point(4)[1], 1.0);
  auto z = space_of(
      "[space]\ncombine = 'zipped'\nx = { values = [1, 2, 3] }\ny = { values = [4, 5, 6] }\n");
  ASSERT_EQ(z.size(), 3u);
  EXPECT_EQ(z.point(2), (std::vector<double>{3, 6}));
}

TEST(Space, RandomDrawsAreSeededAndInRange) {
  const std::string t =
      "[space]\nsamples = 1000\nseed = 42\nm = { random = { dist = 'loguniform', from = 1e-5, to = "
      "1e2 } }\n"
      "n = { random = { dist = 'uniform', from = 1.0, to = 2.0 } }\n";
  auto a = space_of(t), b = space_of(t);
  double mean_log = 0;
  for (std::size_t i = 0; i < 1000; ++i) {
    const auto p = a.point(i);
    EXPECT_EQ(p, b.point(i));
    EXPECT_GE(p[0], 1e-5);
    EXPECT_LE(p[0], 1e2);
    EXPECT_GE(p[1], 1.0);
    EXPECT_LE(p[1], 2.0);
    mean_log += std::log10(p[0]) / 1000;
  }
  EXPECT_NEAR(mean_log, -1.5, 0.2);  // log-uniform mean of log10 in [-5, 2]; 4σ ≈ 0.26/√... ok
  auto c = space_of(
      "[space]\nsamples = 10\nseed = 43\nm = { random = { dist = 'uniform', from = 0, to = 1 } "
      "}\n");
  EXPECT_NE(c.point(0), a.point(0));
}

TEST(Space, BadConfigsNameTheKey) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[space]\nx = { random = { dist = 'normal', from = 0, to = 1 } }\nsamples = 3\nseed = 1\n",
       "dist"},
      {"[space]\nx = { linspace = { from = 2, to = 1, count = 3 } }\n", "x.linspace.from"},
      {"[space]\nx = { linspace = { from = 0, to = 1, count = 0 } }\n", "x.linspace.count"},
      {"[space]\nx = { random = { dist = 'uniform', from = 0, to = 1 } }\nsamples = 3\n", "seed"},
      {"[space]\nx = { range = { from = 0, to = 1, step = 0 } }\n", "step"},
      {"[space]\nx = { grid = [1] }\n", "x.grid"},
      {"[space]\ncombine = 'zipped'\nx = { values = [1, 2] }\ny = { values = [1] }\n", "y"},
  };
  for (const auto& [text, key] : cases) {
    try {
      space_of(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
  }
}

TEST(Sweep, OutputIsByteIdenticalFor1_2_8Threads) {
  const fs::path d = fresh_dir("threads");
  const auto space = space_of(kGrid);
  std::string reference;
  for (int threads : {1, 2, 8}) {
    sweep::SweepOptions opt;
    opt.threads = threads;
    opt.chunk = 7;
    const fs::path out = d / fmt::format("t{}.csv", threads);
    sweep::run(space, {"e_out", "delta_max"}, kImpactKernel, out, opt);
    const std::string text = slurp(out);
    if (reference.empty()) reference = text;
    EXPECT_EQ(text, reference) << threads << " threads";
  }
  // ζ = 0, n = 1 (the row after the header): e_out = 1, exact (undamped), to 1e-9.
  const auto row = reference.find("\n0,1,0,");
  ASSERT_NE(row, std::string::npos);
  EXPECT_NEAR(std::stod(reference.substr(row + 7)), 1.0, 1e-9);
}

TEST(Sweep, InterruptAndResumeGiveTheUninterruptedFile) {
  const fs::path d = fresh_dir("resume");
  const auto space = space_of(kGrid);
  sweep::SweepOptions opt;
  opt.chunk = 5;
  sweep::run(space, {"e_out", "delta_max"}, kImpactKernel, d / "ref.csv", opt);
  const std::string reference = slurp(d / "ref.csv");
  std::mt19937 rng(3);
  for (int trial = 0; trial < 4; ++trial) {
    const std::size_t stop_at =
        std::uniform_int_distribution<std::size_t>(1, space.size() - 2)(rng);
    const fs::path out = d / fmt::format("r{}.csv", trial);
    std::atomic<bool> first{true};
    auto stopping = [&](const std::vector<double>& p) {
      if (std::abs(p[0] - space.point(stop_at)[0]) < 1e-15 && p[1] == space.point(stop_at)[1] &&
          first.exchange(false))
        sweep::request_stop();
      return kImpactKernel(p);
    };
    const auto s1 = sweep::run(space, {"e_out", "delta_max"}, stopping, out, opt);
    ASSERT_TRUE(s1.interrupted) << "stop_at " << stop_at;
    EXPECT_FALSE(fs::exists(out));
    EXPECT_TRUE(fs::exists(fs::path(out.string() + ".partial")));
    opt.resume = true;
    const auto s2 = sweep::run(space, {"e_out", "delta_max"}, kImpactKernel, out, opt);
    opt.resume = false;
    EXPECT_FALSE(s2.interrupted);
    EXPECT_EQ(s1.computed + s2.computed, space.size());
    EXPECT_EQ(slurp(out), reference) << "stop_at " << stop_at;
  }
}

TEST(Sweep, ShardsMergeIntoTheSingleRunFile) {
  const fs::path d = fresh_dir("shards");
  const auto space = space_of(kGrid);
  sweep::run(space, {"e_out", "delta_max"}, kImpactKernel, d / "single.csv");
  std::vector<fs::path> parts;
  for (int i = 0; i < 3; ++i) {
    sweep::SweepOptions opt;
    opt.shard_index = i;
    opt.shard_count = 3;
    parts.push_back(d / fmt::format("part{}.csv", i));
    sweep::run(space, {"e_out", "delta_max"}, kImpactKernel, parts.back(), opt);
  }
  sweep::merge(parts, d / "merged.csv");
  EXPECT_EQ(slurp(d / "merged.csv"), slurp(d / "single.csv"));
}

TEST(Sweep, FailingPointsAreRecordedAndTheSweepGoesOn) {
  const fs::path d = fresh_dir("failures");
  auto space = space_of("[space]\nx = { linspace = { from = 0, to = 9, count = 10 } }\n");
  auto kernel = [](const std::vector<double>& p) -> std::vector<io::CsvCell> {
    if (p[0] == 3.0 || p[0] == 7.0)
      throw ComputeError("no convergence at x=" + std::to_string(p[0]));
    return {2 * p[0]};
  };
  const auto s = sweep::run(space, {"y"}, kernel, d / "f.csv");
  EXPECT_EQ(s.failures, 2u);
  const std::string text = slurp(d / "f.csv");
  EXPECT_NE(text.find("3,3,,failed: no convergence at x=3.0"), std::string::npos) << text;
  EXPECT_NE(text.find("9,9,18,ok"), std::string::npos);
}

TEST(Sweep, GenericKernelsFromConfig) {
  auto c = io::ConfigNode::parse(
      "kernel = 'calibrate'\nmodel = 'linear-damper'\n[fixed]\nn = 1.0\nm = 2.0\nk = 1e7\nv = 0.3\n"
      "[space]\ne = { values = [0.3, 0.9] }\n",
      "k.toml");
  const auto space = sweep::parse_space(c.table("space"));
  const auto k = studies::make_kernel(c, space);
  c.reject_unknown();
  const auto cells = k.kernel(space.point(0));
  EXPECT_NEAR(std::get<double>(cells[2]), 0.3, 1e-10);  // zeta, c, e_out, solves
  // Given none of m, k, v the calibrate kernel writes the dimensionless damping alone, the same
  // ζ* as with the scales (ζ* does not depend on them); the impact kernel refuses to guess them.
  auto bare = io::ConfigNode::parse(
      "kernel = 'calibrate'\nmodel = 'linear-damper'\n[fixed]\nn = 1.0\n"
      "[space]\ne = { values = [0.3, 0.9] }\n",
      "k.toml");
  const auto dimensionless = studies::make_kernel(bare, space);
  EXPECT_EQ(dimensionless.outputs, (std::vector<std::string>{"zeta", "e_out", "solves"}));
  const auto bare_cells = dimensionless.kernel(space.point(0));
  EXPECT_EQ(std::get<double>(bare_cells[0]), std::get<double>(cells[0]));
  EXPECT_NEAR(std::get<double>(bare_cells[1]), 0.3, 1e-10);
  auto impact = io::ConfigNode::parse(
      "kernel = 'impact'\nmodel = 'linear-damper'\n[fixed]\nn = 1.0\nm = 2.0\n"
      "[space]\ne = { values = [0.3, 0.9] }\n",
      "k.toml");
  EXPECT_THROW(studies::make_kernel(impact, space), InputError);
  auto bad = io::ConfigNode::parse("kernel = 'fit'\nmodel = 'flores'\n", "k.toml");
  EXPECT_THROW(studies::make_kernel(bad, sweep::Space{}), InputError);
}
