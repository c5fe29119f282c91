# PN2020 Fig. 3-7 from `calib damping-fit` results.
load sprintf('%s/common.gp', scripts)

do for [s in 'm v k'] {
  set output fig('pn2020_scaling_'.s)
  unit = (s eq 'm') ? 'm (kg)' : (s eq 'v') ? 'impact speed v (m/s)' : 'k (N/m^n)'
  num = (s eq 'm') ? 3 : (s eq 'v') ? 4 : 5
  set title sprintf('PN2020 Fig. %d(a): c_{opt} vs %s at e = 0.7 (libcalib, SI-unit ODE)', num, s)
  set xlabel unit
  set ylabel 'c_{opt} (N s/m)'
  set logscale xy
  set key outside right top
  set print caption('pn2020_scaling_'.s); print sprintf('The optimal damping c_opt against %s at e = 0.7 for several Hertz exponents n (one line per n), on log-log axes: straight lines whose slopes the slope figure compares with the exact exponents; PN2020 Fig. %d(a).', unit, num); set print
  plot for [i=0:n_scaling-1] dat('scaling_'.s) index i using 1:2 title columnheader(1)
  unset logscale xy
}

set output fig('pn2020_slopes')
set title 'PN2020 Fig. 3-5(b): fitted slopes of ln c_{opt} (libcalib) vs the exact exponents'
set xlabel 'Hertz exponent n (-)'
set ylabel 'slope (-)'
set key outside right top
set print caption('pn2020_slopes'); print 'The slopes of ln c_opt against ln m, ln v and ln k fitted by libcalib (points) and the exact exponents n/(n+1), (n-1)/(n+1) and 1/(n+1) (black lines); PN2020 Fig. 3-5(b).'; set print
plot dat('slopes') index 0 using 1:2 with points pt 7 ps 0.7 title 'beta_1 (ln m), libcalib', \
     x/(x+1) lc rgb 'black' title 'n/(n+1)', \
     dat('slopes') index 1 using 1:2 with points pt 5 ps 0.7 title 'beta_2 (ln v), libcalib', \
     (x-1)/(x+1) lc rgb 'black' dashtype 2 title '(n-1)/(n+1)', \
     dat('slopes') index 2 using 1:2 with points pt 9 ps 0.7 title 'beta_3 (ln k), libcalib', \
     1/(x+1) lc rgb 'black' dashtype 3 title '1/(n+1)'

set output fig('pn2020_copt_vs_e')
set title 'PN2020 Fig. 6: c_{opt} vs e at m = k = v = 1 (libcalib exact; dashed: eq. 49 with the paper''s alpha, beta)'
set xlabel 'coefficient of restitution e (-)'
set ylabel 'c_{opt} (N s/m)'
set key outside right top
set print caption('pn2020_copt_vs_e'); print 'The optimal damping c_opt against e at m = k = v = 1, one line per Hertz exponent n (libcalib, exact), and PN2020 eq. 49 with the paper''s alpha and beta (black dashed); PN2020 Fig. 6.'; set print
plot for [i=0:n_copt-1] dat('copt') index i using 1:2 title columnheader(1), \
     for [i=0:n_copt-1] dat('copt') index i using 1:4 dashtype 2 lc rgb 'black' title (i == 0 ? 'PN2020 eq. 49 (paper alpha, beta)' : '')

set output fig('pn2020_alpha')
set title 'PN2020 Fig. 7(a): alpha(n) of c = alpha(e^{beta} - 1)'
set xlabel 'Hertz exponent n (-)'
set ylabel 'alpha (-)'
set key outside right top
set print caption('pn2020_alpha'); print 'alpha(n) of c = alpha(e^beta - 1): libcalib''s fit at each n (points), its quartic refit (line) and PN2020 eq. 46 (black dashed); PN2020 Fig. 7(a).'; set print
plot dat('alpha_beta') using 1:2 with points pt 7 ps 0.6 title 'per-n fit (libcalib)', \
     dat('alpha_beta') using 1:6 lw 2 title 'quartic refit (libcalib)', \
     dat('alpha_beta') using 1:4 dashtype 2 lw 2 lc rgb 'black' title 'PN2020 eq. 46'

set output fig('pn2020_beta')
set title 'PN2020 Fig. 7(b): beta(n) of c = alpha(e^{beta} - 1)'
set ylabel 'beta (-)'
set key outside right top
set print caption('pn2020_beta'); print 'beta(n) of c = alpha(e^beta - 1): libcalib''s fit at each n (points), its refit p n^q + r (line) and PN2020 eq. 47 (black dashed); PN2020 Fig. 7(b).'; set print
plot dat('alpha_beta') using 1:3 with points pt 7 ps 0.6 title 'per-n fit (libcalib)', \
     dat('alpha_beta') using 1:7 lw 2 title 'p n^q + r refit (libcalib)', \
     dat('alpha_beta') using 1:5 dashtype 2 lw 2 lc rgb 'black' title 'PN2020 eq. 47'

set output fig('pn2020_fig9')
set print caption('pn2020_fig9'); print 'The restitution that the Kelvin-Voigt contact (n = 1) actually gives when its damping is set by PN2020 eq. 57 for a desired e: (a) against e, (b) its absolute error on log axes; PN2020 Fig. 9.'; set print
set multiplot layout 1,2 title 'PN2020 Fig. 9: eq. 57 (n = 1) in the exact Kelvin-Voigt restitution (eq. 55, corrected), libcalib'
set title '(a) e_{exact} vs desired e'
set xlabel 'desired restitution e (-)'
set ylabel 'e_{exact} (-)'
set key outside bottom center
set bmargin 7  # room for the legend below the x label
plot dat('fig9') using 1:2 lw 2 title 'eq. 57 -> eq. 55', x dashtype 2 lc rgb 'black' title 'e_{exact} = e'
set title '(b) absolute error'
set ylabel '|e_{exact} - e| (-)'
set logscale xy
set format y logformat
plot dat('fig9') using 1:3 lw 2 title '|e_{exact} - e|'
unset logscale xy
set format y '%g'
unset multiplot
set bmargin
