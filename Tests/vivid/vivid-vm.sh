#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Boots Debian 12's stock kernel in qemu with the kernel's virtual camera driver (vivid) and
# runs one command from this machine's root file system (shared read-only over 9p) in the
# repository's folder, so tests can drive a real V4L2 /dev/video0 without a camera or root.
#
# Usage: Tests/vivid/vivid-vm.sh [--timeout SECONDS] [--verbose] -- COMMAND [ARGS...]
#        Tests/vivid/vivid-vm.sh [--timeout SECONDS] [--verbose] -c 'SCRIPT'
#
# The command's stdout and stderr both arrive on stdout (the VM has one serial console);
# the script exits with the command's status, 124 on timeout (qemu is killed), and 125 when
# the VM cannot run the command (no qemu, no kernel, a boot failure).
# Inside the VM: bash runs the command as root, the host's files are read-only, /tmp is a
# fresh tmpfs and HOME=/tmp. --verbose (or SENSECAM_VM_VERBOSE=1) copies the kernel's and
# the init's own console lines to stderr.
# The kernel and modules are cached in ${SENSECAM_VM_CACHE:-<repo>/.build/vivid-vm}.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
repo=$(cd "$here/../.." && pwd -P)
cache=${SENSECAM_VM_CACHE:-$repo/.build/vivid-vm}
verbose=${SENSECAM_VM_VERBOSE:-0}
timeout=300

# vivid and what it needs, then virtio and 9p for the host's file system; in load order
# (the Debian package has no modules.dep, and busybox insmod does not resolve dependencies).
modules=(rc-core mc cec videodev videobuf2-common videobuf2-memops videobuf2-v4l2
         videobuf2-vmalloc videobuf2-dma-contig v4l2-tpg v4l2-dv-timings vivid
         virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci
         netfs fscache 9pnet 9pnet_virtio 9p)

usage() {
    echo "usage: $0 [--timeout SECONDS] [--verbose] -- COMMAND [ARGS...]" >&2
    echo "       $0 [--timeout SECONDS] [--verbose] -c 'SCRIPT'" >&2
    exit 2
}

# The VM could not run the command: one sentence, status 125 (as git bisect's "cannot test").
cannot_run() {
    echo "vivid-vm: $*" >&2
    exit 125
}

script=""
while (($#)); do
    case $1 in
        --timeout) (($# >= 2)) || usage; timeout=$2; shift 2 ;;
        --timeout=*) timeout=${1#*=}; shift ;;
        --verbose) verbose=1; shift ;;
        -c) (($# == 2)) || usage; script=$2; shift 2 ;;
        --) shift; (($#)) || usage
            # bash quoting, so the words reach the command unchanged; the VM runs it with bash.
            script="exec$(printf ' %q' "$@")"; set -- ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
done
[[ -n $script ]] || usage
# A positive number of seconds: coreutils' timeout would take 0 as "no limit".
[[ $timeout =~ ^[0-9]+([.][0-9]+)?$ && ! $timeout =~ ^0*([.]0*)?$ ]] || usage

for tool in qemu-system-x86_64 cpio gzip apt-get apt-cache dpkg-deb flock timeout; do
    command -v "$tool" >/dev/null ||
        cannot_run "$tool is missing, so the VM cannot start; install qemu-system-x86, cpio and apt (make packages)."
done
busybox=$(command -v busybox || true)
# A dynamically linked busybox would find no libc in the initramfs.
if [[ -z $busybox ]] || ldd "$busybox" >/dev/null 2>&1; then
    cannot_run "No statically linked busybox was found, so the VM cannot start; install busybox-static."
fi

# --- The kernel: Debian's current linux-image-amd64, unpacked (not installed) once -------

kernel=$cache/kernel
stamp="modules: ${modules[*]}"

apt_update() {
    local sudo=""
    (($(id -u) == 0)) || sudo="sudo -n"
    $sudo apt-get update -q >>"$1" 2>&1
}

fetch_kernel() {
    local tmp=$cache/kernel.tmp log=$cache/fetch.log package deb version found name
    rm -rf "$tmp" && mkdir -p "$tmp" && : >"$log"
    # linux-image-amd64 is a metapackage; the kernel is the package it depends on.
    resolve() {
        apt-cache depends linux-image-amd64 2>>"$log" |
            awk '$1 == "Depends:" && $2 ~ /^linux-image-/ { print $2; exit }' || true
    }
    package=$(resolve)
    # Fresh machines (CI) may have no package lists yet: update them once, then retry.
    if [[ -z $package ]] || ! (cd "$tmp" && apt-get download "$package" >>"$log" 2>&1); then
        apt_update "$log" || true
        package=$(resolve)
        [[ -n $package ]] || { rm -rf "$tmp";
            cannot_run "The Debian kernel could not be fetched: apt knows no linux-image-amd64 even after apt-get update (see $log)."; }
        (cd "$tmp" && apt-get download "$package" >>"$log" 2>&1) || { rm -rf "$tmp";
            cannot_run "The Debian kernel could not be fetched: apt-get download $package failed (see $log)."; }
    fi
    deb=$(echo "$tmp"/*.deb)
    version=$(dpkg-deb -f "$deb" Version)
    dpkg-deb -x "$deb" "$tmp/package"
    mkdir -p "$tmp/keep/modules"
    cp "$tmp"/package/boot/vmlinuz-* "$tmp/keep/vmlinuz"
    cp "$tmp"/package/lib/modules/*/modules.builtin "$tmp/keep/" 2>/dev/null || : >"$tmp/keep/modules.builtin"
    # Keep only the modules we load, uncompressed, so busybox insmod need not support xz.
    for name in "${modules[@]}"; do
        found=$(find "$tmp"/package/lib/modules \( -name "$name.ko" -o -name "$name.ko.xz" \) -print -quit)
        case $found in
            "") ;;
            *.xz) xz -dc "$found" >"$tmp/keep/modules/$name.ko" ;;
            *) cp "$found" "$tmp/keep/modules/$name.ko" ;;
        esac
    done
    echo "$package $version" >"$tmp/keep/package"
    echo "$stamp" >"$tmp/keep/stamp"
    rm -rf "$kernel" && mv "$tmp/keep" "$kernel" && rm -rf "$tmp"
}

mkdir -p "$cache"
# One fetch at a time when several runs start together on a fresh machine.
exec 9>"$cache/lock"
flock 9
[[ -f $kernel/stamp && $(cat "$kernel/stamp") == "$stamp" ]] || fetch_kernel
flock -u 9
exec 9>&-

# --- The initramfs: busybox, the modules, and an init that runs the command --------------

work=$(mktemp -d "${TMPDIR:-/tmp}/vivid-vm.XXXXXX")
qemu_pid="" filter_pid=""
cleanup() {
    # Stop qemu (timeout passes the signal on), and let the console filter see the end
    # before its files go.
    if [[ -n $qemu_pid ]]; then
        kill "$qemu_pid" 2>/dev/null || true
        wait "$qemu_pid" 2>/dev/null || true
    fi
    [[ -z $filter_pid ]] || wait "$filter_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

root=$work/root
mkdir -p "$root"/{bin,dev,proc,sys,mnt,tmp,modules}
cp "$busybox" "$root/bin/busybox"
for name in "${modules[@]}"; do
    if [[ -f $kernel/modules/$name.ko ]]; then
        cp "$kernel/modules/$name.ko" "$root/modules/"
        echo "$name" >>"$root/modules/order"
    elif grep -q "/$name\.ko" "$kernel/modules.builtin"; then
        echo "vivid-vm: skipping module $name: it is built into the kernel." >&2
    else
        echo "vivid-vm: skipping module $name: $(cat "$kernel/package") has no such file." >&2
    fi
done

# A fresh nonce per run, so nothing the command prints can pass for a marker.
nonce=$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
start_marker="@@vivid-vm-start-$nonce@@"
end_marker="@@vivid-vm-end-$nonce@@ status="
printf 'cd %q\n%s\n' "$repo" "$script" >"$root/command"
printf '%s' "$repo" >"$root/repo"

cat >"$root/init" <<EOF
#!/bin/busybox sh
# PID 1 of the vivid VM. Lines starting "vivid-vm:" reach the host's stderr; everything
# between the start and end markers is the command's output.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t devtmpfs devtmpfs /dev
# The initramfs has no /dev/console node (building one needs root), so attach it now.
exec </dev/console >/dev/console 2>&1
mount -t proc proc /proc
mount -t sysfs sysfs /sys
say() { echo "vivid-vm: \$*"; }
halt() { poweroff -f; sleep 60; }

while read -r name; do
    if err=\$(insmod "/modules/\$name.ko" 2>&1); then
        echo "insmod \$name: ok"
    else
        say "insmod \$name failed: \$err"
    fi
done </modules/order

# The virtio device may bind a moment after its driver loads.
tries=0
until mount -t 9p -o ro,trans=virtio,version=9p2000.L,msize=262144,cache=loose host /mnt 2>/tmp/mount.err; do
    tries=\$((tries + 1))
    if [ \$tries -ge 50 ]; then say "the host's root could not be mounted over 9p: \$(cat /tmp/mount.err)"; halt; fi
    sleep 0.1
done
mkdir -p /dev/shm /keep
# The command runs in the repository. A clone under /tmp (CI may make one there) would be
# hidden by the VM's own /tmp, so it is held aside and bound back in over the tmpfs.
repo=\$(cat /repo)
[ -d "/mnt\$repo" ] || { say "the repository \$repo is not visible in the VM"; halt; }
case "\$repo" in /tmp/*) mount -o bind "/mnt\$repo" /keep || { say "could not hold \$repo aside"; halt; } ;; esac
mount -o bind /dev /mnt/dev && mount -o bind /proc /mnt/proc && mount -o bind /sys /mnt/sys &&
    mount -t tmpfs tmpfs /mnt/tmp && mount -t tmpfs shm /mnt/dev/shm &&
    mkdir -p /mnt/dev/pts && mount -t devpts -o ptmxmode=666 devpts /mnt/dev/pts ||
    { say "the host's /dev (with pseudo-terminals), /proc, /sys or /tmp could not be set up"; halt; }
case "\$repo" in /tmp/*) mkdir -p "/mnt\$repo" && mount -o bind /keep "/mnt\$repo" || { say "could not bind \$repo back"; halt; } ;; esac
[ -e /dev/video0 ] || say "/dev/video0 does not exist after loading vivid"

# Keep kernel messages off the console while the command runs (they stay in dmesg).
echo 1 >/proc/sys/kernel/printk
echo "$start_marker"
env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp TERM=dumb LANG=C.UTF-8 \\
    chroot /mnt $BASH -c "\$(cat /command)" vivid-vm </dev/null
echo "$end_marker\$?@@"
halt
EOF
chmod +x "$root/init"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) >"$work/initramfs.gz"

# --- Boot ---------------------------------------------------------------------------------

mkfifo "$work/console"
# The serial console: keep a copy, show the command's part on stdout and the init's
# "vivid-vm:" lines on stderr, and note the status from the end marker.
awk -v start="$start_marker" -v end="$end_marker" -v verbose="$verbose" \
    -v logfile="$work/console.log" -v statusfile="$work/status" '
    { sub(/\r$/, ""); print > logfile; fflush(logfile) }
    inside {
        i = index($0, end)
        if (i == 0) { print; fflush(); next }
        printf "%s", substr($0, 1, i - 1); fflush()      # output that did not end in a newline
        rest = substr($0, i + length(end))
        if (match(rest, /^[0-9]+/)) print substr(rest, 1, RLENGTH) > statusfile
        inside = 0; next
    }
    index($0, start) { inside = 1; next }
    /^vivid-vm: / || verbose == 1 { print > "/dev/stderr"; fflush("/dev/stderr") }
' <"$work/console" &
filter_pid=$!

started=$(date +%s%N)
# -nic none: the command needs no network. multidevs=remap: the host's / spans several
# file systems, whose inode numbers could otherwise collide in the guest.
timeout -k 5 "$timeout" qemu-system-x86_64 -accel tcg -cpu max -m 1024 -nographic -no-reboot -nic none \
    -kernel "$kernel/vmlinuz" -initrd "$work/initramfs.gz" \
    -append "console=ttyS0 loglevel=3 panic=-1" \
    -virtfs local,path=/,mount_tag=host,security_model=none,readonly=on,multidevs=remap \
    </dev/null >"$work/console" 2>"$work/qemu.err" &
qemu_pid=$!
qemu_status=0
wait "$qemu_pid" || qemu_status=$?
qemu_pid=""
wait "$filter_pid" || true
elapsed_ms=$((($(date +%s%N) - started) / 1000000))
[[ $verbose != 1 ]] || printf 'vivid-vm: boot to power-off took %d.%01d s.\n' $((elapsed_ms / 1000)) $((elapsed_ms % 1000 / 100)) >&2
cp "$work/console.log" "$cache/last-console.log" 2>/dev/null || true

# 137: qemu did not stop on the timeout's TERM and was killed 5 s later (on a loaded machine);
# still the timeout, not a VM that could not start.
if ((qemu_status == 124 || (qemu_status == 137 && elapsed_ms >= ${timeout%.*} * 1000))); then
    echo "vivid-vm: the VM was still running after $timeout s, so qemu was killed (console: $cache/last-console.log)." >&2
    exit 124
fi
if [[ -s $work/status ]]; then
    exit "$(cat "$work/status")"
fi
if ((qemu_status != 0)); then
    cannot_run "qemu could not start the VM (exit $qemu_status): $(head -n 1 "$work/qemu.err")"
fi
echo "vivid-vm: the VM stopped without finishing the command (qemu exit $qemu_status); the end of its console ($cache/last-console.log):" >&2
tail -n 20 "$work/console.log" | sed 's/^/  | /' >&2
exit 125
