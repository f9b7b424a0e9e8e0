#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the built package into a clean Debian 12 root with `apt-get install ./sensecam_…deb`
# and runs it there: --version, read on the sample page (the words checked against its truth
# file), aware on a photo. The root is a minbase bookworm made by mmdebstrap from
# deb.debian.org, kept as a tarball under .build/deb-test so reruns only unpack it; the
# downloaded .debs are kept there too. Needs root (chroot, mount). `make test-deb` calls it.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
cache=.build/deb-test
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
image=${SENSECAM_TEST_DATA:+$SENSECAM_TEST_DATA/detect/coco-val/images/000000000139.jpg}

fail() {
    echo "test-deb: $1" >&2
    exit 1
}

[ "$(id -u)" -eq 0 ] || fail "Making and entering a chroot needs root; run it with sudo."
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/sensecam/Support/Version.swift)
package=.build/deb/sensecam_${version}_amd64.deb
[ -f "$package" ] || fail "$package is missing; run 'make deb' first."
[ -n "$image" ] && [ -f "$image" ] || fail "The photo for aware is missing; set SENSECAM_TEST_DATA to the shared data folder."
command -v mmdebstrap >/dev/null 2>&1 || fail "mmdebstrap is missing; install it with 'sudo apt install mmdebstrap'."

started=$(date +%s)
mkdir -p "$cache/archives"
tarball="$cache/bookworm-minbase.tar"
if [ ! -f "$tarball" ]; then
    echo "Making a minbase Debian 12 root from $mirror (once; kept in $tarball)."
    # The name must end in .tar: mmdebstrap picks the output format from it.
    mmdebstrap --quiet --variant=minbase bookworm "$cache/partial.tar" "$mirror"
    mv "$cache/partial.tar" "$tarball"
fi

root="$cache/root"
cleanup() {
    for mount in var/cache/apt/archives dev proc; do
        mountpoint -q "$root/$mount" 2>/dev/null && umount -l "$root/$mount"
    done
    rm -rf "$root"
}
cleanup
trap cleanup EXIT
mkdir -p "$root"
tar -xf "$tarball" -C "$root"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
# The downloaded packages outlive the root, so a warm run downloads nothing.
mount --bind "$cache/archives" "$root/var/cache/apt/archives"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# Packages must not start services inside the chroot.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
# A throwaway root needs no fsync after each of the 300-odd packages' files.
echo force-unsafe-io >"$root/etc/dpkg/dpkg.cfg.d/90unsafe-io"
# apt deletes what it downloaded after installing, unless told to keep it.
echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' >"$root/etc/apt/apt.conf.d/90keep"
cp "$package" "$root/tmp/"
cp "$image" "$root/tmp/photo.jpg"

in_root() {
    chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"
}
in_root apt-get update -q >"$cache/apt.log" 2>&1 || fail "apt-get update in the root failed (see $cache/apt.log)."
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "./tmp/$(basename "$package")" >>"$cache/apt.log" 2>&1 \
    || fail "Installing the package failed (see $cache/apt.log)."
installed=$(date +%s)

status=0
check() { # description command...
    what=$1
    shift
    if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; status=1; fi
}

output=$(in_root sensecam --version) || true
check "sensecam --version says sensecam $version" test "$output" = "sensecam $version"

# Every word of the sample page's truth file, in order, with nothing dropped.
read_status=0
in_root sensecam read /usr/share/sensecam/samples/welcome-page.png >"$cache/read.txt" 2>"$cache/read.err" || read_status=$?
check "sensecam read exits 0" test "$read_status" -eq 0
words() { tr -cs "[:alnum:]'" '\n' <"$1" | tr '[:upper:]' '[:lower:]' | sed '/^$/d'; }
words samples/welcome-page.txt >"$cache/truth.words"
# The reading ends with a line of its own, "End of page: 9 lines.", which the page does not print.
sed '$ {/^End of page: [0-9]* lines\.$/d}' "$cache/read.txt" >"$cache/read.page"
words "$cache/read.page" >"$cache/read.words"
check "sensecam read says the sample page's words, in order" cmp -s "$cache/truth.words" "$cache/read.words"
check "sensecam read ends by saying the page's 9 lines were read" test "$(tail -n 1 "$cache/read.txt")" = "End of page: 9 lines."

aware_status=0
in_root sensecam aware /tmp/photo.jpg >"$cache/aware.txt" 2>"$cache/aware.err" || aware_status=$?
check "sensecam aware exits 0" test "$aware_status" -eq 0
check "sensecam aware finds the people in the photo with the packaged model" grep -qi 'person\|people' "$cache/aware.txt"

echo "Installed in $((installed - started)) s; all checks in $(($(date +%s) - started)) s."
if [ "$status" -ne 0 ]; then
    echo "Outputs: $cache/read.txt, $cache/read.err, $cache/aware.txt, $cache/aware.err" >&2
fi
exit "$status"
