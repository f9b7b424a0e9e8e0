#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds .build/deb/sensecam_VERSION_amd64.deb with dpkg-deb: the release binary with the Swift
# runtime linked in statically, the models (fetched and checked against Models/manifest.tsv),
# the samples, the man page and completions the binary generates, the systemd user units and
# udev rules under deploy/, and Depends: computed by dpkg-shlibdeps from the binary's own
# shared libraries. Then lintian, when installed. Run from anywhere; `make deb` calls it.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
swift=${SWIFT:-swift}
out=.build/deb
scratch=.build/deb-release
stage=$out/stage

fail() {
    echo "$1" >&2
    exit 1
}

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/sensecam/Support/Version.swift)
[ -n "$version" ] || fail "No version found in Sources/sensecam/Support/Version.swift; it must hold static let current = \"X.Y.Z\"."
package="$out/sensecam_${version}_amd64.deb"

started=$(date +%s)
# Its own scratch folder, so the static link does not relink the developers' .build/release.
"$swift" build -c release --static-swift-stdlib --scratch-path "$scratch" --product sensecam
binary="$scratch/release/sensecam"
if ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|lib_FoundationICU'; then
    fail "The release binary still loads the Swift runtime shared libraries above; the package would not run without a Swift toolchain."
fi

rm -rf "$stage"
install -d "$stage/DEBIAN"
install -D -m 755 "$binary" "$stage/usr/bin/sensecam"
# Symbols are for debugging a build tree; the package ships without them, as Debian's policy asks.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/sensecam"

# The models: fetched (or found) in Models/ with their SHA-256 checked by fetch.sh, then copied
# and checked again here. The upstream graphs that prepare:KIND:FILE entries were made from are
# left out: the binary runs only the prepared ones.
Models/fetch.sh
models="$stage/usr/share/sensecam/models"
sources=$(grep -v '^#' Models/manifest.tsv | cut -f3 | sed -n 's/^prepare:[^:]*://p')
grep -v '^#' Models/manifest.tsv | while IFS="$(printf '\t')" read -r name sha256 source licence; do
    [ -n "$name" ] || continue
    if echo "$sources" | grep -qx "$name"; then continue; fi
    install -D -m 644 "Models/$name" "$models/$name"
    [ "$(sha256sum "$models/$name" | cut -d' ' -f1)" = "$sha256" ] \
        || fail "Model $name does not match its SHA-256 in Models/manifest.tsv; run 'make models' again."
done

install -D -m 644 -t "$stage/usr/share/sensecam/samples" samples/welcome-page.png samples/welcome-page.txt

# The man page and completions from the binary being packaged, so they describe exactly it.
install -d "$stage/usr/share/man/man1" "$stage/usr/share/bash-completion/completions" \
    "$stage/usr/share/zsh/vendor-completions" "$stage/usr/share/fish/vendor_completions.d"
"$binary" generate-docs man | gzip -9n >"$stage/usr/share/man/man1/sensecam.1.gz"
"$binary" generate-docs bash >"$stage/usr/share/bash-completion/completions/sensecam"
"$binary" generate-docs zsh >"$stage/usr/share/zsh/vendor-completions/_sensecam"
"$binary" generate-docs fish >"$stage/usr/share/fish/vendor_completions.d/sensecam.fish"

# Start on plug-in: whatever units and rules deploy/ holds.
for unit in deploy/systemd/*.service; do
    if [ -f "$unit" ]; then install -D -m 644 -t "$stage/usr/lib/systemd/user" "$unit"; fi
done
for rule in deploy/udev/*.rules; do
    if [ -f "$rule" ]; then install -D -m 644 -t "$stage/usr/lib/udev/rules.d" "$rule"; fi
done

docs="$stage/usr/share/doc/sensecam"
install -D -m 644 "$here/copyright" "$docs/copyright"
# A native package (no Debian revision in the version), so the changelog is changelog.gz.
sed "s/@VERSION@/$version/" "$here/changelog" | gzip -9n >"$docs/changelog.gz"
chmod 644 "$docs/changelog.gz" "$stage/usr/share/man/man1/sensecam.1.gz"
find "$stage/usr/share" -type f -exec chmod 644 {} +

# dpkg-shlibdeps wants a source package around the binary: a minimal debian/control in a
# scratch folder. It maps each NEEDED library to its runtime package (never a -dev one).
shlibs="$repo/$out/shlibdeps"
rm -rf "$shlibs"
mkdir -p "$shlibs/debian"
printf 'Source: sensecam\n\nPackage: sensecam\nArchitecture: amd64\n' >"$shlibs/debian/control"
binary_path="$(cd "$stage/usr/bin" && pwd)/sensecam"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O "$binary_path" 2>"$shlibs/warnings" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies (see $shlibs/warnings)."
# Reading needs Tesseract's data for each language sensecam speaks, and libexttextcat's language
# fingerprints to tell which one a page is in, which no library link reveals.
depends="$depends, tesseract-ocr-eng, tesseract-ocr-deu, tesseract-ocr-fra, tesseract-ocr-spa, libexttextcat-data"

installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@INSTALLED_SIZE@/$installed_size/" -e "s/@DEPENDS@/$depends/" \
    "$here/control.in" >"$stage/DEBIAN/control"
(cd "$stage" && find usr -type f -exec md5sum {} + | sort -k2) >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "Built $package ($(du -h "$package" | cut -f1), $(($(date +%s) - started)) s)."

if command -v lintian >/dev/null 2>&1; then
    # Tags left, with their reasons, are in deploy/debian/README.md; anything else is news.
    lintian --info "$package" || true
else
    echo "lintian is not installed, so the package was not checked; install it with 'sudo apt install lintian'."
fi
