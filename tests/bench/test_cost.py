"""The cost benchmark's CPU account: every process under the measured root counts, including
one that has ended by the time the total is read."""

import subprocess
import sys
import time

import psutil

from bench.cost import StackCpu

BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.6: pass\ntime.sleep(0.8)"


def test_the_cpu_of_a_descendant_that_ended_still_counts():
    parent = subprocess.Popen([sys.executable, "-c", f"import subprocess, sys; subprocess.run([sys.executable, '-c', {BURN!r}]); "
                               "import time; time.sleep(1.0)"])
    with StackCpu(psutil.Process(parent.pid)) as cpu:
        time.sleep(0.3)  # the burner has started
        before = cpu.total()
        deadline = time.monotonic() + 30
        while len(psutil.Process(parent.pid).children()) and time.monotonic() < deadline:
            time.sleep(0.05)  # until the burner has ended
        used = cpu.total() - before
    parent.wait(timeout=30)
    assert 0.3 <= used < 5.0


def test_an_idle_process_costs_nothing():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(2.0)"])
    time.sleep(0.8)  # past its start-up
    with StackCpu(psutil.Process(child.pid)) as cpu:
        start = cpu.total()
        time.sleep(0.8)
        assert cpu.total() - start < 0.05
    child.wait(timeout=30)


def test_a_process_that_never_rests_shows_in_the_idle_figure():
    # what a drained stack burns doing nothing: a spinning child takes most of a core
    from bench.load import idle_after_load

    spinner = subprocess.Popen([sys.executable, "-c", "import time\nt = time.time()\nwhile time.time() - t < 4: pass"])
    try:
        time.sleep(0.3)
        idle = idle_after_load(seconds=1.5)
    finally:
        spinner.wait(timeout=30)
    # most of a core alone; at least a quarter beside the other tests running in parallel
    assert idle["cores"] >= 0.25 and idle["by_part"]
