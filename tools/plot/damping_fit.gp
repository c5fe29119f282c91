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
  set key top left
  plot for [i=0:n_scaling-1] dat('scaling_'.s) index i using 1:2 title columnheader(1)
  unset logscale xy
}

set output fig('pn2020_slopes')
set title 'PN2020 Fig. 3-5(b): fitted slopes of ln c_{opt} (libcalib) vs the exact exponents'
set xlabel 'Hertz exponent n (-)'
set ylabel 'slope (-)'
set key center right
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
set key top right
plot for [i=0:n_copt-1] dat('copt') index i using 1:2 title columnheader(1), \
     for [i=0:n_copt-1] dat('copt') index i using 1:4 dashtype 2 lc rgb 'black' title (i == 0 ? 'PN2020 eq. 49 (paper alpha, beta)' : '')

set output fig('pn2020_alpha')
set title 'PN2020 Fig. 7(a): alpha(n) of c = alpha(e^{beta} - 1)'
set xlabel 'Hertz exponent n (-)'
set ylabel 'alpha (-)'
set key top left
plot dat('alpha_beta') using 1:2 with points pt 7 ps 0.6 title 'per-n fit (libcalib)', \
     dat('alpha_beta') using 1:6 lw 2 title 'quartic refit (libcalib)', \
     dat('alpha_beta') using 1:4 dashtype 2 lw 2 lc rgb 'black' title 'PN2020 eq. 46'

set output fig('pn2020_beta')
set title 'PN2020 Fig. 7(b): beta(n) of c = alpha(e^{beta} - 1)'
set ylabel 'beta (-)'
set key top right
plot dat('alpha_beta') using 1:3 with points pt 7 ps 0.6 title 'per-n fit (libcalib)', \
     dat('alpha_beta') using 1:7 lw 2 title 'p n^q + r refit (libcalib)', \
     dat('alpha_beta') using 1:5 dashtype 2 lw 2 lc rgb 'black' title 'PN2020 eq. 47'

set output fig('pn2020_fig9')
set multiplot layout 1,2 title 'PN2020 Fig. 9: eq. 57 (n = 1) in the exact Kelvin-Voigt restitution (eq. 55, corrected), libcalib'
set title '(a) e_{exact} vs desired e'
set xlabel 'desired restitution e (-)'
set ylabel 'e_{exact} (-)'
set key top left
plot dat('fig9') using 1:2 lw 2 title 'eq. 57 -> eq. 55', x dashtype 2 lc rgb 'black' title 'e_{exact} = e'
set title '(b) absolute error'
set ylabel '|e_{exact} - e| (-)'
set logscale xy
set format y logformat
plot dat('fig9') using 1:3 lw 2 title '|e_{exact} - e|'
unset logscale xy
set format y '%g'
unset multiplot
