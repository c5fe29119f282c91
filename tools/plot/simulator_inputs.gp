# From `calib simulator-inputs` results: for each family of codes, the restitution the
# code achieves when its user types the target e itself (lines), and with the value
# `calib input-for` gives instead (points on the diagonal; missing where unreachable).
load sprintf('%s/common.gp', scripts)
set xlabel 'target restitution e typed (-)'
set ylabel 'restitution the code achieves (-)'
set xrange [0:1]
set yrange [0:1]
set key outside bottom center horizontal maxcols 2 font ',9' noenhanced
set bmargin 12
set xlabel offset 0,0.3
do for [f in 'lammps liggghts chrono dem multibody'] {
  count = value('n_'.f)
  label = (f eq 'dem') ? 'Yade, MercuryDPM, MFiX, Kratos' : (f eq 'multibody') ? 'Exudyn, MBDyn (Hunt-Crossley type), MuJoCo' : f
  set output fig('achieved_'.f)
  set print caption('achieved_'.f); print sprintf('%s: the restitution each code input achieves when its user types the target e (lines, one per code, model, version and clamp), and with the value libcalib gives to type instead (open points, on the diagonal; missing where no value reaches e).', label); set print
  set title sprintf("%s:\ne achieved when typing e (lines) and with the corrected input (points)", label)
  plot x with lines dt 3 lc rgb '#999999' title 'achieved = typed', \
       for [i=0:count-1] dat('typed_'.f) index i using 1:2 with linespoints lt i+1 ps 0.6 title columnheader(1), \
       for [i=0:count-1] dat('corrected_'.f) index i using 1:2 with points lt i+1 pt 6 ps 1.4 notitle
}
