"""What the pipeline reports about a finished job: the terminal status, and for a read
document its seconds per page, in total and for OCR (prometheus metrics, core.metrics)."""

from core import metrics
from schemas.invoice import ExtractedInvoice

# Engines that read pixels rather than a text layer or an embedded e-invoice.
OCR_ENGINES = ("tesseract", "rapidocr", "surya")


def job_done(mode: str, status: str, extracted: ExtractedInvoice | None) -> None:
    if status in ("completed", "failed"):
        metrics.JOBS_FINISHED.labels(mode, status).inc()
    if not extracted or mode != "live":
        return
    extraction = extracted.extraction
    pages = max(1, extracted.pageCount or 1)
    seconds = ((extraction.durationMs if extraction else None) or 0) / 1000 / pages
    engine = extraction.engine if extraction else "unknown"
    metrics.PROCESSING_SECONDS.labels(engine).observe(seconds)
    if any(engine.startswith(name) for name in OCR_ENGINES):
        metrics.OCR_SECONDS.labels(engine).observe(seconds)
