# Fails when the sweep layer's link closure (-DCLOSURE) holds Eigen or Ceres.
foreach(t IN LISTS CLOSURE)
  if(t MATCHES "Eigen|[Cc]eres|glog|calib_(models|impact|calibrate|codes|dynamics|fit)$")
    message(FATAL_ERROR "calib_sweep links ${t}; its closure: ${CLOSURE}")
  endif()
endforeach()
message(STATUS "calib_sweep links: ${CLOSURE}")
