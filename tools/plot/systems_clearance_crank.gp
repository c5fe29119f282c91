# The clearance slider-crank of `calib systems`, loaded by systems.gp: the journal centre's path
# in the clearance circle, the contact force and the slider acceleration (clearance joint and
# ideal joint) against the crank angle. Variables: clearance_mm, clearance_ratio_max,
# clearance_dt_us (the series' spacing), clearance_angle_min/max (its crank angles, deg).
revolutions = (clearance_angle_max - clearance_angle_min) / 360.0
set output fig('slider_crank_clearance_orbit')
set print caption('slider_crank_clearance_orbit'); print sprintf('The clearance slider-crank over %.3g crank revolutions: the path of the journal centre relative to the bearing centre, inside the circle of the radial clearance (%g mm); beyond the circle the journal penetrates the bearing (largest eccentricity %.3f times the clearance).', revolutions, clearance_mm, clearance_ratio_max); set print
set title 'Clearance slider-crank: journal centre relative to the bearing centre'
set xlabel 'x eccentricity (mm)'
set ylabel 'y eccentricity (mm)'
set key outside right top
set size ratio -1
plot dat('clearance_orbit') index 0 using ($1*1e3):($2*1e3) with lines lc rgb 'black' dt 2 title 'clearance circle', \
     '' index 1 using ($1*1e3):($2*1e3) with lines lt 1 title 'journal centre'
set size noratio
set output fig('slider_crank_clearance_force')
set print caption('slider_crank_clearance_force'); print sprintf('The clearance slider-crank: the contact force between journal and bearing against the crank angle over %.3g revolutions, sampled every %g microseconds (the peak forces of the contact table are located between samples).', revolutions, clearance_dt_us); set print
set title 'Clearance slider-crank: contact force in the rod-slider joint'
set xlabel 'crank angle (deg)'
set ylabel 'contact force (kN)'
set xrange [clearance_angle_min:clearance_angle_max]
set xtics 90
plot dat('clearance_force') using 1:($2*1e-3) with lines lt 1 title 'contact force'
set output fig('slider_crank_clearance_acceleration')
set print caption('slider_crank_clearance_acceleration'); print 'The clearance slider-crank: the slider acceleration against the crank angle with the clearance joint (spikes at every contact) and with an ideal revolute joint in its place (the same mechanism, the same crank motion).'; set print
set title 'Clearance slider-crank: slider acceleration, clearance joint vs ideal joint'
set ylabel 'slider acceleration (km/s^2)'
plot dat('clearance_acceleration') index 0 using 1:($2*1e-3) with lines lt 1 title 'clearance joint', \
     '' index 1 using 1:($2*1e-3) with lines lt 2 lw 2.5 title 'ideal joint'
unset xrange
set xtics autofreq
