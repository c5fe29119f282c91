// `calib simulate --system FILE`: forward dynamics of an example system with continuous contact
// or piecewise impulses (dynamics::simulate); the time series and the impact table.
#include <algorithm>
#include <filesystem>
#include <optional>
#include <variant>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "calib/core/error.hpp"
#include "calib/core/interrupt.hpp"
#include "calib/dynamics/systems.hpp"
#include "calib/dynamics/write_run.hpp"
#include "calib/io/csv.hpp"
#include "calib/io/resources.hpp"
#include "calib/studies/kn_fitter.hpp"
#include "commands.hpp"

namespace calib::cli {

namespace {
struct SimulateArgs {
  std::string system, model, method, out;
  std::optional<double> e, t_end, max_wall_time;
  std::optional<std::int64_t> max_steps;
  bool progress = false;
  Format format = Format::text;
};

// The impact table as aligned text under the CSV header's names, numbers to 6 digits.
void print_impact_table(const dynamics::SystemSetup& s, const dynamics::SimulationResult& r) {
  const auto& header = dynamics::impact_header();
  std::string line;
  for (std::size_t c = 0; c < header.size(); ++c)
    line += c == 0 ? fmt::format("{:<14}", header[c]) : fmt::format(" {:>14}", header[c]);
  fmt::print("{}\n", line);
  for (const auto& i : r.impacts) {
    const auto cells = dynamics::impact_row(s, i);
    line.clear();
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string text = std::holds_alternative<double>(cells[c])
                                   ? fmt::format("{:.6g}", std::get<double>(cells[c]))
                                   : io::format_cell(cells[c]);
      line += c == 0 ? fmt::format("{:<14}", text) : fmt::format(" {:>14}", text);
    }
    fmt::print("{}\n", line);
  }
}

}  // namespace

void register_simulate(CLI::App& app) {
  auto args = std::make_shared<SimulateArgs>();
  SimulateArgs& a = *args;
  auto* cmd = app.add_subcommand(
      "simulate", "simulate an example system (configs/systems/) with a calibrated contact law");
  cmd->add_option("--system", a.system, "system file (configs/systems/bouncing_ball.toml)")
      ->required();
  cmd->add_option("--model", a.model, "contact model (calib models; default: the file's)");
  cmd->add_option("--e", a.e, "target restitution (default: the file's)")->check(not_empty());
  cmd->add_option("--method", a.method, "continuous|piecewise (default: the file's)")
      ->check(CLI::IsMember({"continuous", "piecewise"}));
  add_quantity(*cmd, "--t-end", a.t_end, units::duration, "simulated time (default: the file's)");
  cmd->add_option("--out", a.out, "folder for series.csv and impacts.csv");
  cmd->add_option("--max-steps", a.max_steps,
                  fmt::format("step budget (default: the file's, else {})",
                              dynamics::kDefaultMaxSteps))
      ->check(whole_number(1, 1'000'000'000'000));
  add_quantity(*cmd, "--max-wall-time", a.max_wall_time, units::duration,
               "wall-clock budget (default: none)");
  cmd->add_flag("--progress", a.progress, "progress line on stderr");
  add_format_flag(*cmd, a.format);
  cmd->callback([args] {
    const SimulateArgs& a = *args;
    const dynamics::RunSource source{a.system, {io::resolve_input_path(a.system)}, {}};
    dynamics::SystemSetup s = dynamics::load_system(a.system, studies::kn_fit::kn_fitter());
    dynamics::Overrides o;
    o.e = a.e;
    o.t_end = a.t_end;
    o.max_steps = a.max_steps;
    o.max_wall_time = a.max_wall_time;
    if (!a.model.empty()) o.model = a.model;
    if (!a.method.empty()) o.method = dynamics::method_from_name(a.method, "--method");
    dynamics::apply(o, s);
    const InterruptScope interrupts;  // Ctrl-C: stop, keep the partial output, exit 130
    s.options.stop_requested = [&interrupts] { return interrupts.requested(); };
    s.options.progress = a.progress;
    const auto r = dynamics::simulate_and_write(s, a.out, source);
    if (a.format == Format::json) {
      fmt::print("{}\n", dynamics::to_json(s, r, s.options.method).dump(2));
      return;
    }
    if (a.format == Format::csv) {  // the impact table (the time series: --out DIR)
      fmt::print("{}\n", fmt::join(dynamics::impact_header(), ","));
      for (const auto& i : r.impacts) {
        std::vector<std::string> cells;
        for (const auto& c : dynamics::impact_row(s, i)) cells.push_back(io::format_cell(c));
        fmt::print("{}\n", fmt::join(cells, ","));
      }
      return;
    }
    // Every contact with its own law (clearance joints only): no file-wide model to name.
    const std::string law = dynamics::every_contact_has_own_law(*s.system)
                                ? std::string("each joint's own law")
                                : fmt::format("model {} e = {}", s.contact.calibrated()->model,
                                              s.contact.calibrated()->e);
    fmt::print("{} ({}), {}, {}, t_end {} s, rel_tol {:g}, abs_tol {:g}, {} steps\n", s.name,
               s.type, law, dynamics::method_name(s.options.method), s.options.t_end,
               s.options.rel_tol, s.options.abs_tol, r.steps);
    if (s.system->constraint_count() > 0)
      fmt::print("{} constraints, Baumgarte rate {} 1/s: max |Phi| {:.2e} m|rad, max |dPhi/dt| "
                 "{:.2e} m/s|rad/s (drift_tol {:.0e})\n",
                 s.system->constraint_count(), s.options.baumgarte_rate, r.max_drift,
                 r.max_velocity_drift, s.options.drift_tol);
    print_impact_table(s, r);
    const auto open = std::count_if(r.impacts.begin(), r.impacts.end(),
                                    [](const dynamics::Impact& i) { return !i.closed(); });
    if (open > 0)
      fmt::print("{} contact(s) still open at t_end: no t_end, v_out, e or impulse (blank)\n", open);
  });
}

}  // namespace calib::cli
