# PINSLOT Tables 2-9, 11: K-n power laws vs the implicit laws, from `calib kn-fit` results.
load sprintf('%s/common.gp', scripts)
do for [t in tables] {
  f = 'kn_table'.t
  count = value('n_table'.t)
  name = value('title_table'.t)
  set output fig(f.'_fit')
  set title sprintf('PINSLOT Table %s (%s): implicit laws (colours) vs fitted K delta^n (thin black dashes), libcalib', t, name)
  set xlabel 'indentation delta (mm)'
  set ylabel 'force per unit length W (N/mm)'
  set logscale xy
  set key outside right top
  set print caption(f.'_fit'); print sprintf('PINSLOT Table %s (%s): the force per unit length W against the indentation for each implicit cylindrical contact law (one colour and line style per law) and the power law K delta^n fitted to it (thin black dashes), log-log.', t, name); set print
  plot for [i=0:count-1] dat(f) index i using 2:1 lw 2 title columnheader(1), \
       for [i=0:count-1] dat(f) index i using 2:3 lw 0.8 dashtype (3,3) lc rgb 'black' notitle
  set output fig(f.'_error')
  set print caption(f.'_error'); print sprintf('PINSLOT Table %s (%s): the relative error of each fitted power law against its implicit law over the force range of the fit.', t, name); set print
  set title sprintf('PINSLOT Table %s (%s): relative error of the power law, libcalib', t, name)
  set xlabel 'W (N/mm)'
  set ylabel '100 (K delta^n - W)/W (%)'
  unset logscale y
  set logscale x
  plot for [i=0:count-1] dat(f) index i using 1:4 lw 2 title columnheader(1)
  unset logscale
}
