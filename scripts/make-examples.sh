#!/usr/bin/env bash
# Renders the README's example avatars with the real renderer (`monogram render`), so the
# pictures in the docs are exactly what the service draws. Usage: scripts/make-examples.sh [binary]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/monogram}
out=docs/examples
mkdir -p "$out"
render() { local file=$1 name=$2; shift 2; "$bin" render "$name" --config config/monogram.json "$@" -o "$out/$file"; }
render jane-roe.png "Jane Roe" --size 64 --shape circle --dpr 2
render tim-berners-lee.png "Tim Berners-Lee" --size 64 --shape circle --dpr 2
render zoe.png "Zoë Ångström" --size 64 --shape circle --dpr 2
render anna.png "Анна Петрова" --size 64 --shape circle --dpr 2
render eleni.png "Ελένη Παπαδοπούλου" --size 64 --shape circle --dpr 2
render wang.png "王小明" --size 64 --shape circle --dpr 2
render kim.png "김민준" --size 64 --shape circle --dpr 2
render sakura.png "さくら はるの" --size 64 --shape circle --dpr 2
render muhammad.png "محمد علي" --size 64 --shape circle --dpr 2
render david.png "דוד כהן" --size 64 --shape circle --dpr 2
render priya.png "प्रिया शर्मा" --size 64 --shape circle --dpr 2
render somchai.png "สมชาย ใจดี" --size 64 --shape circle --dpr 2
render family.png "👩‍👩‍👧 The Roes" --size 64 --shape circle --dpr 2 --initials "👩‍👩‍👧"
render email.png "jane.roe@example.com" --size 64 --shape circle --dpr 2
render placeholder.png "" --size 64 --shape circle --dpr 2
render square.png "Jane Roe" --size 64 --shape square --dpr 2
render rounded.png "Jane Roe" --size 64 --shape rounded --dpr 2
render squircle.png "Jane Roe" --size 64 --shape squircle --dpr 2
render hexagon.png "Jane Roe" --size 64 --shape hexagon --dpr 2
render custom.png "Jane Roe" --size 64 --shape rounded --bg FFD54F --dpr 2 --bold true
render svg-example.svg "Jane Roe" --size 64 --shape circle --format svg
render dark.png "Jane Roe" --size 64 --shape circle --dpr 2 --theme dark
render transparent.png "Jane Roe" --size 64 --dpr 2 --bg transparent
render svg-auto.svg "Jane Roe" --size 64 --shape circle --format svg --theme auto
# docs/examples/themes.png (light, dark, transparent on white and dark pages) is written by
# RECORD_GOLDENS=1 swift test --filter ThemeGoldenTests.
echo "examples written to $out"
