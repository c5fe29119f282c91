# ctest script: `cmake --install` into a scratch prefix, then import calib with only that
# prefix's site-packages on the path (from another directory) and compute one number.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "install failed (${rc})")
endif()
file(MAKE_DIRECTORY ${WORK}/elsewhere)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${WORK}/prefix/${SITE} PYTHONNOUSERSITE=1
          ${PYTHON} -c "import calib; assert calib.__file__.startswith('${WORK}/prefix'), calib.__file__; print(calib.__file__, calib.c_opt(0.7, m=2.0, k=1e7, v=0.3, n=1.5))"
  WORKING_DIRECTORY ${WORK}/elsewhere RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "import calib from the install failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "${out}")

# The installed package's data and CLI are the prefix's (calib/share and calib/bin link to
# <prefix>/share and <prefix>/bin): a shipped system resolves under <prefix>/share/calib, and
# `python -m calib` runs <prefix>/bin/calib.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH --unset=CALIB_DATA_DIR PYTHONPATH=${WORK}/prefix/${SITE} PYTHONNOUSERSITE=1
          ${PYTHON} -c "import os, calib; d = os.path.realpath('${WORK}/prefix/share/calib'); f = os.path.realpath(calib._calib.resolve_input_path('configs/systems/bouncing_ball.toml')); assert f == d + '/configs/systems/bouncing_ball.toml', f"
  WORKING_DIRECTORY ${WORK}/elsewhere RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "the installed package does not find its data under the prefix:\n${err}")
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${WORK}/prefix/${SITE} PYTHONNOUSERSITE=1
          ${PYTHON} -m calib --help
  WORKING_DIRECTORY ${WORK}/elsewhere RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc OR NOT out MATCHES "run-all")
  message(FATAL_ERROR "python -m calib --help from the install failed (${rc}):\n${out}\n${err}")
endif()

# Installed under /usr/local, the module must land where that interpreter looks by default.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONNOUSERSITE=1
          ${PYTHON} -c "import sys; d = '/usr/local/${SITE}'; assert d in sys.path, (d, sys.path)"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "the install path under /usr/local is not on ${PYTHON}'s path:\n${err}")
endif()
