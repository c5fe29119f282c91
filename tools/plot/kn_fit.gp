# PINSLOT Tables 2-9, 11: K-n power laws vs the implicit laws, from `calib kn-fit` results.
load sprintf('%s/common.gp', scripts)
do for [t in tables] {
  f = 'kn_table'.t
  count = value('n_table'.t)
  name = value('title_table'.t)
  set output fig(f.'_fit')
  set title sprintf('PINSLOT Table %s (%s): implicit law (solid) vs fitted K delta^n (dashed), libcalib', t, name)
  set xlabel 'indentation delta (mm)'
  set ylabel 'force per unit length W (N/mm)'
  set logscale xy
  set key top left
  plot for [i=0:count-1] dat(f) index i using 2:1 lw 2 title columnheader(1), \
       for [i=0:count-1] dat(f) index i using 2:3 dashtype 2 lc rgb 'black' notitle
  set output fig(f.'_error')
  set title sprintf('PINSLOT Table %s (%s): relative error of the power law, libcalib', t, name)
  set xlabel 'W (N/mm)'
  set ylabel '100 (K delta^n - W)/W (%)'
  unset logscale y
  set logscale x
  plot for [i=0:count-1] dat(f) index i using 1:4 lw 2 title columnheader(1)
  unset logscale
}
