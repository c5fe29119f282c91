# Loaded by systems.gp: the PINSLOT Scotch-yoke bench over the second crank revolution against
# the relative crank angle, one line per K-n model (PINSLOT Figs. 11-16). Blocks of
# yoke_series.dat: angle [deg], force [N], penetration [m], slider x [m], v [m/s], a [m/s^2].
if (n_yoke_models > 0) {
  set key outside right top font ',10' noenhanced
  set xlabel 'relative crank angle (deg)'
  set xrange [0:360]
  set xtics 30
  set output fig('scotch_yoke_force')
  set print caption('scotch_yoke_force'); print 'The PINSLOT Scotch yoke over the second crank revolution: the pin-slot contact force against the relative crank angle, one line per K-n model of PINSLOT Table 11 (K and n fitted by libcalib); PINSLOT Fig. 11.'; set print
  set title 'PINSLOT Fig. 11: contact force, second crank revolution (libcalib)'
  set ylabel 'contact force (N)'
  plot for [j=0:n_yoke_models-1] dat('yoke_series') index j using 1:2 with lines title columnheader(1)
  set output fig('scotch_yoke_penetration')
  set print caption('scotch_yoke_penetration'); print 'The PINSLOT Scotch yoke: the pin''s penetration into the slot''s wall against the relative crank angle, negative where the pin is off the wall (the gap to the nearer track), one line per K-n model; PINSLOT Fig. 12.'; set print
  set title 'PINSLOT Fig. 12: penetration (< 0: gap to the nearer track)'
  set ylabel 'penetration (um)'
  plot for [j=0:n_yoke_models-1] dat('yoke_series') index j using 1:($3*1e6) with lines title columnheader(1)
  set xrange [40:120]
  set xtics 10
  set output fig('scotch_yoke_penetration_detail')
  set print caption('scotch_yoke_penetration_detail'); print 'The PINSLOT Scotch yoke between 40 and 120 degrees of relative crank angle, after the pin has crossed to the inner track: penetration per K-n model, showing each model''s impact frequency; PINSLOT Fig. 13.'; set print
  set title 'PINSLOT Fig. 13: penetration, detail of the impact phase'
  set yrange [0:*]
  plot for [j=0:n_yoke_models-1] dat('yoke_series') index j using 1:($3*1e6) with lines title columnheader(1)
  set output fig('scotch_yoke_force_detail')
  set print caption('scotch_yoke_force_detail'); print 'The PINSLOT Scotch yoke between 40 and 120 degrees of relative crank angle: the contact force of the impacts per K-n model; PINSLOT Fig. 14.'; set print
  set title 'PINSLOT Fig. 14: contact force, detail of the impact phase'
  set ylabel 'contact force (N)'
  plot for [j=0:n_yoke_models-1] dat('yoke_series') index j using 1:2 with lines title columnheader(1)
  set autoscale
  set xtics autofreq
  set output fig('scotch_yoke_hysteresis')
  set print caption('scotch_yoke_hysteresis'); print 'The PINSLOT Scotch yoke: contact force against penetration over one contact and its rebound per K-n model, the contact of the second revolution that reaches the largest force; PINSLOT Fig. 15.'; set print
  set title 'PINSLOT Fig. 15: hysteresis of the hardest impact of the second revolution'
  set xlabel 'penetration (um)'
  plot for [j=0:n_yoke_loops-1] dat('yoke_loops') index j using ($1*1e6):2 with lines title columnheader(1)
  set output fig('scotch_yoke_slider')
  set print caption('scotch_yoke_slider'); print 'The PINSLOT Scotch yoke: the slotted slider''s position, velocity and acceleration against the relative crank angle, one line per K-n model; PINSLOT Fig. 16.'; set print
  unset title
  set multiplot layout 3,1 title 'PINSLOT Fig. 16: slotted slider kinematics, second crank revolution (libcalib)'
  set xrange [0:360]
  set xtics 30
  set xlabel ''
  set ylabel 'position (mm)'
  plot for [j=0:n_yoke_models-1] dat('yoke_series') index j using 1:($4*1e3) with lines title columnheader(1)
  set ylabel 'velocity (m/s)'
  plot for [j=0:n_yoke_models-1] dat('yoke_series') index j using 1:5 with lines title columnheader(1)
  set xlabel 'relative crank angle (deg)'
  set ylabel 'acceleration (m/s^2)'
  plot for [j=0:n_yoke_models-1] dat('yoke_series') index j using 1:6 with lines title columnheader(1)
  unset multiplot
}
