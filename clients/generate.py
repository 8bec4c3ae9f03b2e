"""What partners start from, generated from the served OpenAPI document so none of it can drift:

- `clients/openapi.json`: the document as `make run` serves it;
- `clients/python/`: a typed Python client (attrs models, httpx), written by
  openapi-python-client from that document (`clients/python-client.yaml` names it);
- `clients/invoices.postman_collection.json`: every operation as a request with its recorded
  example, a Postman collection (v2.1) that Postman, Bruno and Insomnia import.

    python -m clients.generate          # write them
    python -m clients.generate --check  # exit 1 when what is committed differs (a test runs it)
"""

import argparse
import filecmp
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from schemas.examples import recorded
from schemas.openapi import METHODS, document

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
PUBLIC_URL = "http://127.0.0.1:8000"  # where `make run` serves the API
DOCUMENT, CLIENT, COLLECTION = "openapi.json", "python", "invoices.postman_collection.json"
CONFIG = HERE / "python-client.yaml"
POSTMAN_SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"


def write_all(out: Path) -> None:
    doc = document(PUBLIC_URL)
    (out / DOCUMENT).write_text(_json(doc))
    (out / COLLECTION).write_text(_json(collection(doc)))
    subprocess.run(
        [str(BIN / "openapi-python-client"), "generate", "--path", str(out / DOCUMENT), "--config", str(CONFIG),
         "--output-path", str(out / CLIENT), "--overwrite"],
        check=True, capture_output=True, text=True, env={"PATH": f"{BIN}:/usr/bin:/bin"},
    )
    shutil.rmtree(out / CLIENT / ".ruff_cache", ignore_errors=True)  # the formatter's, not the client's


def collection(doc: dict) -> dict:
    """The document as a Postman collection: a folder per tag, a request per operation,
    with the key, base URL and ids as collection variables."""
    folders: dict[str, list] = {}
    for path, item in doc["paths"].items():
        for method in METHODS:
            op = item.get(method)
            if op is not None:
                folders.setdefault(op["tags"][0], []).append(_request(path, method, op))
    return {
        "info": {"name": doc["info"]["title"], "description": doc["info"]["description"], "schema": POSTMAN_SCHEMA},
        "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{apiKey}}", "type": "string"}]},
        "variable": [{"key": "baseUrl", "value": doc["servers"][0]["url"]}, {"key": "apiKey", "value": ""},
                     {"key": "clientId", "value": ""}],
        "item": [{"name": name, "item": requests} for name, requests in folders.items()],
    }


def _request(path: str, method: str, op: dict) -> dict:
    example = recorded().get(op["operationId"], {})
    sent = example.get("request", {})
    segments = [f":{s[1:-1]}" if s.startswith("{") else s for s in path.strip("/").split("/")]
    variables = [{"key": s[1:], "value": f"{{{{{s[1:]}}}}}"} for s in segments if s.startswith(":")]
    query = [{"key": k, "value": str(v)} for k, v in sent.get("params", {}).items()]
    headers = [{"key": k, "value": "{{clientId}}" if k == "X-Client-Id" else v} for k, v in sent.get("headers", {}).items()]
    request = {
        "method": method.upper(),
        "description": op.get("description", ""),
        "header": headers,
        "url": {"raw": "{{baseUrl}}/" + "/".join(segments), "host": ["{{baseUrl}}"], "path": segments,
                "query": query, "variable": variables},
    }
    body, content_type = sent.get("body"), sent.get("contentType")
    if content_type == "multipart/form-data":
        files = body["file"] if isinstance(body["file"], list) else [body["file"]]
        request["body"] = {"mode": "formdata", "formdata": [{"key": "file", "type": "file", "src": f} for f in files]
                           + [{"key": k, "value": v, "type": "text"} for k, v in body.items() if k != "file"]}
    elif body is not None:
        headers.append({"key": "Content-Type", "value": content_type})
        request["body"] = {"mode": "raw", "raw": json.dumps(body, ensure_ascii=False, indent=2),
                           "options": {"raw": {"language": "json"}}}
    return {"name": op["summary"], "request": request}


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1) + "\n"


def differences(out: Path) -> list[str]:
    """Files that differ between `out` and what is committed under clients/."""
    found = []
    for name in (DOCUMENT, COLLECTION):
        if not (HERE / name).exists() or not filecmp.cmp(out / name, HERE / name, shallow=False):
            found.append(name)
    if not (HERE / CLIENT).is_dir():
        return [*found, CLIENT]
    found += _tree_differences(filecmp.dircmp(out / CLIENT, HERE / CLIENT, ignore=["__pycache__"]), CLIENT)
    return found


def _tree_differences(cmp: filecmp.dircmp, prefix: str) -> list[str]:
    # dircmp compares by os.stat signature first; compare contents of every common file instead
    _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
    found = [f"{prefix}/{n}" for n in cmp.left_only + cmp.right_only + mismatch + errors]
    for name, sub in cmp.subdirs.items():
        found += _tree_differences(sub, f"{prefix}/{name}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate the client, the collection and the document copy.")
    parser.add_argument("--check", action="store_true", help="compare with what is committed; write nothing")
    args = parser.parse_args(argv)
    if not args.check:
        with tempfile.TemporaryDirectory() as tmp:
            write_all(Path(tmp))
            for name in (DOCUMENT, COLLECTION):
                shutil.copyfile(Path(tmp) / name, HERE / name)
            shutil.rmtree(HERE / CLIENT, ignore_errors=True)
            shutil.copytree(Path(tmp) / CLIENT, HERE / CLIENT)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        write_all(Path(tmp))
        drift = differences(Path(tmp))
    if drift:
        print("out of date (run python -m clients.generate):", *drift, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
