# LAMMPS and LIGGGHTS of Debian 12: head-on collisions with the lines `calib input-for` prints.
find_program(CALIB_LMP lmp)
find_program(CALIB_LIGGGHTS liggghts)
if(CALIB_LMP AND CALIB_LIGGGHTS)
  calib_peer_test(peers_lammps_liggghts test_peers.py)
else()
  message(WARNING "lmp or liggghts not found: peers_lammps_liggghts is not registered "
                  "(tools/setup.sh installs lammps and liggghts)")
endif()
