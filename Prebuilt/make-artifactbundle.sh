#!/usr/bin/env bash
# Builds Prebuilt/schemagen.artifactbundle (SwiftPM's artifact bundle, SE-0305: info.json and one variant per
# platform), the tool the prebuilt plugins run, and its zip with the checksum a `binaryTarget(url:checksum:)` needs.
#
#   bash Prebuilt/make-artifactbundle.sh                 # a release: builds schemagen in release for this machine
#                                                        # (Linux: Swift's runtime and Foundation linked in statically;
#                                                        #  macOS: one universal binary for arm64 and x86_64)
#   bash Prebuilt/make-artifactbundle.sh --binary PATH   # packs a schemagen already built (Benchmarks/run.py packs
#                                                        # its release build, which links the toolchain's runtime)
#
# The variant holds the binary and, beside it, the resource bundle of its default templates, where the tool looks
# first. After packing, the script runs the packed tool with the build's own resource bundle moved aside, so a bundle
# that would only work on the machine that built it fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    *) echo "usage: $0 [--binary PATH]" >&2; exit 2 ;;
  esac
done

if [ -z "$binary" ]; then
  if [ "$(uname)" = Darwin ]; then
    swift build -c release --product schemagen --arch arm64 --arch x86_64
    binary="$(swift build -c release --product schemagen --arch arm64 --arch x86_64 --show-bin-path)/schemagen"
  else
    swift build -c release --product schemagen --static-swift-stdlib --scratch-path .build-release-static
    binary="$(swift build -c release --product schemagen --static-swift-stdlib --scratch-path .build-release-static --show-bin-path)/schemagen"
  fi
fi
[ -x "$binary" ] || { echo "make-artifactbundle: no schemagen at $binary" >&2; exit 1; }
built=$(cd "$(dirname "$binary")" && pwd -P)
resources=$(find "$built" -maxdepth 1 -name 'schemagen_SchemaGenTemplates*' \( -name '*.resources' -o -name '*.bundle' \) | head -n 1)
[ -n "$resources" ] || { echo "make-artifactbundle: no template resources beside $binary" >&2; exit 1; }

version=$("$binary" --version)
if [ "$(uname)" = Darwin ]; then
  triples='"arm64-apple-macosx", "x86_64-apple-macosx"'
  variant="schemagen-$version-macos"
else
  triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
  triples="\"$triple\""
  variant="schemagen-$version-$triple"
fi

bundle="$root/Prebuilt/schemagen.artifactbundle"
staging=$(mktemp -d "$root/Prebuilt/.staging-XXXXXX")
trap 'rm -rf "$staging"' EXIT
mkdir -p "$staging/schemagen.artifactbundle/$variant/bin"
cp "$binary" "$staging/schemagen.artifactbundle/$variant/bin/schemagen"
cp -R "$resources" "$staging/schemagen.artifactbundle/$variant/bin/"
cat > "$staging/schemagen.artifactbundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "schemagen": {
      "version": "$version",
      "type": "executable",
      "variants": [
        { "path": "$variant/bin/schemagen", "supportedTriples": [$triples] }
      ]
    }
  }
}
JSON

# The packed tool must find its templates in the bundle: the build's copy is moved aside while it generates.
aside="$resources.aside-$$"
mv "$resources" "$aside"
restore() { [ -e "$aside" ] && mv "$aside" "$resources"; rm -rf "$staging"; }
trap restore EXIT
output=$(mktemp -d)
"$staging/schemagen.artifactbundle/$variant/bin/schemagen" generate schemas/zikr.yaml -o "$output" --quiet --no-config
test -s "$output/Swift/zikr.swift" && test -s "$output/Docs/zikr.md"
rm -rf "$output"
mv "$aside" "$resources"

# Replaced whole, so a build never sees half a bundle.
rm -rf "$bundle"
mv "$staging/schemagen.artifactbundle" "$bundle"
rm -f "$bundle.zip"
(cd "$root/Prebuilt" && python3 -c 'import shutil; shutil.make_archive("schemagen.artifactbundle", "zip", ".", "schemagen.artifactbundle")')
# What `swift package compute-checksum` prints: the zip's SHA-256.
checksum=$(python3 -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$bundle.zip")
echo "$bundle ($variant, schemagen $version)"
echo "published as a release asset: .binaryTarget(name: \"SchemaGenBinary\", url: \"<asset URL>/schemagen.artifactbundle.zip\", checksum: \"$checksum\")"
