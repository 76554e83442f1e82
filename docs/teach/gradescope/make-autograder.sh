#!/usr/bin/env bash
# Build Gradescope's autograder zip from this checkout: setup.sh,
# run_autograder (grading SPEC) and the project's wheel, at the zip's root.
#   bash docs/teach/gradescope/make-autograder.sh [SPEC] [ZIP]
# SPEC: gamestate (default; PA4, Java or Python), mvc or adt.
# ZIP: where to write it (default autograder.zip).
set -euo pipefail
spec="${1:-gamestate}"
case "$spec" in
  gamestate | mvc | adt) ;;
  *) echo "make-autograder.sh: SPEC must be gamestate, mvc or adt, not '$spec'" >&2
     exit 2 ;;
esac
zip_path="$(realpath -m "${2:-autograder.zip}")"
here="$(cd "$(dirname "$0")" && pwd -P)"
project="$(cd "$here/../../.." && pwd)"

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
# The wheel is built from a copy: the checkout gets no build/ folder, and
# two builds at once (the tests run in parallel) share nothing.
mkdir "$build/project"
cp -R "$project/pyproject.toml" "$project/README.md" "$project/gamestate" \
  "$project/playmanager" "$build/project/"
python3 -m pip wheel --quiet --no-deps --wheel-dir "$build" "$build/project"
rm -rf "$build/project"
cp "$here/setup.sh" "$build/setup.sh"
sed "s/^SPEC=gamestate\$/SPEC=$spec/" "$here/run_autograder" >"$build/run_autograder"
chmod 755 "$build/setup.sh" "$build/run_autograder"
rm -f "$zip_path"
(cd "$build" && python3 -m zipfile -c "$zip_path" setup.sh run_autograder gamestate2048-*.whl)
echo "$zip_path: setup.sh, run_autograder (--spec $spec), $(cd "$build" && ls gamestate2048-*.whl)"
