"""How the service's sensors and jobs are declared, in one place.

Sensors run from the start and ask for the shortest interval: the daemon ticks every ~5 s
whatever the interval says, and each tick here is a few indexed reads. Jobs run their ops in
the run's own process: a step per subprocess would cost seconds of CPU on a 2-core machine
for work that takes milliseconds.

Runs log their events as one JSON object per line, like every other process of the stack:
each job's `console` logger is Dagster's `json_console_logger`, and since Dagster uses a
job's loggers only when the run config names them (else its colored text logger), every run
config names it: the jobs' own default config, or `with_json_logs(...)` where a sensor gives
the run config.
"""

import dagster as dg


LOGGERS = {"console": dg.json_console_logger}
JSON_LOGS = {"loggers": {"console": {"config": {"log_level": "DEBUG"}}}}


def with_json_logs(run_config: dict) -> dict:
    return {**JSON_LOGS, **run_config}


def sensor(description: str, job: dg.JobDefinition | None = None):
    return dg.sensor(
        job=job, minimum_interval_seconds=5, default_status=dg.DefaultSensorStatus.RUNNING, description=description
    )


def job(kind: str, description: str, name: str | None = None, configured_by_sensor: bool = False):
    """A job tagged with its domain (`invoices/kind`), so the Runs page filters by it. A job
    whose ops need config from its sensor gets no default config (the sensor's run config,
    `with_json_logs`, names the loggers)."""
    return dg.job(
        name=name, executor_def=dg.in_process_executor, tags={"invoices/kind": kind}, description=description,
        logger_defs=LOGGERS, config=None if configured_by_sensor else JSON_LOGS,
    )
