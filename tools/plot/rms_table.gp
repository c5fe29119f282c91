# SF2020 Fig. 3-6 and Table 2 from `calib rms-table` results (prepared by `calib plot rms-table`).
load sprintf('%s/common.gp', scripts)

set output fig('sf2020_h_vs_e')
set title 'SF2020 Fig. 3-4: damping factor h = Cv/K vs restitution e (libcalib)'
set xlabel 'coefficient of restitution e (-)'
set ylabel 'h = C v / K (-)'
set logscale y
set key outside right top
set print caption('sf2020_h_vs_e'); print 'The damping factor h that each hysteresis model sets for a restitution e (lines), the exact h of the numerical model by ODE root finding (points) and the fitted optimum h = k*(1-e)/e (dashed); SF2020 Fig. 3-4.'; set print
plot for [i=0:n_models-1] dat('h_models') index i using 1:2 title columnheader(1), \
     dat('h_num') using 1:2 with points pt 7 ps 0.5 lc rgb 'black' title 'numerical model (ODE root, libcalib)', \
     dat('h_num') using 1:3 dashtype 2 lc rgb 'black' title 'optimum h = k*(1-e)/e (libcalib fit)'
unset logscale y

set output fig('sf2020_cor_out')
set title 'SF2020 Fig. 5: output restitution when each model sets h for e_{in} (libcalib ODE)'
set xlabel 'desired restitution e_{in} (-)'
set ylabel 'simulated restitution e_{out} (-)'
set key outside right top
set print caption('sf2020_cor_out'); print 'The restitution e_out that the contact ODE gives when each model sets h for a desired e_in (lines), against e_out = e_in (dashed); SF2020 Fig. 5.'; set print
plot for [i=0:n_models-1] dat('h_models') index i using 1:3 title columnheader(1), \
     x dashtype 2 lc rgb 'black' title 'e_{out} = e_{in}'

set output fig('sf2020_cor_error')
set title 'SF2020 Fig. 6: restitution error |e_{out} - e_{in}| per model (libcalib ODE)'
set ylabel '|e_{out} - e_{in}| (-)'
set logscale y
set format y logformat
set key outside right top
set print caption('sf2020_cor_error'); print 'The restitution error |e_out - e_in| of each model on a log scale; SF2020 Fig. 6.'; set print
plot for [i=0:n_models-1] dat('h_models') index i using 1:4 title columnheader(1)
unset logscale y
set format y '%g'

set output fig('sf2020_rms_landscape')
set title sprintf('SF2020 Table 2 regenerated: RMS %% error over (a, b); iso-I* valley (I* = %.6f)', I_opt)
set xlabel 'a (-)'
set ylabel 'b (-)'
set view map
set pm3d map interpolate 4,4
set palette defined (0 '#1a9850', 1 '#fee08b', 2 '#d73027')
set logscale cb
set cbtics (10, 12, 15, 20, 30, 50, 100)
set format cb '%g'
set xrange [1:6]
set yrange [1.5:6]
set cblabel 'RMS of 100(h_{new} - h_{num})/h_{num} (%)' offset 3,0
set key at screen 0.5, 0.04 center center  # below the x axis: outside the map
set print caption('sf2020_rms_landscape'); print 'The RMS error of h over the (a, b) plane of SF2020 Table 2 (colour) and the curve I(a, b) = I* where the RMS is smallest (black).'; set print
splot dat('rms_grid') using 1:2:3 with pm3d notitle, \
      dat('iso') using 1:2:(0) with lines lw 3 lc rgb 'black' title 'I(a,b) = I* (minimum RMS, libcalib)'
unset logscale cb
unset xrange
unset yrange
set autoscale
unset pm3d
unset view

set output fig('sf2020_rms_vs_paper')
set title 'SF2020 Table 2: libcalib RMS vs the published RMS (same (a, b) cell)'
set xlabel 'published RMS (%)'
set ylabel 'libcalib RMS (%)'
set logscale xy
set key outside right top
set print caption('sf2020_rms_vs_paper'); print 'libcalib''s RMS against the published RMS, one point per (a, b) cell of SF2020 Table 2; points on the dashed diagonal agree.'; set print
plot dat('rms_grid') using 4:3 with points pt 7 ps 0.8 title 'table cells', x dashtype 2 lc rgb 'black' title 'equal'
unset logscale xy
