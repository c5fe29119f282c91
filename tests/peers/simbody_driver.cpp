// A head-on impact in the real Simbody (Debian 12: libsimbody-dev 3.7), for test_simbody.py.
//
// Two identical spheres (sphere-sphere) or one sphere and a fixed ContactGeometry::HalfSpace on
// Ground (sphere-wall), each sphere on a Slider along the line of centres (a head-on frictionless
// impact moves nothing else), no gravity, a GeneralContactSubsystem with one contact set and a
// HuntCrossleyForce on it. The bodies start 10^-3 R apart at the relative speed v and are
// integrated with RungeKuttaMersonIntegrator (error control at --accuracy, steps capped at
// --t-contact/--steps) until 1.5 --t-contact after the contact starts (--t-contact: an estimate
// of the contact duration, e.g. libcalib's). Prints
//   VERSION <major>.<minor>.<build>        SimTK_version_simbody() of the library linked
//   RESULT <v1> <v2> <gap> <t_contact>     velocities at the end [m/s] (sphere-wall: v2 = 0),
//                                          the surface gap then [m] and the contact duration [s]
// The contact duration is exact up to the integration error: before contact and after
// separation the bodies fly at constant speed, so contact starts at gap0/v and ends at
// t_end − gap/v_separation.
//
// Two builds of this file:
//  * simbody_driver (CMake): the HuntCrossleyForce gets --stiffness [Pa] and --dissipation [s/m]
//    from the command line, through the same calls the snippet of `calib input-for simbody` makes;
//  * with -DCALIB_SIMBODY_SNIPPET="file": `file` holds that snippet verbatim, which must define
//    add_calibrated_hunt_crossley(GeneralForceSubsystem&, GeneralContactSubsystem&,
//    ContactSetIndex); --stiffness and --dissipation are then refused.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>

#include "Simbody.h"

#ifdef CALIB_SIMBODY_SNIPPET
#include CALIB_SIMBODY_SNIPPET
#endif

namespace {

using namespace SimTK;

constexpr double kPi = 3.14159265358979323846;

struct Options {
  bool wall = false;
  double radius = 0, density = 0, v = 0, t_contact = 0;
  double accuracy = 1e-12, steps = 1000;  // the step is at most t_contact / steps
  double stiffness = NAN, dissipation = NAN;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr,
               "simbody_driver: %s\nusage: simbody_driver --geometry sphere-sphere|sphere-wall "
               "--radius R --density RHO --v V --t-contact T [--accuracy A] [--steps N]%s\n",
               why.c_str(),
#ifdef CALIB_SIMBODY_SNIPPET
               ""
#else
               " --stiffness S --dissipation C"
#endif
  );
  std::exit(2);
}

// The value of `key` (`fallback` when absent; NaN: required). Only the dissipation may be
// negative: Simbody accepts it (the bodies then gain energy).
double number(const std::map<std::string, std::string>& args, const std::string& key,
              double fallback = NAN, bool may_be_negative = false) {
  const auto it = args.find(key);
  if (it == args.end()) {
    if (std::isnan(fallback)) usage(key + " is required");
    return fallback;
  }
  char* end = nullptr;
  const double x = std::strtod(it->second.c_str(), &end);
  if (*end != '\0' || !std::isfinite(x) || (x < 0 && !may_be_negative))
    usage(key + " must be a finite number" + (may_be_negative ? "" : " >= 0") + ", got '" +
          it->second + "'");
  return x;
}

Options parse(int argc, char** argv) {
  std::map<std::string, std::string> args;
  for (int i = 1; i + 1 < argc; i += 2) args[argv[i]] = argv[i + 1];
  if (argc % 2 == 0) usage(std::string("no value after ") + argv[argc - 1]);
  Options o;
  const std::string geometry = args.count("--geometry") ? args["--geometry"] : "";
  if (geometry != "sphere-sphere" && geometry != "sphere-wall")
    usage("--geometry must be sphere-sphere or sphere-wall, got '" + geometry + "'");
  o.wall = geometry == "sphere-wall";
  o.radius = number(args, "--radius");
  o.density = number(args, "--density");
  o.v = number(args, "--v");
  o.t_contact = number(args, "--t-contact");
  o.accuracy = number(args, "--accuracy", o.accuracy);
  o.steps = number(args, "--steps", o.steps);
  if (!(o.radius > 0 && o.density > 0 && o.v > 0 && o.t_contact > 0 && o.steps >= 1))
    usage("--radius, --density, --v, --t-contact must be > 0 and --steps >= 1");
#ifdef CALIB_SIMBODY_SNIPPET
  if (args.count("--stiffness") || args.count("--dissipation"))
    usage("this build takes stiffness and dissipation from the snippet");
#else
  o.stiffness = number(args, "--stiffness");
  o.dissipation = number(args, "--dissipation", NAN, true);
#endif
  return o;
}

#ifndef CALIB_SIMBODY_SNIPPET
// The calls of the snippet with the numbers from the command line: every surface of the set
// gets the same stiffness and dissipation, no friction.
void add_hunt_crossley(GeneralForceSubsystem& forces, GeneralContactSubsystem& contacts,
                       ContactSetIndex set, Real stiffness, Real dissipation) {
  HuntCrossleyForce force(forces, contacts, set);
  for (ContactSurfaceIndex i(0); i < contacts.getNumBodies(set); ++i)
    force.setBodyParameters(i, stiffness, dissipation, 0, 0, 0);
}
#endif

struct Scene {
  MultibodySystem system;
  SimbodyMatterSubsystem matter{system};
  GeneralForceSubsystem forces{system};
  GeneralContactSubsystem contacts{system};
  MobilizedBody::Slider sphere1, sphere2;  // sphere2 stays empty for the wall
};

// Sphere 1 approaches from −x; sphere 2 (or the half-space x > 0 on Ground) waits on the right.
void build(Scene& s, const Options& o) {
  const double mass = o.density * 4.0 / 3.0 * kPi * std::pow(o.radius, 3);
  const Body::Rigid body(MassProperties(mass, Vec3(0), UnitInertia::sphere(o.radius)));
  const ContactSetIndex set = s.contacts.createContactSet();
  s.sphere1 = MobilizedBody::Slider(s.matter.Ground(), Transform(), body, Transform());
  s.contacts.addBody(set, s.sphere1, ContactGeometry::Sphere(o.radius), Transform());
  if (o.wall) {
    s.contacts.addBody(set, s.matter.Ground(), ContactGeometry::HalfSpace(), Transform());
  } else {
    s.sphere2 = MobilizedBody::Slider(s.matter.Ground(), Transform(), body, Transform());
    s.contacts.addBody(set, s.sphere2, ContactGeometry::Sphere(o.radius), Transform());
  }
#ifdef CALIB_SIMBODY_SNIPPET
  add_calibrated_hunt_crossley(s.forces, s.contacts, set);
#else
  add_hunt_crossley(s.forces, s.contacts, set, o.stiffness, o.dissipation);
#endif
}

int run(const Options& o) {
  Scene s;
  build(s, o);
  State state = s.system.realizeTopology();
  const double gap0 = 1e-3 * o.radius;
  if (o.wall) {
    s.sphere1.setQ(state, -(o.radius + gap0));
    s.sphere1.setU(state, o.v);
  } else {
    s.sphere1.setQ(state, -(o.radius + gap0 / 2));
    s.sphere1.setU(state, o.v / 2);
    s.sphere2.setQ(state, o.radius + gap0 / 2);
    s.sphere2.setU(state, -o.v / 2);
  }
  RungeKuttaMersonIntegrator integrator(s.system);
  integrator.setAccuracy(o.accuracy);
  integrator.setMaximumStepSize(o.t_contact / o.steps);
  integrator.initialize(state);
  const double t_end = gap0 / o.v + 1.5 * o.t_contact;
  // The first call returns at the start of the continuous interval; step on until t_end.
  while (integrator.getTime() < t_end) {
    if (integrator.stepTo(t_end) == Integrator::EndOfSimulation)
      throw std::runtime_error(
          Integrator::getTerminationReasonString(integrator.getTerminationReason()));
  }
  const State& end = integrator.getState();
  const double x1 = s.sphere1.getQ(end), v1 = s.sphere1.getU(end);
  const double right_surface = o.wall ? 0.0 : s.sphere2.getQ(end) - o.radius;
  const double v2 = o.wall ? 0.0 : s.sphere2.getU(end);
  const double gap = right_surface - (x1 + o.radius);
  const double t_contact = t_end - gap / (v2 - v1) - gap0 / o.v;
  int major = 0, minor = 0, build_number = 0;
  SimTK_version_simbody(&major, &minor, &build_number);
  std::printf("VERSION %d.%d.%d\n", major, minor, build_number);
  std::printf("RESULT %.17g %.17g %.17g %.17g\n", v1, v2, gap, t_contact);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "simbody_driver: %s\n", e.what());
    return 1;
  }
}
