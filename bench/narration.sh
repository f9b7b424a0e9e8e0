#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Narration on the recorded "one person at a time" video: every frame processed, events as
# JSON Lines. Prints every announcement and counts the people announced, to set against the
# people who walk in (six, counted by eye from a contact sheet of the video).
set -euo pipefail
cd "$(dirname "$0")/.."

data=${SENSECAM_TEST_DATA:-../shared/data}
video=$data/video/one-by-one-person-detection.mp4
sensecam=.build/release/sensecam
[ -x "$sensecam" ] || { echo "Build first with 'make build'." >&2; exit 1; }
events=$(mktemp)
trap 'rm -f "$events"' EXIT

start=$(date +%s.%N)
"$sensecam" aware --video "$video" --every-frame --output jsonl > "$events"
end=$(date +%s.%N)

python3 - "$events" "$start" "$end" <<'PY'
import json, sys
events = [json.loads(line) for line in open(sys.argv[1])]
seconds = float(sys.argv[3]) - float(sys.argv[2])
people = set()
for event in events:
    print(f"{event['t']:7.1f} s  {event['kind']:8} {event['text']}")
    for item in event["objects"]:
        if item["label"] == "person" and event["kind"] in ("objects", "hazard"):
            people.add(item["track"])
spoken = [e for e in events if e["kind"] in ("objects", "hazard", "summary")]
length = events[-1]["t"] if events else 0
print(f"People announced: {len(people)} (six walk in, counted by eye). "
      f"{len(spoken)} utterances in {length:.0f} s of video ({len(spoken) / max(length, 1):.2f} a second); "
      f"processed in {seconds:.0f} s.")
PY
