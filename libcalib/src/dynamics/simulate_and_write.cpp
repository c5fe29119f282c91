// A user's run and its files, complete or partial (write_run.hpp).
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "calib/core/error.hpp"
#include "calib/dynamics/write_run.hpp"
#include "calib/io/result_folder.hpp"

namespace calib::dynamics {

namespace {

// `<out>.partial` beside `out` ("results/run/" gives "results/run.partial").
std::filesystem::path partial_folder(const std::filesystem::path& out) {
  std::filesystem::path p = out.lexically_normal();
  if (!p.has_filename()) p = p.parent_path();
  return p.string() + ".partial";
}

// The files of `r` published into `dir` as one result (io::ResultFolder).
void publish_run(const SystemSetup& s, const SimulationResult& r, io::ResultFolder& folder,
                 const RunSource& source) {
  const io::Provenance provenance = run_provenance(s, source.system, source.clock);
  write_run(s, r, folder.stage(), provenance);
  folder.publish(provenance);
}

// The partial result's files, and the words that say where they went (or why they did not).
std::string keep_partial(const SystemSetup& s, const SimulationResult& r,
                         const std::filesystem::path& out, const RunSource& source) {
  if (out.empty()) return "nothing kept (no output folder given)";
  const std::filesystem::path dir = partial_folder(out);
  try {
    io::ResultFolder folder(dir, source.inputs);
    publish_run(s, r, folder, source);
  } catch (const Error& e) {
    return fmt::format("the partial output could not be kept: {}", e.what());
  }
  return fmt::format("partial output (t = 0 to {:.6g} s, open contacts open) kept in {}",
                     r.t_reached, dir.string());
}

}  // namespace

SimulationResult simulate_and_write(const SystemSetup& s, const std::filesystem::path& out,
                                    const RunSource& source) {
  std::optional<io::ResultFolder> folder;  // checked against the inputs and locked before the run
  if (!out.empty()) folder.emplace(out, source.inputs);
  SimulationResult r = simulate_until_stop(*s.system, s.q0, s.qd0, s.contact, s.options);
  if (r.stop != Stop::none) require_complete(r, keep_partial(s, r, out, source));
  for (const Impact& i : r.impacts)
    if (i.closed() && !std::isfinite(i.e))
      throw ComputeError("simulate: an impact's restitution is not a number");
  if (folder) publish_run(s, r, *folder, source);
  return r;
}

}  // namespace calib::dynamics
