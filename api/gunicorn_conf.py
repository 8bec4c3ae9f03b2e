"""gunicorn settings for the API: one worker per core, threads for slow uploads."""

import multiprocessing
import os

bind = f"{os.environ.get('INVOICES_API_HOST', '127.0.0.1')}:{os.environ.get('INVOICES_API_PORT', '8000')}"
workers = int(os.environ.get("INVOICES_API_WORKERS", multiprocessing.cpu_count()))
worker_class = "gthread"
threads = int(os.environ.get("INVOICES_API_THREADS", "4"))
timeout = 120
graceful_timeout = 10
keepalive = 5
accesslog = "-" if os.environ.get("INVOICES_ACCESS_LOG", "1") == "1" else None
wsgi_app = "api.wsgi:app"
# One control socket per stack, so stacks with different INVOICES_HOME run side by side.
control_socket = os.path.join(os.path.abspath(os.environ.get("INVOICES_HOME", "./var")), "gunicorn.ctl")


def post_fork(server, worker):
    # Connections and producers must not be shared across processes.
    from core.store.db import reset_stores_after_fork

    reset_stores_after_fork()
