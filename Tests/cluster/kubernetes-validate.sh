#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# deploy/kubernetes/batch-job.yaml against the Kubernetes API schema, strictly (an unknown or
# misplaced key fails), with the kubernetes-validate package from PyPI in a venv under .build/.
# Checked at 1.29, the first release with backoffLimitPerIndex on by default, and at the
# newest the package knows. The merge pod's --overrides, written in the Job's comment and in
# the guide (docs/guide/batch-and-cluster.md), is checked too, as the Pod it becomes. A deliberately broken copy must fail, so
# a validator that passes everything is caught.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
job="$repo/deploy/kubernetes/batch-job.yaml"
venv="$repo/.build/cluster-venv"
[ -x "$venv/bin/kubernetes-validate" ] || {
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q 'kubernetes-validate==1.37.0'
}
validate() { "$venv/bin/kubernetes-validate" --strict --quiet "$@"; }
work=$(mktemp -d "${TMPDIR:-/tmp}/sensecam-k8s.XXXXXX")
trap 'rm -rf "$work"' EXIT

for version in 1.29.0 1.37.0; do
    validate -k "$version" "$job" || { echo "FAIL: the Job does not validate against Kubernetes $version." >&2; exit 1; }
done

# The merge pod: the JSON after --overrides=' in the Job's comment, which the guide repeats.
python3 - "$job" "$repo/docs/guide/batch-and-cluster.md" "$work/merge-pod.json" <<'EOF'
import json, re, sys
job, guide, out = sys.argv[1:]
def overrides(text, prefix):
    lines = [line[len(prefix):] if line.startswith(prefix) else line for line in text.splitlines()]
    match = re.search(r"--overrides='(.*?)'", "\n".join(lines), re.S)
    if not match:
        sys.exit(f"FAIL: no --overrides='...' in {job if prefix else guide}")
    return json.loads(match.group(1))
in_job = overrides(open(job).read(), "#")
in_guide = overrides(open(guide).read(), "")
if in_job != in_guide:
    sys.exit("FAIL: the merge pod's overrides in the Job's comment and in the guide differ.")
pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "sensecam-merge"}, **in_job}
pod["spec"]["restartPolicy"] = "Never"  # what kubectl run --restart=Never adds
json.dump(pod, open(out, "w"))
EOF
validate "$work/merge-pod.json" || { echo "FAIL: the merge pod in the Job's comment is not a valid Pod." >&2; exit 1; }

sed 's/^  completionMode:/  completionMod:/' "$job" > "$work/broken.yaml"
if validate "$work/broken.yaml" >/dev/null 2>&1; then
    echo "FAIL: a Job with a misspelt key passed, so the validation proves nothing." >&2
    exit 1
fi
echo "Kubernetes test passed: the Job validates strictly against 1.29 and 1.37, the merge pod too, and a misspelt copy fails."
