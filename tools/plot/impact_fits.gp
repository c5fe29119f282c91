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
