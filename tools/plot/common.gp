# Shared settings for every libcalib figure. Variables passed by `calib plot`:
#   work (prepared .dat files), out (figure folder), ext ('png' or 'svg'), plus counts.
if (ext eq 'png') {
  set terminal pngcairo size 1100,750 enhanced font 'DejaVu Sans,12' linewidth 1.5
} else {
  set terminal svg size 1100,750 enhanced font 'DejaVu Sans,12' linewidth 1.5 background '#ffffff'
}
set grid lc rgb '#dddddd'
set key box opaque samplen 2 spacing 1.1
set style data lines
# 12 distinguishable colours (Okabe-Ito + Tableau), then dashed repeats.
colours = '#0072B2 #D55E00 #009E73 #CC79A7 #E69F00 #56B4E9 #000000 #8C564B #7F7F7F #BCBD22 #1F3A93 #E41A1C'
do for [i=1:12] { set linetype i lc rgb word(colours, i) lw 1.5 dt 1 }
do for [i=13:24] { set linetype i lc rgb word(colours, i-12) lw 1.5 dt 2 }
set linetype cycle 24
set datafile missing 'NaN'
logformat = '10^{%T}'
fig(name) = sprintf('%s/%s.%s', out, name, ext)
dat(name) = sprintf('%s/%s.dat', work, name)
