"""Helpers for in-process API tests: multipart bodies, uploads, problem assertions."""

import io
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PDF = (FIXTURES / "invoice_digital.pdf").read_bytes()
PNG = (FIXTURES / "invoice_scan.png").read_bytes()


def multipart(parts: list[tuple[str, str | None, str | None, bytes]]) -> tuple[bytes, str]:
    boundary = "----invoices-test-boundary"
    out = io.BytesIO()
    for name, filename, ctype, data in parts:
        out.write(f"--{boundary}\r\n".encode())
        disp = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename is not None else "")
        out.write(f"Content-Disposition: {disp}\r\n".encode())
        if ctype:
            out.write(f"Content-Type: {ctype}\r\n".encode())
        out.write(b"\r\n" + data + b"\r\n")
    out.write(f"--{boundary}--\r\n".encode())
    return out.getvalue(), f"multipart/form-data; boundary={boundary}"


def upload(w, key, data=PDF, filename="a.pdf", ctype="application/pdf", headers=None, fields=None, path="/external/v1/invoices"):
    parts = [("file", filename, ctype, data)] + [(k, None, None, v.encode()) for k, v in (fields or {}).items()]
    body, content_type = multipart(parts)
    return w["client"].simulate_post(
        path, body=body, headers={"Authorization": f"Bearer {key}", "Content-Type": content_type, **(headers or {})}
    )


def get(w, key, path, params=None):
    return w["client"].simulate_get(path, params=params, headers={"Authorization": f"Bearer {key}"})


def assert_problem(resp, status, code):
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"] == "application/problem+json"
    body = resp.json
    assert body["code"] == code and body["status"] == status
    assert body["requestId"].startswith("req_") and body["instance"].startswith("/")
    assert body["type"].endswith("/errors/error-registry") and body["title"] and body["detail"]
    return body
