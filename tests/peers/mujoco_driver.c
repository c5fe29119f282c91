/* A head-on collision in the real MuJoCo library (tests/peers/test_mujoco.py drives it).
 *
 *   mujoco_driver MODEL.xml MAX_STEPS V_1 [V_2 ...]
 *
 * Loads MODEL.xml (free-joint bodies moving along x; the time step, integrator and contact
 * parameters are the model's own), sets the x-velocity of free body i to V_i, steps until a
 * contact has appeared and then disappeared again (the surfaces have separated) and prints
 *
 *   version <mj_versionString()>
 *   steps <steps taken> contact_steps <steps with at least one contact>
 *   force_steps <steps with a pushing contact force (after the force would pull, the surfaces
 *               still overlap for a while with zero force)>
 *   max_penetration <largest −dist of a contact over the run [m]>
 *   v <x-velocity of each free body after separation>
 *
 * Exit 1 (with a message on stderr) when the model does not load, has fewer free joints than
 * velocities given, or the bodies have not separated within MAX_STEPS. */
#include <stdio.h>
#include <stdlib.h>

#include <mujoco/mujoco.h>

/* MuJoCo's own warnings (e.g. "mixed solref format, replacing with default") go to stderr, where
 * the test looks for them. */
static long warnings = 0;
static void warn_to_stderr(const char* message) {
  if (warnings++ == 0) fprintf(stderr, "MuJoCo warning: %s\n", message);  /* once per step else */
}

static int set_velocities(const mjModel* m, mjData* d, int count, char** values) {
  int body = 0;
  for (int j = 0; j < m->njnt && body < count; ++j) {
    if (m->jnt_type[j] != mjJNT_FREE) continue;
    d->qvel[m->jnt_dofadr[j]] = strtod(values[body], NULL);  /* free joint: dofs x y z, then ω */
    ++body;
  }
  return body == count;
}

/* Whether a contact constraint carries force in this step (contact rows are ≥ 0). */
static int pushing(const mjData* d) {
  for (int i = d->ne + d->nf; i < d->nefc; ++i)
    if (d->efc_force[i] > 0) return 1;
  return 0;
}

static void print_velocities(const mjModel* m, const mjData* d) {
  printf("v");
  for (int j = 0; j < m->njnt; ++j)
    if (m->jnt_type[j] == mjJNT_FREE) printf(" %.17g", d->qvel[m->jnt_dofadr[j]]);
  printf("\n");
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s MODEL.xml MAX_STEPS V_1 [V_2 ...]\n", argv[0]);
    return 1;
  }
  mju_user_warning = warn_to_stderr;
  char error[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof error);
  if (!m) {
    fprintf(stderr, "mj_loadXML %s: %s\n", argv[1], error);
    return 1;
  }
  if (error[0]) fprintf(stderr, "mj_loadXML warning: %s\n", error);
  mjData* d = mj_makeData(m);
  if (!set_velocities(m, d, argc - 3, argv + 3)) {
    fprintf(stderr, "%s has fewer free joints than the %d velocities given\n", argv[1], argc - 3);
    return 1;
  }
  const long max_steps = strtol(argv[2], NULL, 10);
  long steps = 0, contact_steps = 0, force_steps = 0;
  int touched = 0;
  double max_penetration = 0;
  for (; steps < max_steps; ++steps) {
    mj_step(m, d);
    for (int c = 0; c < d->ncon; ++c)
      if (-d->contact[c].dist > max_penetration) max_penetration = -d->contact[c].dist;
    if (pushing(d)) ++force_steps;
    if (d->ncon > 0) {
      touched = 1;
      ++contact_steps;
    } else if (touched) {
      break;
    }
  }
  printf("version %s\nsteps %ld contact_steps %ld force_steps %ld\nmax_penetration %.17g\n",
         mj_versionString(), steps, contact_steps, force_steps, max_penetration);
  print_velocities(m, d);
  const int separated = touched && d->ncon == 0;
  if (!separated) fprintf(stderr, "no separation within %ld steps (touched: %d)\n", max_steps, touched);
  if (warnings > 1) fprintf(stderr, "MuJoCo warning: %ld warnings in all\n", warnings);
  for (int w = 0; w < mjNWARNING; ++w)
    if (d->warning[w].number > 0) fprintf(stderr, "MuJoCo warning %d: %d times\n", w, d->warning[w].number);
  mj_deleteData(d);
  mj_deleteModel(m);
  return separated ? 0 : 1;
}
