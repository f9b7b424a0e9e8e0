#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs those of the named Debian packages that are not installed yet, with sudo when not
# root, and says nothing when all are there: every Makefile target that needs a package calls
# this one helper. Usage: tools/install-packages.sh PACKAGE...
set -eu

missing=""
for package in "$@"; do
    dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$' \
        || missing="$missing $package"
done
[ -n "$missing" ] || exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 \
        || { echo "These Debian packages are missing:$missing; install them as root (apt-get install$missing)." >&2; exit 1; }
    sudo=sudo
fi
echo "Installing the missing Debian packages:$missing"
# shellcheck disable=SC2086 # the list is split into packages on purpose
$sudo apt-get update -q
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
