"""Load shapes for `make bench` (locust, FastHttpUser): run by bench/load.py, never by hand
against a production stack.

- `JobReader`: authenticated GET /jobs/{id} as fast as it can (one job, set by the runner);
- `Uploader`: POST /invoices of a ~100 KB PDF; every upload is a new job.

The runner passes the API key, the job id and the PDF path in environment variables.
"""

import os
import uuid

from locust import FastHttpUser, constant, task

KEY = os.environ.get("BENCH_KEY", "")
JOB_ID = os.environ.get("BENCH_JOB_ID", "")
PDF = os.environ.get("BENCH_PDF", "")
HEADERS = {"Authorization": f"Bearer {KEY}"}
if os.environ.get("BENCH_CLIENT"):
    HEADERS["X-Client-Id"] = os.environ["BENCH_CLIENT"]


class JobReader(FastHttpUser):
    wait_time = constant(0)

    @task
    def read_job(self):
        self.client.get(f"/external/v1/jobs/{JOB_ID}", headers=HEADERS, name="GET /jobs/{id}")


class Uploader(FastHttpUser):
    wait_time = constant(0)

    def on_start(self):
        with open(PDF, "rb") as fh:
            self.pdf = fh.read()

    @task
    def upload(self):
        boundary = "benchboundary"
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\n'
            "Content-Type: application/pdf\r\n\r\n"
        ).encode() + self.pdf + uuid.uuid4().hex.encode() + f"\r\n--{boundary}--\r\n".encode()
        self.client.post(
            "/external/v1/invoices", data=body, name="POST /invoices",
            headers={**HEADERS, "Content-Type": f"multipart/form-data; boundary={boundary}"},
        )
