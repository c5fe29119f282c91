# PN2020 Fig. 8 generalised, from `calib validate` results: for each formula group, the worst
# |e_out - e| over the random parameter sets vs e, on the whole range (log e) and on the range
# the PN2020 formulas were fitted on (e in [0.45, 1], linear).
load sprintf('%s/common.gp', scripts)
set logscale y
set format y logformat
set ylabel 'worst |e_{out} - e| over the random parameter sets (-)'
set key outside bottom center horizontal maxrows 4 font ',10'
set bmargin 10
set xlabel offset 0,0.3
do for [g in 'linear_damper hysteresis dem'] {
  label = (g eq 'linear_damper') ? 'linear-damper formulas (PN2020 Fig. 8)' : (g eq 'hysteresis') ? 'hysteresis-family and permanent-indentation formulas' : 'DEM (Tsuji-type) mappings, clamp on/off'
  count = value('n_'.g)
  set output fig('validation_'.g)
  set print caption('validation_'.g); print sprintf('Validation of the %s: the worst |e_out - e| over the random parameter sets against the desired e, on log axes over e in [1e-4, 1]; one line per formula and clamp.', label); set print
  set title sprintf('Validation: %s, e in [1e-4, 1] (libcalib)', label)
  set xlabel 'desired restitution e (-), log scale'
  set logscale x
  set xrange [*:*]
  plot for [i=0:count-1] dat('val_'.g) index i using 1:2 with linespoints ps 0.5 title columnheader(1)
  set output fig('validation_'.g.'_fitted_range')
  set print caption('validation_'.g.'_fitted_range'); print sprintf('Validation of the %s on the range the PN2020 formulas were fitted on, e in [0.45, 1]; one line per formula and clamp.', label); set print
  set title sprintf('Validation: %s, e in [0.45, 1]', label)
  set xlabel 'desired restitution e (-)'
  unset logscale x
  set xrange [0.45:1]
  plot for [i=0:count-1] dat('val_'.g) index i using 1:2 with linespoints ps 0.5 title columnheader(1)
}
