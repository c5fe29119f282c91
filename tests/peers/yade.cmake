# Yade of Debian 12 (2023.02a), headless: head-on collisions with the lines `calib input-for yade`
# prints, both models and both geometries.
find_program(CALIB_YADE yade)
if(CALIB_YADE)
  calib_peer_test(peers_yade test_yade.py)
else()
  message(WARNING "yade not found: peers_yade is not registered (tools/setup.sh installs yade)")
endif()
