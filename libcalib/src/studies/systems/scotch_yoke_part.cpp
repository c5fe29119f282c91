// The systems study's Scotch-yoke part (PINSLOT §4): one run of the bench file per K–n model,
// then the second crank revolution against the relative crank angle.
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/planar_multibody.hpp"
#include "calib/studies/kn_fitter.hpp"
#include "calib/studies/systems_scotch_yoke.hpp"
#include "core/checks.hpp"

namespace calib::studies::systems {

namespace {

constexpr double kPi = std::numbers::pi;

// The bench's crank speed [rad/s] (its one drive) and the slider's body index; InputError when
// the file is not a planar system with one drive and a body named "slider".
void read_bench_layout(const dynamics::SystemSetup& setup, const std::string& file,
                       ScotchYokeResult& r) {
  const auto* planar = dynamic_cast<const dynamics::PlanarMultibody*>(setup.system.get());
  if (!planar || planar->description().drives.size() != 1 || planar->contact_count() != 1)
    throw InputError(
        fmt::format("[scotch_yoke] file: {} must be a planar system with one drive "
                    "(the crank) and one contact (the pin in the slot)",
                    file));
  r.omega = planar->description().drives.front().velocity;
  r.period = 2 * kPi / r.omega;
  const auto names = planar->body_names();
  for (std::size_t b = 0; b < names.size(); ++b)
    if (names[b] == "slider") r.slider = static_cast<int>(b);
  if (r.slider < 0 || !(r.omega > 0))
    throw InputError(
        fmt::format("[scotch_yoke] file: {} needs a body named 'slider' and a "
                    "crank drive > 0 [rad/s] (got {})",
                    file, r.omega));
  if (setup.options.t_end < 2 * r.period)
    throw InputError(
        fmt::format("[scotch_yoke] file: {}: [simulate] t_end = {} s does not cover "
                    "two crank revolutions ({} s)",
                    file, setup.options.t_end, 2 * r.period));
}

// `calib kn-fit --model`'s K and n for every region of the file, with `model` as kn_model.
dynamics::KnFitter fitter_for(const std::string& model) {
  return [base = kn_fit::kn_fitter(), model](const models::multibody::ClearanceLaw& law) {
    auto with_model = law;
    with_model.kn_model = model;
    return base(with_model);
  };
}

// The bench file with `model` in every region that names a kn_model; InputError naming the
// [scotch_yoke] key when the model is unknown or no region names one (the models would then
// all run the same file).
dynamics::SystemSetup load_with_model(const std::filesystem::path& file, const std::string& model) {
  int fitted = 0;
  const dynamics::KnFitter fit = fitter_for(model);
  dynamics::SystemSetup setup;
  try {
    setup = dynamics::load_system(file, [&](const models::multibody::ClearanceLaw& law) {
      ++fitted;
      return fit(law);
    });
  } catch (const InputError& e) {
    throw InputError(fmt::format("[scotch_yoke] models: '{}': {}", model, e.what()));
  }
  if (fitted == 0)
    throw InputError(
        fmt::format("[scotch_yoke] file: {}: no clearance region names a kn_model, "
                    "so the models would not change it",
                    file.string()));
  return setup;
}

// The output instants of the second revolution (T ≤ t ≤ 2T), the slider's acceleration by the
// central difference of its velocity on the output grid (the first and last instant have none).
std::vector<YokeSample> second_revolution(const ScotchYokeResult& r, const YokeRun& run) {
  const auto& sys = *run.setup.system;
  const auto& s = run.result.series;
  std::vector<YokeSample> out;
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i].t < r.period || s[i].t > 2 * r.period) continue;
    const auto now = sys.body(r.slider, s[i].q, s[i].qd);
    const double before = sys.body(r.slider, s[i - 1].q, s[i - 1].qd).vx,
                 after = sys.body(r.slider, s[i + 1].q, s[i + 1].qd).vx;
    out.push_back({r.angle(s[i].t), s[i].t, dynamics::contact_force(sys, run.result, 0, s[i]),
                   sys.penetration(0, s[i].q), sys.region(0, s[i].q), now.x, now.vx,
                   (after - before) / (s[i + 1].t - s[i - 1].t)});
  }
  return out;
}

}  // namespace

ScotchYokeConfig ScotchYokeConfig::from(const io::ConfigNode& table) {
  ScotchYokeConfig c;
  if (table.has("file")) c.file = table.path("file");
  if (table.has("models")) c.models = table.strings("models");
  require_listed(table.where("models"), c.models.size());
  return c;
}

double ScotchYokeResult::angle(double t) const { return omega * (t - period) * (180.0 / kPi); }

std::vector<std::function<void()>> scotch_yoke_tasks(const ScotchYokeConfig& config,
                                                     ScotchYokeResult& r) {
  std::vector<std::function<void()>> tasks;
  r.runs.resize(config.models.size());
  for (std::size_t i = 0; i < config.models.size(); ++i)
    tasks.emplace_back([&config, &r, i] {
      YokeRun& run = r.runs[i];
      run.model = config.models[i];
      run.setup = load_with_model(config.file, run.model);
      const auto& s = run.setup;
      run.result = dynamics::simulate(*s.system, s.q0, s.qd0, s.contact, s.options);
    });
  return tasks;
}

void measure_scotch_yoke(const ScotchYokeConfig& config, ScotchYokeResult& r) {
  if (r.runs.empty()) return;
  read_bench_layout(r.runs.front().setup, config.file.string(), r);
  for (auto& run : r.runs) run.revolution = second_revolution(r, run);
  r.statements = scotch_yoke_statements(r);
}

}  // namespace calib::studies::systems
