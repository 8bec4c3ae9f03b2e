"""How the service's sensors and jobs are declared, in one place.

Sensors run from the start and ask for the shortest interval: the daemon ticks every ~5 s
whatever the interval says, and each tick here is a few indexed reads. Jobs run their ops in
the run's own process: a step per subprocess would cost seconds of CPU on a 2-core machine
for work that takes milliseconds.
"""

import dagster as dg


def sensor(description: str, job: dg.JobDefinition | None = None):
    return dg.sensor(
        job=job, minimum_interval_seconds=5, default_status=dg.DefaultSensorStatus.RUNNING, description=description
    )


def job(kind: str, description: str, name: str | None = None):
    """A job tagged with its domain (`invoices/kind`), so the Runs page filters by it."""
    return dg.job(name=name, executor_def=dg.in_process_executor, tags={"invoices/kind": kind}, description=description)
