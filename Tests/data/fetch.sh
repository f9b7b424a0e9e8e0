#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Gets the test data of Tests/data/manifest.tsv and checks every file's SHA-256.
# With SENSECAM_TEST_DATA set (CI: ../shared/data) that folder is the data: it is checked, never
# changed. Otherwise every set whose files are all published is downloaded from its public
# source into .build/test-data, a file at a time, each checked before it is kept.
# A set that cannot be had (behind a registration, never published, no network) is named in one
# line; the tests that need it are skipped. A file in SENSECAM_TEST_DATA that differs from its
# checksum fails the run (the tests would measure against wrong truth); in .build/test-data it is
# downloaded again.
# SENSECAM_TEST_DATA_MANIFEST names another manifest (for the fetch's own test).
# Usage: Tests/data/fetch.sh, or Tests/data/fetch.sh --has SET... (see below).
set -euf  # no globbing: paths and URLs are split on white space only

here="$(cd "$(dirname "$0")" && pwd)"
manifest=${SENSECAM_TEST_DATA_MANIFEST:-$here/manifest.tsv}
tab="$(printf '\t')"

if [ -n "${SENSECAM_TEST_DATA:-}" ]; then
    data=$SENSECAM_TEST_DATA
    download=no
else
    data="$(cd "$here/../.." && pwd)/.build/test-data"
    download=yes
fi

# --has SET...: whether those sets are complete in the data folder (by name, not checksum; the
# fetch checks those), for the steps that render test inputs from them. Says which one is not.
if [ "${1:-}" = --has ]; then
    shift
    for set in "$@"; do
        for file in $(grep -v '^#' "$manifest" | awk -F"$tab" -v set="$set" '$1 == set {print $2}'); do
            [ -f "$data/$file" ] || { echo "Test data set $set is missing from $data, so this step is skipped; see 'make test-data'."; exit 1; }
        done
    done
    exit 0
fi

sha256_of() {
    sha256sum "$1" | cut -d' ' -f1
}

# The sets, in manifest order, once each.
sets=$(grep -v '^#' "$manifest" | cut -f1 | awk 'NF && !seen[$0]++')

status=0
for set in $sets; do
    rows=$(grep -v '^#' "$manifest" | awk -F"$tab" -v set="$set" '$1 == set')
    # A file in the given folder with the wrong bytes is an error.
    missing=0
    total=0
    wrong=""
    for row in $(echo "$rows" | awk -F"$tab" '{print $2 "|" $3}'); do
        file=${row%|*}
        sha256=${row#*|}
        total=$((total + 1))
        if [ ! -f "$data/$file" ]; then
            missing=$((missing + 1))
        elif [ "$(sha256_of "$data/$file")" != "$sha256" ]; then
            if [ "$download" = yes ]; then
                # The fetch's own copy, damaged or from an older manifest: fetched again.
                rm -f "$data/$file"
                missing=$((missing + 1))
            else
                wrong="$wrong $file"
            fi
        fi
    done
    if [ -n "$wrong" ]; then
        echo "Test data set $set: these files differ from their SHA-256 in Tests/data/manifest.tsv:$wrong; replace them from the set's source." >&2
        status=1
        continue
    fi
    [ "$missing" -gt 0 ] || continue
    if [ "$download" = no ]; then
        echo "Test data set $set is not complete in $data ($missing of its $total files are missing); its tests will be skipped."
        continue
    fi
    # Downloaded only when every file of the set has a public address: half a set runs no test.
    unavailable=$(echo "$rows" | cut -f4 | grep -v '^https\?://\|^file://' | head -n 1 || true)
    if [ -n "$unavailable" ]; then
        case "$unavailable" in
            registration:*) why="published only behind a registration at ${unavailable#registration:}" ;;
            derived:*) why="derived by the data's authors (${unavailable#derived:}) and published nowhere as is" ;;
            *) why="not published (${unavailable#*:})" ;;
        esac
        echo "Test data set $set cannot be downloaded: $why; its tests will be skipped (set SENSECAM_TEST_DATA to a folder that has it)."
        continue
    fi
    command -v curl >/dev/null 2>&1 || { echo "Test data set $set needs curl to download; install it with 'sudo apt install curl'."; continue; }
    failed=""
    fetched=0
    for row in $(echo "$rows" | awk -F"$tab" '{print $2 "|" $3 "|" $4}'); do
        file=${row%%|*}
        rest=${row#*|}
        sha256=${rest%%|*}
        url=${rest#*|}
        [ ! -f "$data/$file" ] || continue
        mkdir -p "$(dirname "$data/$file")"
        partial="$data/$file.part"
        if curl --fail --location --silent --show-error --retry 2 --output "$partial" "$url" 2>/dev/null \
            && [ "$(sha256_of "$partial")" = "$sha256" ]; then
            mv "$partial" "$data/$file"
            fetched=$((fetched + 1))
        else
            rm -f "$partial"
            failed=$url
            break
        fi
    done
    if [ -n "$failed" ]; then
        echo "Test data set $set could not be downloaded ($failed failed or did not match its SHA-256; check the network); its tests will be skipped."
    else
        echo "Test data set $set downloaded, every file checked against its SHA-256 (files fetched: $fetched)."
    fi
done
exit $status
