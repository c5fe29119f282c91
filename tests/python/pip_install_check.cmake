# ctest script: `pip install --no-build-isolation .` of the source tree into a fresh venv created
# with --system-site-packages (Debian's setuptools, numpy), offline (--no-index), reusing this
# build folder for the extension; then import calib from another directory with the venv's
# python alone and compute one number (c_opt of tests/python's CLI comparison).
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${PYTHON} -m venv --system-site-packages ${WORK}/venv RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "python3 -m venv failed (${rc}): tools/setup.sh installs python3-venv")
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env CALIB_CMAKE_BUILD_DIR=${BUILD}
          ${WORK}/venv/bin/pip install --no-build-isolation --no-deps --no-index ${SOURCE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "pip install . failed (${rc}):\n${out}\n${err}")
endif()
file(MAKE_DIRECTORY ${WORK}/elsewhere)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONNOUSERSITE=1
          ${WORK}/venv/bin/python -c "import calib; assert calib.__file__.startswith('${WORK}/venv'), calib.__file__; print(calib.__file__, calib.c_opt(0.7, m=2.0, k=1e7, v=0.3, n=1.5))"
  WORKING_DIRECTORY ${WORK}/elsewhere RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "import calib from the pip install failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "${out}")
