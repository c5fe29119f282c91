# impact-fits: the recovery of the damping, z = (fitted - true)/standard error per curve.
load sprintf('%s/common.gp', scripts)
set output fig('z_scores')
set print caption('z_scores'); print 'Synthetic restitution curves with noise, fitted by the law that made them: the fitted damping minus the true damping, in units of the fit''s standard error, one point per curve; the black lines at -2 and +2 bound the range that should hold about 95 % of the points.'; set print
set title 'Recovery of the damping on synthetic e(v) curves'
set xlabel 'generating law'
set ylabel '(fitted - true) / standard error'
set xrange [0.5:n_laws+0.5]
set xtics ()
do for [i=1:n_laws] { set xtics add (word(law_names, i) i) }
set key outside right top
plot for [i=0:n_laws-1] dat('z_scores') index i using 1:2 with points title columnheader(1), \
     2 lc rgb 'black' dt 2 title 'z = -2 and +2', \
     -2 lc rgb 'black' dt 2 notitle

# Impact records (when the study ran its [record] part): one record per generating law, the
# data with the four fitted laws over it, then each law's residuals in units of the noise sigma.
if (has_records) {
  unit = record_quantity eq 'force' ? 'contact force F [N]' : 'approach delta [m]'
  reset
  load sprintf('%s/common.gp', scripts)
  set output fig('record_fits')
  set print caption('record_fits'); print sprintf('Synthetic impact records (%s; the exact trajectory at known parameters plus Gaussian noise), one per generating law: the recorded %s (black points) and the four laws fitted to it with stiffness, exponent, damping and the instant of first touch free.', record_kind, record_quantity); set print
  set multiplot layout 2,2 title 'Impact records and the four fitted laws (synthetic)'
  set xlabel 'time t [us]'
  set xtics 40
  set ylabel unit
  set key outside right top font ',9'
  do for [i=0:n_laws-1] {
    set title sprintf('made by %s', word(law_names, i+1))
    plot for [j=0:n_laws-1] dat('record_fits') index n_laws*i+j using ($1*1e6):2 with lines lt j+1 title columnheader(1), \
         dat('record_data') index i every 4 using ($1*1e6):2 with points pt 7 ps 0.3 lc rgb 'black' title 'record'
  }
  unset multiplot
  set output fig('record_residuals')
  set print caption('record_residuals'); print sprintf('Residuals of the four laws fitted to one synthetic impact record per generating law (%s, the records drawn with their fits in the figure of the fitted laws), model minus data in units of the noise standard deviation: the law that made the record leaves noise of about plus or minus 2, a wrong law a pattern in time.', record_kind); set print
  set multiplot layout 2,2 title 'Residuals of the fits to the impact records (synthetic)'
  set xlabel 'time t [us]'
  set xtics 40
  set ylabel 'residual / sigma'
  set key outside right top font ',9'
  do for [i=0:n_laws-1] {
    set title sprintf('made by %s', word(law_names, i+1))
    plot for [j=0:n_laws-1] dat('record_fits') index n_laws*i+j using ($1*1e6):3 with lines lt j+1 title columnheader(1)
  }
  unset multiplot
}

# Measured restitution curves (when the study ran its [[published]] part): the published points
# and the four laws fitted to them, one panel per curve.
if (n_published > 0) {
  reset
  load sprintf('%s/common.gp', scripts)
  set output fig('published_fits')
  set print caption('published_fits'); print 'Measured restitution curves (not synthetic; their sources are cited in the text): the published coefficient of restitution e against the impact speed (black points) and the four laws fitted to it with the stiffness and the exponent fixed, as the command-line fit with all four laws fits it.'; set print
  set multiplot layout 1,n_published title 'Measured e(v) and the four fitted laws'
  set xlabel 'impact speed v [m/s]'
  set ylabel 'coefficient of restitution e'
  set key outside right top font ',10'
  do for [d=0:n_published-1] {
    set title sprintf('%s (measured)', word(published_labels, d+1)) noenhanced
    plot for [j=0:3] dat('published_fits') index 4*d+j using 1:2 with lines lt j+1 title columnheader(1), \
         dat('published_data') index d using 1:2 with points pt 7 ps 1.2 lc rgb 'black' title 'measured'
  }
  unset multiplot
}
