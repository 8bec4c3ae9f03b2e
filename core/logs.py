"""One JSON object per log line, from every process, with the request id wherever it is known.

structlog renders; the standard library's loggers (ours, gunicorn's error log, kafka-python)
go through the same renderer, so a line from any library is JSON too. The API binds
`request_id` for each request; the upload's Kafka message carries it, and the stream run
binds it again while it works on that job, so one id finds a document's whole path:
`grep '"request_id": "req_01…"'` over the API's and the pipeline's logs.
"""

import logging
import os

import structlog

_configured = False


def _shared_processors() -> list:
    return [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
        structlog.processors.format_exc_info,
    ]


def configure(component: str, level: str | None = None) -> None:
    """Route structlog and the standard library to JSON lines on stderr, once per process."""
    global _configured
    if _configured:
        return
    _configured = True
    level = (level or os.environ.get("INVOICES_LOG_LEVEL", "INFO")).upper()
    structlog.configure(
        processors=[*_shared_processors(), structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    handler = logging.StreamHandler()
    handler.setFormatter(json_formatter(component))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("kafka").setLevel(max(logging.WARNING, root.level))


def json_formatter(component: str = "api") -> logging.Formatter:
    """The formatter of every handler; gunicorn's loggers get it through `logconfig_dict`."""
    return structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=_shared_processors(),
        processors=[
            lambda _, __, event: {**event, "component": component},
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.JSONRenderer(ensure_ascii=False),
        ],
    )


def get_logger(name: str):
    return structlog.get_logger(name)
