"""The Gradescope recipe of docs/teach/gradescope.md works as the page says.

The zip is built by its script, unpacked into a fake /autograder tree
(``AUTOGRADER_ROOT``), and its scripts are run there: ``setup.sh`` with
stand-ins for apt-get and python3 (nothing is installed), and
``run_autograder`` on this repository's correct submissions.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECIPE = ROOT / "docs/teach/gradescope"
JAVA_CORRECT = ROOT / "tests/conformance/java/correct/GameState.java"
MVC_CORRECT = ROOT / "tests/conformance/mvc/correct"
NEEDS_JDK = "needs a JDK for the Java submission: apt-get install openjdk-17-jdk-headless"


def environment(**extra: str) -> dict[str, str]:
    """This interpreter's python3 first on PATH, as Gradescope's would be."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    return {**os.environ, "PATH": path, **extra}


def make_zip(spec: str, target: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(RECIPE / "make-autograder.sh"), spec, str(target)],
        env=environment(), capture_output=True, text=True, check=False, timeout=300,
    )


def autograder_tree(folder: Path, spec: str) -> Path:
    """A fake /autograder: the zip of ``spec`` in source/, empty submission/."""
    made = make_zip(spec, folder / "autograder.zip")
    assert made.returncode == 0, made.stderr
    root = folder / "autograder"
    with zipfile.ZipFile(folder / "autograder.zip") as archive:
        archive.extractall(root / "source")
    (root / "submission").mkdir()
    return root


def run_autograder(root: Path) -> dict[str, object]:
    done = subprocess.run(
        ["bash", str(root / "source/run_autograder")],
        env=environment(AUTOGRADER_ROOT=str(root)),
        capture_output=True, text=True, check=False, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    results: dict[str, object] = json.loads(
        (root / "results/results.json").read_text(encoding="utf-8")
    )
    return results


@pytest.fixture(scope="module")
def pa4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return autograder_tree(tmp_path_factory.mktemp("pa4"), "gamestate")


def test_the_zip_holds_the_two_scripts_and_the_wheel_at_its_root(pa4: Path) -> None:
    with zipfile.ZipFile(pa4.parent / "autograder.zip") as archive:
        entries = {info.filename: info for info in archive.infolist()}
    wheels = [name for name in entries if name.endswith(".whl")]
    assert sorted(set(entries) - set(wheels)) == ["run_autograder", "setup.sh"]
    assert len(wheels) == 1 and wheels[0].startswith("gamestate2048-")
    for script in ("run_autograder", "setup.sh"):
        mode = entries[script].external_attr >> 16
        assert mode & stat.S_IXUSR, f"{script} is not executable in the zip"


def test_setup_installs_a_jdk_and_the_wheel_with_the_grade_extra(
    pa4: Path, tmp_path: Path
) -> None:
    stand_ins = tmp_path / "bin"
    stand_ins.mkdir()
    log = tmp_path / "calls.log"
    for program in ("apt-get", "python3"):
        (stand_ins / program).write_text(f'#!/bin/sh\necho "{program} $*" >> "{log}"\n')
        (stand_ins / program).chmod(0o755)
    done = subprocess.run(
        ["bash", str(pa4 / "source/setup.sh")],
        env={**os.environ, "PATH": f"{stand_ins}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True, text=True, check=False, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    calls = log.read_text(encoding="utf-8").splitlines()
    install = next(call for call in calls if call.startswith("apt-get install"))
    assert {"openjdk-17-jdk-headless", "python3-pip"} <= set(install.split())
    wheel = next(pa4.glob("source/gamestate2048-*.whl")).name
    assert calls[-1] == f"python3 -m pip install {wheel}[grade]"


@pytest.mark.skipif(shutil.which("javac") is None, reason=NEEDS_JDK)
def test_run_autograder_gives_the_correct_java_class_full_marks(pa4: Path) -> None:
    shutil.copy(JAVA_CORRECT, pa4 / "submission")
    results = run_autograder(pa4)
    tests = results["tests"]
    assert isinstance(tests, list)
    assert results["score"] == 32.0
    assert sum(test["max_score"] for test in tests) == 32.0
    assert [test["name"].split()[0] for test in tests][-1] == "O1"
    assert all(test["visibility"] == "visible" for test in tests)
    assert all(test["status"] == "passed" for test in tests)


def test_the_mvc_zip_grades_the_mvc_modules(tmp_path: Path) -> None:
    root = autograder_tree(tmp_path, "mvc")
    assert "\nSPEC=mvc\n" in (root / "source/run_autograder").read_text(encoding="utf-8")
    shutil.copytree(MVC_CORRECT, root / "submission/alice")
    results = run_autograder(root)
    assert results["score"] == 18.0
    assert results["output"] == "Score: 18/18 requirements met (18/18 tests passed)"


def test_an_unknown_spec_is_refused_in_one_line(tmp_path: Path) -> None:
    made = make_zip("pa5", tmp_path / "autograder.zip")
    assert made.returncode == 2
    assert made.stderr == (
        "make-autograder.sh: SPEC must be gamestate, mvc or adt, not 'pa5'\n"
    )
    assert not (tmp_path / "autograder.zip").exists()


def test_an_image_whose_python_cannot_grade_fails_loudly(pa4: Path, tmp_path: Path) -> None:
    """Issue 35 item 5: a Python without the [grade] extra's packages (here
    one run without its site-packages) makes run_autograder exit non-zero
    and say in results.json that the autograder is broken, not a grade."""
    stand_ins = tmp_path / "bin"
    stand_ins.mkdir()
    (stand_ins / "python3").write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n')
    (stand_ins / "python3").chmod(0o755)
    shutil.copy(JAVA_CORRECT, pa4 / "submission")
    environment = {**os.environ, "PATH": f"{stand_ins}{os.pathsep}{os.environ['PATH']}"}
    environment.pop("PYTHONPATH", None)
    done = subprocess.run(
        ["bash", str(pa4 / "source/run_autograder")],
        env={**environment, "AUTOGRADER_ROOT": str(pa4)}, cwd=tmp_path,
        capture_output=True, text=True, check=False, timeout=60,
    )
    assert done.returncode == 3, done.stdout + done.stderr
    results = json.loads((pa4 / "results/results.json").read_text(encoding="utf-8"))
    assert results["tests"] == []
    assert "score" not in results  # nothing Gradescope could take for a grade
    assert results["output"].startswith("The autograder is broken, this is NOT a grade: ")
    assert "No module named" in results["output"]
    assert "the autograder is broken" in done.stderr


def test_a_submission_without_game_state_is_scored_zero_and_shown_to_the_student(
    tmp_path: Path,
) -> None:
    """A student who uploaded the wrong file gets results.json (score 0 and
    what was found instead) and run_autograder exits 0, so Gradescope
    shows the student why rather than a failed run. A results.json left
    from an earlier run is never read as this one's."""
    root = autograder_tree(tmp_path, "gamestate")
    (root / "submission/README.md").write_text("my game\n", encoding="utf-8")
    (root / "results").mkdir()
    (root / "results/results.json").write_text('{"score": 32.0}', encoding="utf-8")
    results = run_autograder(root)
    assert results["score"] == 0
    assert "no class GameState in" in str(results["output"])
    assert "found README.md" in str(results["output"])
