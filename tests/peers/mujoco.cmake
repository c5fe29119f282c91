# MuJoCo of Debian 12 (libmujoco-dev 2.2.2): a small C driver linked against the real library
# runs head-on collisions with the MJCF lines `calib input-for mujoco` prints (test_mujoco.py).
find_library(CALIB_MUJOCO_LIBRARY NAMES mujoco)
find_path(CALIB_MUJOCO_INCLUDE_DIR NAMES mujoco/mujoco.h)
if(CALIB_MUJOCO_LIBRARY AND CALIB_MUJOCO_INCLUDE_DIR)
  enable_language(C)
  add_executable(calib_mujoco_driver mujoco_driver.c)
  target_include_directories(calib_mujoco_driver SYSTEM PRIVATE ${CALIB_MUJOCO_INCLUDE_DIR})
  target_link_libraries(calib_mujoco_driver PRIVATE ${CALIB_MUJOCO_LIBRARY})
  calib_peer_test(peers_mujoco test_mujoco.py ENV "MUJOCO_DRIVER=$<TARGET_FILE:calib_mujoco_driver>")
else()
  message(WARNING "libmujoco or mujoco/mujoco.h not found: peers_mujoco is not registered "
                  "(tools/setup.sh installs libmujoco-dev)")
endif()
