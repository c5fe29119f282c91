# Nikravesh & Poursina Fig. 10 and Example 1, from `calib effective-mass-study` results.
load sprintf('%s/common.gp', scripts)
set output fig('np_fig10')
set print caption('np_fig10'); print 'The slider-crank of NP Example 4 over the crank angle: (a) the effective mass at the contact by eq. 28, (b) the apparent mass of body 2, with the values NP prints (black points); NP Fig. 10.'; set print
set multiplot layout 1,2 title 'NP Fig. 10: slider-crank (Example 4), libcalib eq. 28'
set title '(a) effective mass'
set xlabel 'crank angle theta_1 (deg)'
set ylabel 'm_{eff} (kg)'
set key outside bottom center font ',10'
plot dat('fig10') using 1:2 lw 2 title 'm_{eff} (libcalib)', \
     '-' with points pt 7 ps 1.2 lc rgb 'black' title 'NP: 0.8015 at 30 deg, 1.0 at 0 deg'
30 0.8015
0 1.0
e
set title '(b) apparent mass of body 2'
set ylabel 'm_{app-2} (kg)'
set logscale y
set key outside bottom center
plot dat('fig10') using 1:3 lw 2 title 'm_{app-2} (libcalib; infinite at 0 deg)', \
     '-' with points pt 7 ps 1.2 lc rgb 'black' title 'NP: 4.04 at 30 deg'
30 4.04
e
unset logscale y
unset multiplot

set output fig('np_example1')
set title 'NP Example 1: pendulum hitting a wall, m = 1 kg, L = 1 m'
set xlabel 'rod angle from the vertical theta (deg)'
set ylabel 'm_{eff} (kg)'
set logscale y
set key outside right top
set print caption('np_example1'); print 'The effective mass of the pendulum of NP Example 1 against its rod angle: libcalib by eq. 28 (points) and the closed form m/(3 cos^2 theta) of NP eq. 40 (black line).'; set print
plot dat('example1') using 1:2 with points pt 7 ps 0.6 title 'libcalib (eq. 28)', \
     1.0/(3*cos(x*pi/180)**2) lc rgb 'black' title 'NP eq. 40: m/(3 cos^2 theta)'
