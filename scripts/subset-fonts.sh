#!/usr/bin/env bash
# Regenerates app/fonts/ from the @fontsource-variable files (their Latin subset, upright), with fontTools
# (`pip install fonttools brotli`; not needed by the build, which uses the committed files). See decision 0098.
# Inter stays the @fontsource file: cutting its weight axis to 400–700 (36 KB instead of 48) changed its advance widths
# enough to rewrap a product title at 390 px, so it was not kept.
# - Fraunces: one static instance at 600 (every heading is semibold): 37 → 18 KB. The variable file still serves the
#   other weights (the error page's heading), declared for 100–500 only, so the site never downloads it.
set -euo pipefail
cd "$(dirname "$0")/.."
FONTTOOLS="${FONTTOOLS:-fonttools}"
PYTHON="${PYTHON:-python3}"
src=node_modules/@fontsource-variable
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
instance() { # source, axis limits, output
  "$FONTTOOLS" varLib.instancer "$1" "$2" -q -o "$tmp/out.ttf"
  "$PYTHON" -c 'import sys; from fontTools.ttLib import TTFont; f = TTFont(sys.argv[1]); f.flavor = "woff2"; f.save(sys.argv[2])' "$tmp/out.ttf" "$3"
}
instance "$src/fraunces/files/fraunces-latin-wght-normal.woff2" wght=600 app/fonts/fraunces-latin-600.woff2
ls -l app/fonts
