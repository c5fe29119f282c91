# ctest script: install, build the consumer against the install tree, run it.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "install failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE}/tests/consumer -B ${WORK}/build -G Ninja
                        -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${WORK}/prefix
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "consumer configure failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "consumer build failed (${rc})")
endif()
execute_process(COMMAND ${WORK}/build/consumer RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "consumer run failed (${rc})")
endif()
# The installed calib runs a study from an unrelated directory: its default config, the system
# files it names and the gnuplot scripts come from <prefix>/share/calib (io/resources.hpp).
file(MAKE_DIRECTORY ${WORK}/elsewhere)
execute_process(COMMAND ${WORK}/prefix/bin/calib effective-mass --out ${WORK}/elsewhere/r
                WORKING_DIRECTORY ${WORK}/elsewhere RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(rc OR NOT out MATCHES "0.4527")
  message(FATAL_ERROR "installed calib effective-mass failed (${rc}):\n${out}")
endif()
foreach(f configs/rms_table.toml datasets/materials.csv tools/plot/common.gp tools/plot/kn_fit.gp)
  if(NOT EXISTS ${WORK}/prefix/share/calib/${f})
    message(FATAL_ERROR "not installed: share/calib/${f}")
  endif()
endforeach()
