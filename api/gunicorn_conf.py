"""gunicorn settings for the API: one worker per core, threads for slow uploads."""

import multiprocessing
import os

from gunicorn.glogging import Logger

# Behind the front (`make run`: nginx on INVOICES_API_PORT) gunicorn answers on a private
# loopback port, INVOICES_APP_PORT; without it, it takes the public port itself.
if os.environ.get("INVOICES_APP_PORT", "").strip():
    bind = f"127.0.0.1:{os.environ['INVOICES_APP_PORT'].strip()}"
else:
    bind = f"{os.environ.get('INVOICES_API_HOST', '127.0.0.1')}:{os.environ.get('INVOICES_API_PORT', '8000')}"
workers = int(os.environ.get("INVOICES_API_WORKERS", multiprocessing.cpu_count()))
threads = int(os.environ.get("INVOICES_API_THREADS", "4"))
timeout = 120
graceful_timeout = 10
keepalive = 5
accesslog = "-" if os.environ.get("INVOICES_ACCESS_LOG", "1") == "1" else None
# The path without its query string, and no Referer: an `api_key` sent in the query or a
# set-password token (in the URL or in a Referer pointing at it) never reaches the log.
access_log_format = '%(h)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s %(L)ss "%(a)s"'
wsgi_app = "api.wsgi:app"
# Requests that gunicorn itself refuses (malformed request line, bad header) are answered
# with problem+json by this worker class instead of gunicorn's HTML page.
worker_class = "api.gunicorn_worker.ProblemThreadWorker"
# gunicorn's own log lines as JSON, like every other line of the service (core.logs).
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "core.logs.json_formatter", "component": "gunicorn"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json"}},
    "root": {"handlers": ["stderr"], "level": "INFO"},
    "loggers": {
        "gunicorn.error": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "gunicorn.access": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}


class AccessLogWhenAsked(Logger):
    """gunicorn writes an access line whenever a logging config is given, and ours is given
    (for JSON); this writes it only when INVOICES_ACCESS_LOG asks for it (`accesslog`)."""

    def access(self, resp, req, environ, request_time):
        if self.cfg.accesslog:
            super().access(resp, req, environ, request_time)


logger_class = AccessLogWhenAsked
# One control socket per stack, so stacks with different INVOICES_HOME run side by side.
control_socket = os.path.join(os.path.abspath(os.environ.get("INVOICES_HOME", "./var")), "gunicorn.ctl")


def post_fork(server, worker):
    # Connections and producers must not be shared across processes.
    from core.store.db import reset_stores_after_fork

    reset_stores_after_fork()


def child_exit(server, worker):
    # A dead worker's live gauges must not linger in /metrics (prometheus multiprocess mode).
    from core.metrics import process_dead

    process_dead(worker.pid)
