#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make fuzz`: each fuzz target under libFuzzer with AddressSanitizer for FUZZ_SECONDS (default
# 60), starting from the seeds the normal build's sensecam-fuzz writes, the corpus earlier runs
# grew (.build/fuzz-corpus/TARGET) and the inputs kept as regressions. A crash is saved in
# .build/fuzz-crashes/TARGET/; the run goes on with the other targets and fails at the end.
# FUZZ_TARGETS="image mjpeg" picks targets.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-image mjpeg settings resume merge codes thing products speechReplies}
fuzzer=.build/fuzz/release/sensecam-fuzz
runner=.build/debug/sensecam-fuzz
[ -x "$fuzzer" ] && [ -x "$runner" ] || { echo "Build the fuzzers first with 'make fuzz'."; exit 1; }

rm -rf .build/fuzz-seeds && "$runner" seeds .build/fuzz-seeds || exit 1
# Debian's OpenCV, Tesseract and libjpeg are not instrumented, and their one-time allocations
# (codec registries, thread pools) live until exit: leaks are not judged here, memory errors are.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:symbolize=1
# Swift's own crash backtracer hangs beside ASan's report; ASan prints the stack.
export SWIFT_BACKTRACE=enable=no
failed=()
for target in $targets; do
    corpus=.build/fuzz-corpus/$target crashes=.build/fuzz-crashes/$target
    mkdir -p "$corpus" "$crashes"
    extra=()
    [ -d "Tests/PerceptionTests/Fixtures/fuzz-regressions/$target" ] && extra=("Tests/PerceptionTests/Fixtures/fuzz-regressions/$target")
    log=.build/fuzz-$target.log
    SENSECAM_FUZZ_TARGET=$target "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" ".build/fuzz-seeds/$target" "${extra[@]}" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    size=$(ls "$corpus" | wc -l)
    if [ "$status" -eq 0 ]; then
        echo "$target: ${runs:-?} runs in $seconds s, no crash; corpus $size inputs."
    else
        failed+=("$target")
        echo "$target: crashed after ${runs:-?} runs; the input is in $crashes/ and the report in $log."
        grep -m3 -E 'ERROR: (AddressSanitizer|libFuzzer)|SUMMARY' "$log" | sed 's/^/  /'
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "Fuzzing found crashes in: ${failed[*]}; fix them and keep each input in Tests/PerceptionTests/Fixtures/fuzz-regressions/TARGET/."
    exit 1
fi
