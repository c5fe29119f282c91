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

# Installed under /usr/local, the module must land where that interpreter looks by default.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONNOUSERSITE=1
          ${PYTHON} -c "import sys; d = '/usr/local/${SITE}'; assert d in sys.path, (d, sys.path)"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "the install path under /usr/local is not on ${PYTHON}'s path:\n${err}")
endif()
