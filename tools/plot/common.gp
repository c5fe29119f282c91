# Shared settings for every libcalib figure. Variables passed by `calib plot`:
#   work (prepared .dat files), out (figure folder), ext ('png' or 'svg'), plus counts.
if (ext eq 'png') {
  set terminal pngcairo size 1100,750 enhanced font 'DejaVu Sans,12' linewidth 1.5
} else {
  set terminal svg size 1100,750 enhanced font 'DejaVu Sans,12' linewidth 1.5 background '#ffffff'
}
set grid lc rgb '#dddddd'
# Legends sit outside the plot area (every script places its own, always `outside`).
set key outside right top box opaque samplen 3 spacing 1.1
set style data lines
# Line styles: 8 colours that stay apart for colour-blind readers and from the black of the
# reference lines (Okabe-Ito without its yellow, unreadable on white, and black; plus brown and
# indigo), each with its own point type; curves 9-16 repeat the colours dashed with open
# points, 17-24 dash-dotted. Curves beyond 24 cycle. tests/report checks the distances.
colours = '#0072B2 #D55E00 #009E73 #CC79A7 #E69F00 #332288 #56B4E9 #8C564B'
filled = '7 5 9 13 11 15 7 5'
open_points = '6 4 8 12 10 14 6 4'
do for [i=1:8] {
  set linetype i lc rgb word(colours, i) lw 1.5 dt 1 pt int(word(filled, i))
  set linetype i+8 lc rgb word(colours, i) lw 1.5 dt (10,5) pt int(word(open_points, i))
  set linetype i+16 lc rgb word(colours, i) lw 1.5 dt (10,4,2,4) pt int(word(filled, i))
}
set linetype cycle 24
set datafile missing 'NaN'
logformat = '10^{%T}'
fig(name) = sprintf('%s/%s.%s', out, name, ext)
dat(name) = sprintf('%s/%s.dat', work, name)
# The report's caption of a figure, written beside it: set print caption(name); print '...'; set print
caption(name) = sprintf('%s/%s.caption', out, name)
