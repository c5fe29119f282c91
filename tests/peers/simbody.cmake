# Simbody of Debian 12 (libsimbody-dev 3.7): head-on impacts with the function that
# `calib input-for simbody` prints, in a driver built against the installed library.
find_package(Simbody CONFIG QUIET)
if(NOT Simbody_FOUND)
  message(WARNING "Simbody (SimbodyConfig.cmake) not found: peers_simbody is not registered "
                  "(tools/setup.sh installs libsimbody-dev)")
  return()
endif()
add_executable(simbody_driver simbody_driver.cpp)
# Simbody 3.7's headers do not compile as C++20 (ambiguous rewritten operator== on its index
# types), so the driver and the snippet check are C++17.
set_target_properties(simbody_driver PROPERTIES CXX_STANDARD 17)
target_link_libraries(simbody_driver PRIVATE ${Simbody_LIBRARIES})
# test_simbody.py also compiles the driver once per geometry with the printed snippet pasted
# verbatim, with the same compiler, headers and libraries.
calib_peer_test(peers_simbody test_simbody.py ENV
  "CALIB_SIMBODY_DRIVER=$<TARGET_FILE:simbody_driver>"
  "CALIB_SIMBODY_DRIVER_SOURCE=${CMAKE_CURRENT_SOURCE_DIR}/simbody_driver.cpp"
  "CALIB_SIMBODY_CXX=${CMAKE_CXX_COMPILER}"
  "CALIB_SIMBODY_INCLUDE=${Simbody_INCLUDE_DIR}"
  "CALIB_SIMBODY_LIBS=$<TARGET_FILE:SimTKsimbody> $<TARGET_FILE:SimTKmath> $<TARGET_FILE:SimTKcommon>")
