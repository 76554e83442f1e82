"""Issue 35: a call's time limit counts the CPU time the class uses, so load
cannot change a verdict.

Five runs of the PA4 corpus on a machine loaded 4 to 15 deep once gave a
different report: a call merely slow on the wall clock was cut off as
"timed out". The limits now count CPU time (limits.py: ITIMER_PROF in a
Python class's process; the JVM harness: the worker thread's CPU time),
with a wall-clock backstop ten times longer for a call that waits.

Each class here is run unloaded and then throttled (tests/cpu_throttle.py
stops and continues its process so that it runs a tenth of the time, as a
machine loaded ten deep would let it): a call that computes for 0.15 s
of CPU time takes about 1.5 s on the wall clock throttled, nearly four
times its 0.4 s limit, and must answer as it does unloaded. A call that loops is
still cut off at its CPU limit; one that sleeps, by the backstop.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from gamestate.conformance.implementation import Implementation, load_implementation
from gamestate.conformance.limits import (
    TimeLimitError,
    cpu_timeout_text,
    wall_backstop,
    wall_timeout_text,
)
from tests.conformance.java import CORRECT
from tests.cpu_throttle import throttled

LIMIT: Final = 0.4  # seconds of CPU time a call may use
BURN: Final = 0.15  # seconds of CPU time the slow-but-finite call uses
SHARE: Final = 0.1  # the share of the time a throttled process runs
ROOT: Final = Path(__file__).resolve().parent.parent
SLID: Final = "True [[0, 0], [4, 0]]"  # slideDown of 2 0 / 2 0, and the board

# A Python class whose slideDown computes, loops or sleeps, then slides;
# graded in a process of its own (the one throttled), which says "ready"
# once imported and makes its call when told to.
PYTHON_CLASS: Final = textwrap.dedent(
    """
    import sys, time
    from gamestate.conformance.limits import TimeLimitError, time_limit, time_limited
    from tests.conformance.mutants.writeup_style import GameState as Base

    how, limit, burn = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])

    class Slow(Base):
        def slideDown(self):
            started = time.process_time()
            while how == "loops" or time.process_time() - started < burn:
                pass
            if how == "sleeps":
                time.sleep(3600)
            return super().slideDown()

    print("ready", flush=True)
    sys.stdin.readline()
    game = time_limited(Slow, limit)(2, 2)
    game.setBoard([[2, 0], [2, 0]])
    started = time.monotonic()
    try:
        print(game.slideDown(), game.getBoard(), flush=True)
    except TimeLimitError as error:
        print(error, flush=True)
    print(f"{time.monotonic() - started:.2f}", flush=True)
    """
)


def python_call(how: str, burn: float, share: float | None) -> tuple[str, float]:
    """What slideDown of the Python class said, and the wall seconds it took."""
    child = subprocess.Popen(
        [sys.executable, "-c", PYTHON_CLASS, how, str(LIMIT), str(burn)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdin is not None and child.stdout is not None
    try:
        assert child.stdout.readline() == "ready\n"
        with throttled(child.pid, share) if share else contextlib.nullcontext():
            child.stdin.write("go\n")
            child.stdin.flush()
            said, seconds = child.stdout.readline().strip(), child.stdout.readline()
    finally:
        child.kill()
        child.wait()
    return said, float(seconds)


def test_a_python_call_slowed_by_load_is_not_cut_off() -> None:
    unloaded, quick = python_call("computes", BURN, None)
    loaded, slow = python_call("computes", BURN, SHARE)
    assert unloaded == loaded == SLID
    assert slow > LIMIT, "the throttle did not slow the call past the limit"
    assert quick < slow


def test_a_python_call_that_loops_is_cut_off_at_its_cpu_limit_loaded_or_not() -> None:
    for share in (None, SHARE):
        said, _ = python_call("loops", 0, share)
        assert said == cpu_timeout_text(LIMIT, "slideDown") == (
            "timed out after 0.4 s of CPU time in slideDown"
        )


def test_a_python_call_that_sleeps_is_cut_off_by_the_wall_clock_backstop() -> None:
    said, seconds = python_call("sleeps", 0, None)
    assert said == wall_timeout_text(LIMIT, "slideDown") == (
        "timed out waiting (under 0.04 s of CPU time in 4 s) in slideDown"
    )
    assert wall_backstop(LIMIT) <= seconds < wall_backstop(LIMIT) + 2


# ------------------------------------------------------------------ Java
BURNS: Final = """        java.lang.management.ThreadMXBean clock =
            java.lang.management.ManagementFactory.getThreadMXBean();
        long started = clock.getCurrentThreadCpuTime();
        while (clock.getCurrentThreadCpuTime() - started < %dL) {
        }
""" % round(BURN * 1e9)  # noqa: UP031 - Java's braces would need doubling in format()
SLEEPS: Final = """        try {
            Thread.sleep(3_600_000);
        } catch (InterruptedException woken) {
        }
"""


@pytest.fixture(scope="module")
def slow_java(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Implementation]:
    """A correct class whose slideDown first computes for 0.15 s of CPU time
    and whose canSlideDown first sleeps for an hour, behind its proxy."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("needs a JDK: apt-get install openjdk-17-jdk-headless")
    text = CORRECT.read_text()
    for method in ("protected boolean slideDown() {\n", "protected boolean canSlideDown() {\n"):
        assert method in text, method
    text = text.replace("protected boolean slideDown() {\n",
                        "protected boolean slideDown() {\n" + BURNS)
    text = text.replace("protected boolean canSlideDown() {\n",
                        "protected boolean canSlideDown() {\n" + SLEEPS)  # fmt: skip
    folder = tmp_path_factory.mktemp("slow-java")
    (folder / "GameState.java").write_text(text)
    implementation = load_implementation(str(folder / "GameState.java"), None, LIMIT, 256)
    yield implementation
    implementation.close()


def java_slide(slow_java: Implementation, share: float | None) -> tuple[str, float]:
    game = slow_java.game_class(2, 2)
    game.setBoard([[2, 0], [2, 0]])
    jvm = type(game)._process.process  # the JVM the proxy talks to
    started = time.monotonic()
    with throttled(jvm.pid, share) if share else contextlib.nullcontext():
        said = f"{game.slideDown()} {game.getBoard()}"
    return said, time.monotonic() - started


def test_a_java_call_slowed_by_load_is_not_cut_off(slow_java: Implementation) -> None:
    unloaded, quick = java_slide(slow_java, None)
    loaded, slow = java_slide(slow_java, SHARE)
    assert unloaded == loaded == SLID
    assert slow > LIMIT, "the throttle did not slow the call past the limit"
    assert quick < slow


def test_a_java_call_that_sleeps_is_cut_off_by_the_wall_clock_backstop(
    slow_java: Implementation,
) -> None:
    game = slow_java.game_class(2, 2)
    started = time.monotonic()
    with pytest.raises(TimeLimitError) as raised:
        game.canSlideDown()
    assert str(raised.value) == wall_timeout_text(LIMIT, "canSlideDown")
    assert wall_backstop(LIMIT) <= time.monotonic() - started < wall_backstop(LIMIT) + 3
    # The method is spent; the next game (a new JVM) still slides.
    again = slow_java.game_class(2, 2)
    with pytest.raises(TimeLimitError, match="an earlier call; not run again"):
        again.canSlideDown()
    again.setBoard([[2, 0], [2, 0]])
    assert again.slideDown() is True
