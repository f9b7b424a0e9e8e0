#!/bin/sh
# Fetches every model in Models/manifest.tsv and verifies its SHA-256.
# From the folder named by SENSECAM_MODEL_MIRROR when set (CI, offline machines),
# otherwise from the upstream URL. Into Models/, or the folder SENSECAM_MODELS_DIR names
# (for packagers and tests). Weights are never committed.
set -eu

manifest="$(cd "$(dirname "$0")" && pwd)/manifest.tsv"
models_dir=${SENSECAM_MODELS_DIR:-$(dirname "$manifest")}
mkdir -p "$models_dir"

fail() {
    echo "$1" >&2
    exit 1
}

verify() { # file expected-sha256
    actual=$(sha256sum "$1" | cut -d' ' -f1)
    [ "$actual" = "$2" ]
}

grep -v '^#' "$manifest" | while IFS="$(printf '\t')" read -r name sha256 url licence; do
    [ -n "$name" ] || continue
    target="$models_dir/$name"
    if [ -f "$target" ] && verify "$target" "$sha256"; then
        continue
    fi
    partial="$target.part"
    rm -f "$partial"
    if [ -n "${SENSECAM_MODEL_MIRROR:-}" ]; then
        source="$SENSECAM_MODEL_MIRROR/$name"
        [ -f "$source" ] || fail "Model $name is not in the mirror folder $SENSECAM_MODEL_MIRROR; check SENSECAM_MODEL_MIRROR."
        cp "$source" "$partial"
    else
        command -v curl >/dev/null 2>&1 || fail "Cannot download $name because curl is missing; install it with 'sudo apt install curl'."
        curl --fail --location --silent --show-error --retry 2 --output "$partial" "$url" 2>/dev/null \
            || { rm -f "$partial"; fail "Downloading $name from $url failed; check the network, or set SENSECAM_MODEL_MIRROR to a folder that has it."; }
    fi
    if ! verify "$partial" "$sha256"; then
        rm -f "$partial"
        fail "Model $name does not match its SHA-256 checksum in Models/manifest.tsv, so it was not installed; fetch it again from a trusted source."
    fi
    chmod 644 "$partial"
    mv "$partial" "$target"
    echo "Fetched $name ($licence licence)."
done
