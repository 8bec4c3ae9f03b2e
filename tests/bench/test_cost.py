"""The cost benchmark's CPU account: every descendant process counts, including one that
has ended by the time the total is read."""

import subprocess
import sys
import time

from bench.cost import StackCpu

BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.6: pass\ntime.sleep(0.8)"


def test_the_cpu_of_a_child_that_ended_still_counts():
    with StackCpu() as cpu:
        before = cpu.total()
        child = subprocess.Popen([sys.executable, "-c", BURN])
        child.wait(timeout=30)
        time.sleep(0.1)
        used = cpu.total() - before
    assert 0.5 <= used < 5.0


def test_an_idle_child_costs_nothing():
    with StackCpu() as cpu:
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1.5)"])
        time.sleep(0.8)  # past its start-up
        start = cpu.total()
        child.wait(timeout=30)
        assert cpu.total() - start < 0.1
