// The two single-question modes of `calib kn-fit`, as data for the CLI and Python: one
// material/geometry (--model) and measured data (--data). Their options and how the given text
// becomes a SingleFitInput or MeasurementInput (studies/kn_fit_single.hpp).
#include "calib/studies/kn_fit.hpp"
#include "calib/studies/kn_fit_single.hpp"

namespace calib::studies::kn_fit {

namespace {

// The options both modes share: the sampling and error protocol and the curve file.
SingleFitInput single_input(const OptionValues& v) {
  SingleFitInput a;
  a.model = v.text("--model");
  a.material = v.text("--material");
  a.material2 = v.text("--material2");
  a.materials = v.text("--materials");
  a.E = v.text("--E");
  a.E2 = v.text("--E2");
  a.nu = v.number("--nu");
  a.nu2 = v.number("--nu2");
  a.dR = v.text("--dR");
  a.Ri = v.text("--Ri", a.Ri);
  a.external = v.has("--external");
  a.length = v.text("--length");
  a.W_min = v.text("--W-min", a.W_min);
  a.W_max = v.text("--W-max", a.W_max);
  a.W_step = v.text("--W-step", a.W_step);
  a.weighting = v.text("--weighting", a.weighting);
  a.error_floor_um = v.number("--error-floor-um", a.error_floor_um);
  a.curve = v.text("--curve");
  return a;
}

ModeOutput fit_model_mode(const OptionValues& values) {
  const SingleFitInput input = single_input(values);
  ModeOutput out;
  out.record = fit_single(input);
  if (!input.curve.empty()) out.files.push_back(input.curve);
  return out;
}

ModeOutput fit_data_mode(const OptionValues& values) {
  const SingleFitInput single = single_input(values);
  MeasurementInput data;
  data.data = values.text("--data");
  data.length = single.length;
  data.weighting = single.weighting;
  data.robust = values.text("--robust", data.robust);
  data.loss_scale = values.number("--loss-scale", data.loss_scale);
  data.error_floor_um = single.error_floor_um;
  data.curve = single.curve;
  ModeOutput out;
  out.record = fit_measurements(data);
  if (!data.curve.empty()) out.files.push_back(data.curve);
  return out;
}

}  // namespace

StudyOptions Module::options() {
  using enum OptionKind;
  return {
      .run = {},
      .overrides = nullptr,
      .mode =
          {{.flag = "--model",
            .help = "single fit: radzimovsky, johnson, goldsmith, dubowsky-freudenstein, "
                    "esdu-78035, lankarani-nikravesh, pereira2011, pereira2012"},
           {.flag = "--material",
            .help = "material name from --materials (body i; also body j unless given)"},
           {.flag = "--material2", .help = "material of body j"},
           {.flag = "--materials",
            .help = "materials CSV",
            .default_value = "datasets/materials.csv (data folders)"},
           {.flag = "--E",
            .help = "Young's modulus of body i",
            .excludes = {"--material"},
            .quantity = &units::youngs_modulus},
           {.flag = "--nu",
            .help = "Poisson's ratio of body i",
            .kind = number,
            .excludes = {"--material"},
            .quantity = &units::poisson_ratio},
           {.flag = "--E2",
            .help = "Young's modulus of body j (default: body i)",
            .excludes = {"--material2"},
            .quantity = &units::youngs_modulus},
           {.flag = "--nu2",
            .help = "Poisson's ratio of body j",
            .kind = number,
            .excludes = {"--material2"},
            .quantity = &units::poisson_ratio},
           {.flag = "--dR", .help = "radial clearance/sum dR", .quantity = &units::length},
           {.flag = "--Ri",
            .help = "radius of body i (Goldsmith, DF, LN, Pereira)",
            .default_value = "100mm",
            .quantity = &units::length},
           {.flag = "--external",
            .help = "external contact (dR = Ri + Rj); default internal (dR = Ri - Rj)",
            .kind = flag},
           {.flag = "--length",
            .help = "contact length L: K reported for the force F = K L delta^n; with --data, "
                    "converts an F column to W = F/L",
            .quantity = &units::length},
           {.flag = "--W-min", .help = "smallest W sample", .default_value = "0.1N/mm",
            .quantity = &units::line_load},
           {.flag = "--W-max", .help = "largest W sample", .default_value = "1000N/mm",
            .quantity = &units::line_load},
           {.flag = "--W-step", .help = "W sample step", .default_value = "0.1N/mm",
            .quantity = &units::line_load},
           {.flag = "--weighting",
            .help = "none (least squares on W) or relative",
            .choices = {"none", "relative"},
            .default_value = "none"},
           {.flag = "--error-floor-um",
            .help = "Max Error % only where delta >= this (um)",
            .kind = number,
            .default_value = "1"},
           {.flag = "--curve",
            .help = "write the fitted curve CSV here (vs the implicit law, or vs the data)"},
           {.flag = "--data",
            .help = "fit measurements: CSV with delta[unit] and W[unit] or F[unit] columns",
            .excludes = {"--model"}},
           {.flag = "--robust",
            .help = "robust loss for --data: none, huber, cauchy",
            .choices = {"none", "huber", "cauchy"},
            .default_value = "none"},
           {.flag = "--loss-scale",
            .help = "robust loss scale (in residual units)",
            .kind = number,
            .default_value = "1"}},
      .modes = {{"--data", fit_data_mode}, {"--model", fit_model_mode}},
      .mode_hint =
          "a single fit: give --model (one material and geometry) or --data "
          "(measurements)"};
}

}  // namespace calib::studies::kn_fit
