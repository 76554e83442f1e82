#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image
# (Ubuntu), in /autograder/source: the zip's files, this one, run_autograder
# and the project's wheel, are there.
set -euo pipefail
cd "$(dirname "$0")"

apt-get update
# python3-pip for the grader; a JDK for Java submissions (PA4 in Java).
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  python3-pip openjdk-17-jdk-headless

# The image is the grader's alone: Ubuntu 24.04's "externally managed"
# Python may take the package (older pips ignore this variable).
export PIP_BREAK_SYSTEM_PACKAGES=1
wheel=$(ls gamestate2048-*.whl)
python3 -m pip install "${wheel}[grade]"
