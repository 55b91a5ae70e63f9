#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ and runs each for FUZZ_SECONDS (default 60).
#
#   scripts/fuzz.sh                 # every target
#   scripts/fuzz.sh options         # one target
#   FUZZ_SECONDS=600 FUZZ_JOBS=2 scripts/fuzz.sh http-parser
#
# SwiftPM cannot build a libFuzzer binary in the normal build, so each harness is compiled by
# swiftc together with the source files of the module it tests (as one module, so internal API
# is visible): -sanitize=fuzzer,address links libFuzzer's main and ASan. Corpora start from the
# checked-in seeds in Fuzz/corpus/<target>/ and grow in .build/fuzz/corpus/<target>/ (not
# checked in); crashes land in .build/fuzz/artifacts/<target>/ and the run fails. Every crash
# is then turned into a regression test (see docs/hardening.md).
#
# `canonical-keys` checks that different requests never share a cache key (any field text);
# `config-json` the strict JSON check of configuration files.
#
# The picture targets parse origin bytes: header values (Cache-Control), picture URLs, JPEG
# metadata (EXIF, scan structure) and the PNG/JPEG/WebP decoders. `decoders` also needs
# MonogramCore's PictureBitmap and the C target: its sources are copied with their imports of
# sibling modules removed (one module again), and Sources/CPictures is compiled by clang with
# the same sanitizers and reached through a generated module map.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

export SWIFT_BACKTRACE=enable=no
SECONDS_PER_TARGET="${FUZZ_SECONDS:-60}"
JOBS="${FUZZ_JOBS:-1}"
OUT=.build/fuzz
ALL_TARGETS=(http-parser options initials picture-headers picture-url exif decoders signature directory-csv connection-machine png-writer canonical-keys config-json purge)
TARGETS=("${@:-${ALL_TARGETS[@]}}")

harness_for() {
    case "$1" in
        http-parser) echo Fuzz/HTTPParser/main.swift ;;
        options) echo Fuzz/Options/main.swift ;;
        initials) echo Fuzz/Initials/main.swift ;;
        picture-headers) echo Fuzz/PictureHeaders/main.swift ;;
        picture-url) echo Fuzz/PictureURL/main.swift ;;
        exif) echo Fuzz/Exif/main.swift ;;
        decoders) echo Fuzz/Decoders/main.swift ;;
        signature) echo Fuzz/Signature/main.swift ;;
        directory-csv) echo Fuzz/DirectoryCSV/main.swift ;;
        connection-machine) echo Fuzz/ConnectionMachine/main.swift ;;
        png-writer) echo Fuzz/PNGWriter/main.swift ;;
        canonical-keys) echo Fuzz/CanonicalKeys/main.swift ;;
        config-json) echo Fuzz/ConfigJSON/main.swift ;;
        purge) echo Fuzz/Purge/main.swift ;;
        *) echo "unknown fuzz target: $1 (known: ${ALL_TARGETS[*]})" >&2; exit 2 ;;
    esac
}

# Copies `files` into $OUT/src/<name> without their imports of our other modules (a harness is
# one module), then lists the copies.
one_module() {
    local dir="$OUT/src/$1"
    shift
    mkdir -p "$dir"
    for file in "$@"; do
        sed -E '/^(public |internal )?import (MonogramCore|MonogramSync|MonogramCrypto)$/d' "$file" > "$dir/$(basename "$file")"
    done
    ls "$dir"/*.swift
}

# The module sources a harness is compiled with; the parser files need neither CSystem nor Glibc.
sources_for() {
    case "$1" in
        http-parser)
            ls Sources/MonogramHTTP/Parser/*.swift Sources/MonogramHTTP/Message/HTTPStatus.swift \
                Sources/MonogramHTTP/Message/HTTPDate.swift Sources/MonogramHTTP/Message/HTTPDate+Parse.swift ;;
        # The cache and the worker pool need MonogramSync's locks and
        # are not reached by these harnesses; the canonical key's writer needs its TwoPassBytes.
        options | initials)
            one_module "$1" $(find Sources/MonogramCore -name '*.swift' | sort | grep -v -e /LRUCache.swift -e /LRUList.swift -e /WorkerPool.swift -e /ClientBudgetTable.swift) \
                Sources/MonogramSync/{TwoPassBytes,MemoryBudget,Locked}.swift ;;
        # Every cache key: MonogramCore's options and answer keys, and the pure /gravatar files
        # that parse a query and name a drawing (the harness spells Digest.hex: its file needs
        # libcrypto).
        canonical-keys)
            one_module "$1" $(find Sources/MonogramCore -name '*.swift' | sort | grep -v -e /LRUCache.swift -e /LRUList.swift -e /WorkerPool.swift) \
                Sources/MonogramSync/TwoPassBytes.swift \
                Sources/MonogramGravatar/{GravatarPlan,GravatarQuery,GravatarHash,Identicon,RedirectTarget}.swift \
                Sources/MonogramGravatar/Directory/{DirectoryEntry,DirectoryRows,CSVReader}.swift ;;
        # The strict JSON check of configuration files: one pure file.
        config-json) echo Sources/MonogramService/Configuration/Loading/StrictJSON.swift ;;
        # The sans-I/O connection lifecycle with the parser and the message types it queues
        # (none of them needs CSystem or Glibc sockets; the head writer needs TwoPassBytes).
        connection-machine)
            one_module "$1" Sources/MonogramHTTP/Parser/*.swift Sources/MonogramHTTP/Connection/*.swift \
                Sources/MonogramHTTP/Message/{HTTPStatus,HTTPResponse,HTTPHeadWriter,HTTPAccessNote}.swift \
                Sources/MonogramSync/{TwoPassBytes,MemoryBudget,Locked}.swift ;;
        # The /gravatar directory's CSV reader and row rules: pure Swift, no crypto or files.
        directory-csv) ls Sources/MonogramGravatar/Directory/CSVReader.swift Sources/MonogramGravatar/Directory/DirectoryRows.swift ;;
        picture-headers) echo Sources/MonogramPictures/Fetching/CacheLifetime.swift ;;
        picture-url)
            ls Sources/MonogramPictures/Fetching/{PictureURL,AllowList,AddressPolicy}.swift Sources/MonogramPictures/PictureError.swift ;;
        exif) ls Sources/MonogramPictures/Decoding/{ExifOrientation,JPEGStructure}.swift ;;
        decoders)
            one_module decoders Sources/MonogramPictures/Decoding/{PictureDecoder,PictureHeader,PictureFormat,ExifOrientation,JPEGStructure,PictureGeometry}.swift \
                Sources/MonogramPictures/PictureError.swift \
                Sources/MonogramCore/Support/PictureBitmap.swift ;;
        # Our PNG writer and the WebP encoder with what they need of MonogramRender, plus the
        # round-trip test's image generator and checks, the test codecs (strict decoders, the
        # libpng encoder) and the frozen reference encoder they compare against (one module:
        # their imports removed).
        png-writer)
            local dir="$OUT/src/png-writer"
            rm -rf "$dir"
            mkdir -p "$dir"
            ls Sources/MonogramRender/Encoding/Deflate/{RunDeflate*,DeflateScratch,BitWriter,HuffmanCode*,HuffmanWork}.swift \
                Sources/MonogramRender/Encoding/{PNGWriter*,PaletteBuilder,StraightPixels*,PixelCache,EncoderOutput}.swift \
                Sources/MonogramRender/Codecs/{PNGCodec,RGBAImage,WebPCodec}.swift Sources/MonogramRender/Drawing/CairoSurface.swift \
                Sources/MonogramRender/{RenderError,RenderError+Cairo}.swift
            for file in Tests/MonogramRenderTests/Encoding/{StructuredImage,EncoderRoundTrip,ReferencePNG,ReferenceRunDeflate}.swift \
                Tests/Support/MonogramRenderTestSupport/{PNGCodec+Libpng,PNGWriter+Check,WebPCodec+Decode}.swift; do
                sed -E '/^(@testable |package )?import (MonogramRender|MonogramRenderTestSupport|Testing)$/d' "$file" > "$dir/$(basename "$file")"
            done
            ls "$dir"/*.swift ;;
        # URL signatures and client addresses: the pure files (Digest needs libcrypto; the
        # bucket table needs MonogramSync).
        # The body of POST /purge: its parser, the tag text and the percent-decoding it uses.
        purge)
            one_module purge Sources/MonogramCore/Keys/{PurgeRequest,CacheTag}.swift Sources/MonogramCore/Colour/ColorKey.swift \
                Sources/MonogramCore/Options/{PathSegment,OptionsError}.swift Sources/MonogramCore/Initials/String+NFC.swift ;;
        signature)
            ls Sources/MonogramCrypto/Base64URL.swift Sources/MonogramCrypto/SignedTarget.swift Sources/MonogramCrypto/SignedExpiry.swift \
                Sources/MonogramService/Admission/ClientBudget/{ClientKey,ClientAddress}.swift ;;
    esac
}

# Extra swiftc arguments: the C target for `decoders` (compiled here with ASan and coverage).
c_flags_for() {
    case "$1" in
        decoders)
            local dir="$OUT/cpictures"
            mkdir -p "$dir"
            clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CPictures/include \
                -c Sources/CPictures/cpictures.c -o "$dir/cpictures.o"
            printf 'module CPictures {\n    header "%s/Sources/CPictures/include/cpictures.h"\n    export *\n}\n' "$PWD" > "$dir/module.modulemap"
            echo "-I $dir $dir/cpictures.o -lcurl -lturbojpeg -lwebp -lpng16" ;;
        png-writer)
            local dir="$OUT/cencoders"
            mkdir -p "$dir"
            clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CEncoders/include \
                -c Sources/CEncoders/cencoders.c -o "$dir/cencoders.o"
            clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CEncoders/include -I Tests/Support/CTestCodecs/include \
                -c Tests/Support/CTestCodecs/ctestcodecs.c -o "$dir/ctestcodecs.o"
            printf 'module CEncoders {\n    header "%s/Sources/CEncoders/include/cencoders.h"\n    export *\n}\n' "$PWD" > "$dir/module.modulemap"
            printf 'module CTestCodecs {\n    header "%s/Tests/Support/CTestCodecs/include/ctestcodecs.h"\n    export *\n}\n' "$PWD" >> "$dir/module.modulemap"
            # CPangoCairo is a system-library module: its module map, pkg-config's include paths.
            local cflags
            cflags=$(pkg-config --cflags pangocairo | xargs -n1 printf -- '-Xcc %s ')
            # MonogramRender's files mix `private import Glibc` with the harness's plain import.
            echo "-enable-upcoming-feature InternalImportsByDefault -I $dir -I Sources/CPangoCairo $cflags -Xcc -I -Xcc Sources/CEncoders/include $dir/cencoders.o $dir/ctestcodecs.o -lwebp -lavif -ldeflate -lz -lpng16 $(pkg-config --libs pangocairo) -lfontconfig" ;;
    esac
}

# ClientAddress.swift imports MonogramCore: naming the harness module so makes that import its
# own (a warning, not an error) instead of a missing module.
module_for() {
    case "$1" in
        signature) echo MonogramCore ;;
        *) echo "Fuzz_${1//-/_}" ;;
    esac
}

build() {
    local target=$1 binary="$OUT/bin/$1"
    mkdir -p "$OUT/bin"
    # shellcheck disable=SC2046
    swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name monogram_fuzz \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
        -module-name "$(module_for "$target")" \
        "$(harness_for "$target")" Fuzz/Support/*.swift $(sources_for "$target") $(c_flags_for "$target") -o "$binary" 2>"$OUT/$target.build.log" || { grep -v "ld.gold: warning" "$OUT/$target.build.log" >&2; return 1; }
    echo "$binary"
}

status=0
for target in "${TARGETS[@]}"; do
    echo "== $target: building"
    binary=$(build "$target")
    corpus="$OUT/corpus/$target"
    artifacts="$OUT/artifacts/$target/"
    mkdir -p "$corpus" "$artifacts"
    echo "== $target: fuzzing for ${SECONDS_PER_TARGET}s"
    log="$OUT/$target.log"
    # -jobs forks workers whose output goes to fuzz-<n>.log in the working directory (shared by
    # concurrent runs of different targets): only ask for it when more than one job is wanted,
    # so a single job's statistics land in its own log.
    parallel=()
    [ "$JOBS" -gt 1 ] && parallel=(-jobs="$JOBS" -workers="$JOBS")
    if "$binary" "$corpus" "Fuzz/corpus/$target" -max_total_time="$SECONDS_PER_TARGET" \
        -artifact_prefix="$artifacts" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        "${parallel[@]}" -print_final_stats=1 > "$log" 2>&1; then
        echo "== $target: no crash"
    else
        echo "== $target: FAILED, see $log and $artifacts" >&2
        status=1
    fi
    grep -E "cov:" "$log" | tail -1 || true
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$log" || true
done
exit $status
