# From `calib systems` results: SF2020 Figs. 8-11 (bouncing ball F-delta loops per
# c_r, every law), Figs. 14-17 (impact damper envelope per gap) and Fig. 13 (20 mm response).
load sprintf('%s/common.gp', scripts)
set key outside right top font ',10' noenhanced
do for [i=0:n_cr-1] {
  cr = value('cr_'.i)
  set output fig(sprintf('bouncing_ball_loops_cr%d', i))
  set print caption(sprintf('bouncing_ball_loops_cr%d', i)); print sprintf('The SF2020 bouncing ball''s first contact with every law calibrated to c_r = %g: contact force against penetration (one loop per law), with gravity acting during the contact; SF2020 Figs. 8-11.', cr); set print
  set title sprintf('SF2020 bouncing ball, first contact, c_r = %g (libcalib, gravity on)', cr)
  set xlabel 'penetration delta (mm)'
  set ylabel 'contact force F (kN)'
  count = value('n_loops_'.i)
  plot for [j=0:count-1] dat(sprintf('loops_%d', i)) index j using ($1*1e3):($2*1e-3) with lines title columnheader(1)
}
set output fig('impact_damper_envelope')
set title 'SF2020 impact damper: amplitude of x_M (peaks of |x_M|) per gap'
set xlabel 'time (s)'
set ylabel 'amplitude of x_M (mm)'
set key outside right top
set print caption('impact_damper_envelope'); print 'The SF2020 impact damper: the amplitude of the main mass (peaks of |x_M|) over time, one line per gap; SF2020 Figs. 14-17.'; set print
plot for [j=0:n_gaps-1] dat('envelope') index j using 1:($2*1e3) with lines title columnheader(1)
set output fig('impact_damper_response_20mm')
set print caption('impact_damper_response_20mm'); print 'The SF2020 impact damper with a 20 mm gap: the impact mass between the two stops of the main mass over time; SF2020 Fig. 13.'; set print
set title 'SF2020 Fig. 13: impact mass and the two stops, gap 20 mm'
set ylabel 'position (mm)'
plot dat('response') using 1:($2*1e3) with lines title 'impact mass x_m', \
     '' using 1:($3*1e3) with lines title 'left stop x_M - d/2', \
     '' using 1:($4*1e3) with lines title 'right stop x_M + d/2'
set output fig('slider_crank_positions')
set title 'SF2020 Fig. 19: positions of the slider and the free block (both crank readings)'
set ylabel 'position (m)'
set key outside right top
set print caption('slider_crank_positions'); print 'The SF2020 slider-crank and the free block it strikes: their positions over time, for a free crank started at 200 rad/s and for a crank driven at 200 rad/s; SF2020 Fig. 19.'; set print
plot for [j=0:n_crank-1] dat('crank') index j using 1:2 with lines lt 2*j+1 title sprintf('slider, %s', j == 0 ? 'free crank' : 'driven crank'), \
     for [j=0:n_crank-1] dat('crank') index j using 1:3 with lines lt 2*j+2 title sprintf('block, %s', j == 0 ? 'free crank' : 'driven crank')
set output fig('slider_crank_velocities')
set print caption('slider_crank_velocities'); print 'The SF2020 slider-crank and the free block: their velocities over time under both readings of the crank''s 200 rad/s; SF2020 Fig. 20.'; set print
set title 'SF2020 Fig. 20: velocities of the slider and the free block (both crank readings)'
set ylabel 'velocity (m/s)'
plot for [j=0:n_crank-1] dat('crank') index j using 1:4 with lines lt 2*j+1 title sprintf('slider, %s', j == 0 ? 'free crank' : 'driven crank'), \
     for [j=0:n_crank-1] dat('crank') index j using 1:5 with lines lt 2*j+2 title sprintf('block, %s', j == 0 ? 'free crank' : 'driven crank')
set output fig('two_pendulums_omegas')
unset title
set multiplot layout 2,1 title 'PN2020 Fig. 11: two pendulums, e = 0.3, n = 3/2, k = 1e8 (libcalib)'
set xlabel 'time (s)'
set key outside right top font ',9'
set print caption('two_pendulums_omegas'); print 'The two pendulums of PN2020 (e = 0.3, n = 3/2, k = 1e8): the angular velocities of both rods over time, one line per contact method; PN2020 Fig. 11.'; set print
set ylabel 'dtheta_1/dt (rad/s)'
plot for [j=0:n_pendulum_methods-1] dat('pendulums') index j using 1:2 with lines title columnheader(1)
set ylabel 'dtheta_2/dt (rad/s)'
plot for [j=0:n_pendulum_methods-1] dat('pendulums') index j using 1:3 with lines title columnheader(1)
unset multiplot
load sprintf('%s/systems_clearance_crank.gp', scripts)
load sprintf('%s/systems_scotch_yoke.gp', scripts)
