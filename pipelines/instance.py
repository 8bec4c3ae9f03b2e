"""The Dagster instance configuration written under INVOICES_HOME/dagster.

DefaultRunCoordinator launches runs straight from the sensor tick (the queued coordinator
adds up to its dequeue interval to every start); sensor threads keep one slow launch from
holding up the other sensors. Telemetry is off: the stack runs offline.
"""

from pathlib import Path

DAGSTER_YAML = """\
run_coordinator:
  module: dagster._core.run_coordinator
  class: DefaultRunCoordinator
sensors:
  use_threads: true
  num_workers: 4
  num_submit_workers: 2
telemetry:
  enabled: false
nux:
  enabled: false
"""


def write_instance_config(dagster_home: Path) -> Path:
    dagster_home.mkdir(parents=True, exist_ok=True)
    path = dagster_home / "dagster.yaml"
    if not path.exists() or path.read_text() != DAGSTER_YAML:
        path.write_text(DAGSTER_YAML)
    return path


def initialise_instance(dagster_home: Path) -> None:
    """Create Dagster's storage once, before the daemon and webserver start side by side
    (two processes initialising a fresh SQLite DAGSTER_HOME at once race on its schema)."""
    import dagster as dg

    write_instance_config(dagster_home)
    with dg.DagsterInstance.from_config(str(dagster_home)) as instance:
        instance.get_runs(limit=1)
