#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each for SECONDS (default 60) on a
# copy of its seed corpus. Fails on the first finding, printing the input that caused it.
#
#   bash Fuzz/run.sh              # every target, 60 s each
#   bash Fuzz/run.sh 3600 FuzzWireDecoder   # one target for an hour
#
# See docs/fuzzing.md for what each target checks and how to keep a longer campaign's corpus.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzFraming FuzzWireDecoder FuzzClient FuzzProtocols FuzzContractLoader FuzzInterpreter)

# lld: gold crashes on the sanitizer runtime's symbols.
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld)
# A cached build description misses files added to the root package since ("cannot find type ... in scope"), as
# Benchmarks/run.py found: forget it, the build itself stays cached.
find .build -name description.json -path '*release*' -delete 2>/dev/null || true
swift build "${flags[@]}"
bin=$(swift build "${flags[@]}" --show-bin-path)

corpus_of() {
  case "$1" in
    FuzzFraming) echo framing ;;
    FuzzWireDecoder) echo wire-decoder ;;
    FuzzClient) echo client ;;
    FuzzProtocols) echo protocols ;;
    FuzzContractLoader) echo contract-loader ;;
    FuzzInterpreter) echo interpreter ;;
  esac
}
dictionary_of() { [ "$1" = FuzzContractLoader ] && echo contract.dict || echo json.dict; }

for target in "${targets[@]}"; do
  work=$(mktemp -d)
  mkdir -p "$work/corpus" "$work/findings"
  cp "Corpus/$(corpus_of "$target")"/* "$work/corpus/"
  echo "== $target: ${seconds}s"
  # Leak detection is off: Swift keeps class pointers in enum payloads' spare bits, which LeakSanitizer
  # cannot see, so objects held by globals read as leaked. Fake stacks are off: WireDecoder measures how much
  # stack deep input uses from the addresses of locals, which fake stacks move to the heap. AddressSanitizer's
  # other checks stay on.
  # A run that takes over 10 s on one input is a finding (a hang), as is one using over 2 GiB.
  if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0 "$bin/$target" "$work/corpus" \
      -dict="Dictionaries/$(dictionary_of "$target")" -max_total_time="$seconds" -max_len=65536 \
      -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 \
      -artifact_prefix="$work/findings/" > "$work/log" 2>&1; then
    tail -n 80 "$work/log"
    for finding in "$work"/findings/*; do
      echo "== $target found a problem; the input ($(wc -c < "$finding") bytes), as text and as hex:"
      python3 -c 'import sys; print(repr(open(sys.argv[1], "rb").read()))' "$finding"
      od -A d -t x1 "$finding" | head -n 40
      echo "Reproduce: swift build ${flags[*]} --package-path Fuzz && Fuzz/.build/release/$target <that input saved to a file>"
    done
    exit 1
  fi
  grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb)" "$work/log" || true
  rm -rf "$work"
done
echo "fuzzing passed: ${targets[*]}"
