"""The credits domain: parked uploads resume when a team's balance covers them (3.1).

Nothing remembers that a grant happened; every tick compares each team's parked jobs
with its available balance (core/jobs/resume.py), so a crash between a grant and the resume
only delays it to the next tick.

No `from __future__ import annotations` here (Dagster resolves annotations at import).
"""

import dagster as dg

from core import kafka as kafka_io
from core.jobs import resume
from pipelines import defaults
from pipelines.resources import KafkaResource, StoreResource, core_settings


@defaults.sensor(
    "Resumes jobs parked awaiting credits, oldest first, as far as each team's available balance "
    "covers them (interface.md 3.1)."
)
def parked_jobs_resumer(context: dg.SensorEvaluationContext, store: StoreResource, kafka: KafkaResource):
    settings, db = core_settings(store, kafka), store.get()
    publisher = kafka_io.Publisher(settings, db)  # connects only when there is something to send
    try:
        result = resume.resume_parked(db, settings, publisher)
    finally:
        publisher.close()
    if not result.count:
        return dg.SkipReason("no parked job is covered by an available balance")
    for team_id, job_ids in result.by_team.items():
        context.log.info(f"{team_id}: resumed {len(job_ids)} parked job(s): {', '.join(job_ids)}")
    return dg.SkipReason(
        f"resumed {result.count} parked job(s) for {len(result.by_team)} team(s); published {result.published}"
    )


defs = dg.Definitions(sensors=[parked_jobs_resumer])
