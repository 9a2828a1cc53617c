#!/bin/sh
# Makes the storefront's two web fonts (src/assets/fonts/) from the variable fonts of
# @fontsource-variable/inter and /fraunces (SIL Open Font License 1.1, kept in src/assets/fonts/):
# the latin characters the shop's copy uses and the OpenType features it uses (kerning, marks,
# tabular figures, ligatures, contextual alternates); the whole weight axis stays (limiting it to
# 400-700 with fontTools' instancer saved 10 KB more but moved Chromium's widths by up to 3 %).
# Both load before the first paint of every page.
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli).
# Usage: sh scripts/subset-fonts.sh   (then commit the two .woff2 files; the build does not run it)
set -eu
cd "$(dirname "$0")/.."
PY=${PYTHON:-/usr/bin/python3}
UNICODES="U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2032-2033,U+20AC,U+2122,U+2190-2193,U+2212"
FEATURES="kern,mark,mkmk,tnum,ccmp,locl,liga,rvrn,calt"
for name in inter fraunces; do
  src="node_modules/@fontsource-variable/$name/files/$name-latin-wght-normal.woff2"
  "$PY" -m fontTools.subset "$src" --unicodes="$UNICODES" --layout-features="$FEATURES" --flavor=woff2 --output-file="src/assets/fonts/$name-latin-wght.woff2"
done
cp node_modules/@fontsource-variable/inter/LICENSE src/assets/fonts/LICENSE-inter.txt
cp node_modules/@fontsource-variable/fraunces/LICENSE src/assets/fonts/LICENSE-fraunces.txt
ls -l src/assets/fonts
