// `calib fit-impact` reads only what it understands: headers in any unit of their quantity, and
// unknown, repeated or mixed columns, values outside their range and material flags beyond any
// real one refused with exit 2 naming the column, row or flag; --law all ranks the laws that can
// take the data; the robust loss's scale from the data; Ctrl-C on a large fit.
#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../test_support.hpp"
#include "shell.hpp"

using calib_test::fresh_dir;
using calib_test::put;

namespace {

const std::string kSamples = std::string(CALIB_SOURCE_DIR) + "/datasets/samples/";
const std::string kCurve = kSamples + "restitution_tsuji.csv";
const std::string kRecord = kSamples + "impact_record_tsuji.csv";

ShellRun fit_impact(const std::string& args) {
  return run_shell(std::string(CALIB_CLI) + " fit-impact " + args + " 2>&1");
}

// The sample's data lines with its header replaced and each row transformed.
std::string rewritten(const std::string& file, const std::string& header,
                      const std::function<std::string(const std::string&)>& row) {
  std::istringstream in(calib_test::slurp(file));
  std::string out, line;
  bool header_seen = false;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    out += header_seen ? row(line) + "\n" : header + "\n";
    header_seen = true;
  }
  return out;
}

// The first cell of a CSV row times `factor`, the rest unchanged.
std::string first_times(const std::string& line, double factor) {
  const std::size_t comma = line.find(',');
  return fmt::format("{}{}", std::stod(line.substr(0, comma)) * factor, line.substr(comma));
}

nlohmann::json json_of(const ShellRun& r) { return nlohmann::json::parse(r.out); }

}  // namespace

TEST(FitImpactInputCli, HeadersInOtherUnitsGiveTheSameFit) {
  // v_in in cm/s (x100) and sigma_e written [1]: the same chi as the SI file; the conversion
  // x100 then x0.01 may move a speed by an ulp, so 1e-9 relative.
  const auto dir = fresh_dir("calib_fit_input_", "units");
  put(dir / "cm.csv", rewritten(kCurve, "v_in[cm/s],e[1],sigma_e[1]",
                                [](const std::string& l) { return first_times(l, 100.0); }));
  const std::string material = " --law tsuji --m 0.01 --K 1e9 --format json";
  const ShellRun si = fit_impact("--data " + kCurve + material);
  const ShellRun cm = fit_impact("--data " + (dir / "cm.csv").string() + material);
  ASSERT_EQ(si.code, 0) << si.out;
  ASSERT_EQ(cm.code, 0) << cm.out;
  const double chi = json_of(si)["parameters"]["chi"]["value"].get<double>();
  EXPECT_NEAR(json_of(cm)["parameters"]["chi"]["value"].get<double>(), chi, 1e-9 * chi);
  EXPECT_EQ(json_of(cm)["units"]["residual"], "sigma_e");  // sigma_e[1] was read as sigma_e

  // A record with t in ms is a record (x1000): t0 within 1e-3 of its standard error of the SI fit.
  put(dir / "ms.csv", rewritten(kRecord, "t[ms],F[N],delta[m],sigma_F[N],sigma_delta[m]",
                                [](const std::string& l) { return first_times(l, 1000.0); }));
  const std::string record = " --law tsuji --v 1 --m 0.01 --format json";
  const ShellRun s = fit_impact("--data " + kRecord + record);
  const ShellRun ms = fit_impact("--data " + (dir / "ms.csv").string() + record);
  ASSERT_EQ(s.code, 0) << s.out;
  ASSERT_EQ(ms.code, 0) << ms.out;
  const auto s_json = json_of(s);
  const auto& t0 = s_json["parameters"]["t0"];
  EXPECT_NEAR(json_of(ms)["parameters"]["t0"]["value"].get<double>(), t0["value"].get<double>(),
              1e-3 * t0["std_error"].get<double>());
}

TEST(FitImpactInputCli, WhatItDoesNotUnderstandExitsTwoNamingIt) {
  const auto dir = fresh_dir("calib_fit_input_", "refused");
  put(dir / "sigma.csv", "v_in[m/s],e[-],sigma[-]\n1,0.9,0.01\n2,0.8,0.01\n");
  put(dir / "twice.csv", "v_in[m/s],e[-],e[-]\n1,0.9,0.9\n2,0.8,0.7\n");
  put(dir / "mixed.csv", "v_in[m/s],e[-],t[s],F[N]\n1,0.9,0,1\n2,0.8,1e-6,2\n");
  put(dir / "fast.csv", "v_in[m/s],e[-]\n1,0.9\n1e300,0.8\n");
  put(dir / "above.csv", "v_in[m/s],e[-],sigma_e[-]\n1,1.05,0.01\n2,0.8,0.01\n");
  put(dir / "nocontact.csv", "t[s],F[N]\n0,0\n1e-6,0\n2e-6,-0.1\n3e-6,0\n");
  const std::string curve = " --law tsuji --m 0.01 --K 1e9";
  const std::string record = " --law tsuji --v 1 --m 0.01";
  const auto data = [&](const char* name) { return "--data " + (dir / name).string(); };
  const std::vector<std::pair<std::string, std::string>> cases{
      {data("sigma.csv") + curve, "unknown column 'sigma[-]'"},
      {data("twice.csv") + curve, "column 'e' appears twice"},
      {data("mixed.csv") + curve, "mixes an impact record's column 't[s]'"},
      {data("mixed.csv") + record, "with a restitution curve's column 'v_in[m/s]'"},
      {data("fast.csv") + curve, "row 3: v_in = 1e+300 m/s is outside the accepted range"},
      {data("above.csv") + curve, "row 2: e = 1.05 is more than 3 sigma_e"},
      {data("nocontact.csv") + record, "impact record: no contact"},
      {"--data " + kCurve + " --law tsuji --m 0.01 --K 1e300", "--K: '1e300'"},
      {"--data " + kCurve + " --law tsuji --m 1e30 --K 1e9", "--m: '1e30'"},
      {"--data " + kRecord + " --law tsuji --m 0.01 --v 1e300", "--v: '1e300'"},
      {"--data " + kCurve + curve + " --loss huber --loss-scale -1", "--loss-scale"},
  };
  for (const auto& [args, expected] : cases) {
    const ShellRun r = fit_impact(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(expected), std::string::npos) << args << "\n" << r.out;
    EXPECT_EQ(r.out.find("nan"), std::string::npos) << args << "\n" << r.out;
  }
}

TEST(FitImpactInputCli, AllRanksTheLawsThatCanTakeTheData) {
  // --n 1.4: viscoelastic is solved at n = 1.5 only; the other three are ranked, and the text
  // and the JSON say which law was left out and why.
  const ShellRun j = fit_impact("--data " + kCurve + " --law all --m 0.01 --K 1e9 --n 1.4 --format json");
  ASSERT_EQ(j.code, 0) << j.out;
  const auto rec = json_of(j);
  EXPECT_EQ(rec["ranking"].size(), 3u);
  ASSERT_EQ(rec["left_out"].size(), 1u);
  EXPECT_EQ(rec["left_out"][0]["law"], "viscoelastic");
  EXPECT_NE(rec["left_out"][0]["reason"].get<std::string>().find("n = 1.5 only, got 1.4"),
            std::string::npos);
  const ShellRun t = fit_impact("--data " + kCurve + " --law all --m 0.01 --K 1e9 --n 1.4");
  EXPECT_NE(t.out.find("left out: viscoelastic: n: the viscoelastic law"), std::string::npos)
      << t.out;
}

TEST(FitImpactInputCli, RobustLossRecordsItsScaleFromTheData) {
  // Without --loss-scale the scale is 1.4826 MAD of the plain fit's residuals (fit_impact.hpp),
  // recomputed here from the plain fit's JSON (the same fit: equal to 1e-12 relative).
  const std::string base = "--data " + kCurve + " --law tsuji --m 0.01 --K 1e9 --format json";
  const ShellRun plain = fit_impact(base);
  const ShellRun huber = fit_impact(base + " --loss huber");
  ASSERT_EQ(plain.code, 0) << plain.out;
  ASSERT_EQ(huber.code, 0) << huber.out;
  const auto plain_json = json_of(plain);
  std::vector<double> r;
  for (const auto& row : plain_json["residuals"]) r.push_back(row["residual"].get<double>());
  const auto median = [](std::vector<double> x) {
    std::sort(x.begin(), x.end());
    return x.size() % 2 ? x[x.size() / 2] : 0.5 * (x[x.size() / 2 - 1] + x[x.size() / 2]);
  };
  const double centre = median(r);
  for (double& x : r) x = std::abs(x - centre);
  const double scale = 1.4826 * median(r);
  const auto rec = json_of(huber);
  EXPECT_EQ(rec["robust"], "huber");
  EXPECT_NEAR(rec["loss_scale"].get<double>(), scale, 1e-12 * scale);
  EXPECT_NE(rec["loss_scale_source"].get<std::string>().find("MAD"), std::string::npos);
  EXPECT_EQ(rec["units"]["loss_scale"], "sigma_e");
  EXPECT_EQ(plain_json["robust"], "none");
  const ShellRun given = fit_impact(base + " --loss cauchy --loss-scale 2");
  EXPECT_EQ(json_of(given)["loss_scale"].get<double>(), 2.0);
  EXPECT_EQ(json_of(given)["loss_scale_source"], "given");
}

TEST(FitImpactInputCli, CtrlCEndsALargeFitWithExit130AndNothingWritten) {
  // 50,000 points (one solve each per evaluation: seconds per Ceres iteration): SIGINT after
  // 1 s ends the run with 130 and says so; --out stays without results.
  const auto dir = fresh_dir("calib_fit_input_", "large");
  std::string csv = "v_in[m/s],e[-]\n";
  for (int i = 0; i < 50000; ++i)
    csv += fmt::format("{},{}\n", 0.05 * std::pow(100.0, i / 49999.0), 0.8 - 0.1 * i / 49999.0);
  put(dir / "large.csv", csv);
  const ShellRun r = run_shell(std::string(CALIB_CLI) + " fit-impact --data " +
                               (dir / "large.csv").string() +
                               " --law all --m 0.01 --K 1e9 --out " + (dir / "out").string() +
                               " > " + (dir / "log").string() + " 2>&1 & pid=$!; sleep 1; kill -INT "
                               "$pid; wait $pid; echo rc=$?");
  EXPECT_NE(r.out.find("rc=130"), std::string::npos) << r.out;
  EXPECT_NE(calib_test::slurp(dir / "log").find("interrupted: fit-impact stopped during the"),
            std::string::npos)
      << calib_test::slurp(dir / "log");
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "fit_impact.json"));
}
