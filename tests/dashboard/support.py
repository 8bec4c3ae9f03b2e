"""Helpers for dashboard tests: a cookie-keeping client over falcon.testing, members, and
invoices made through the real admission and completion code (no broker needed)."""

import re
from dataclasses import dataclass, field

import falcon.testing

from assets.rules import RULES
from core.access import admin, members
from core.access.auth import authenticate
from core.blobs import BlobStore
from core.jobs import admission, processing
from core.modes import Mode
from core.settings import Settings
from core.store.db import Store
from tests.api.books import BUYER, extracted
from tests.api.helpers import PDF
from tests.support.readings import reading

PASSWORD = "correct horse battery"
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@dataclass
class Browser:
    """Keeps cookies between requests like a browser, and finds the page's CSRF token."""

    client: falcon.testing.TestClient
    cookies: dict = field(default_factory=dict)
    csrf: str | None = None
    remote_addr: str = "10.0.0.1"

    def request(self, method: str, path: str, **kwargs) -> falcon.testing.Result:
        result = self.client.simulate_request(method, path, cookies=dict(self.cookies), remote_addr=self.remote_addr, **kwargs)
        for name, cookie in result.cookies.items():
            if cookie.value and (cookie.max_age is None or cookie.max_age > 0):
                self.cookies[name] = cookie.value
            else:
                self.cookies.pop(name, None)
        found = _CSRF.search(result.text) if "html" in (result.content_type or "") else None
        if found:
            self.csrf = found.group(1)
        return result

    def get(self, path: str, **kwargs) -> falcon.testing.Result:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, data: dict | None = None, csrf: bool = True, **kwargs) -> falcon.testing.Result:
        form = {**(data or {}), **({"csrf_token": self.csrf} if csrf and self.csrf else {})}
        return self.request("POST", path, body=_encode(form),
                            headers={"Content-Type": "application/x-www-form-urlencoded", **kwargs.pop("headers", {})},
                            **kwargs)

    def login(self, email: str, password: str = PASSWORD) -> falcon.testing.Result:
        self.get("/app/login")
        result = self.post("/app/login", {"email": email, "password": password})
        if result.status_code == 303:
            self.get(result.headers["location"])  # the session's own CSRF token, as a browser would see it
        return result


def _encode(form: dict) -> str:
    from urllib.parse import urlencode

    return urlencode(form, doseq=True)


@dataclass
class Team:
    store: Store
    settings: Settings
    team_id: str
    admin_email: str
    member_email: str
    live_key: str
    test_key: str

    def invoice(self, mode: Mode = Mode.LIVE, client_id: str | None = None, doc: dict | None = None,
                data: bytes = PDF) -> tuple[str, str]:
        """(job id, invoice id) of an upload of `data` read as `doc` and passed through the gate."""
        principal = authenticate(self.store, self.live_key if mode is Mode.LIVE else self.test_key, "127.0.0.1")
        blob = BlobStore(self.settings.blob_dir).put(data)
        upload = admission.Upload("faktura.pdf", "application/pdf", blob, len(data), client_id, None)
        [admitted] = admission.admit(self.store, self.settings, principal, [upload])
        job = processing.claim(self.store, admitted.job_id, 3)
        return admitted.job_id, processing.complete(self.store, job, reading(doc or extracted()), assess=RULES.assess)

    def parked_job(self) -> str:
        principal = authenticate(self.store, self.live_key, "127.0.0.1")
        blob = BlobStore(self.settings.blob_dir).put(PDF)
        upload = admission.Upload("laukia.pdf", "application/pdf", blob, len(PDF), None, None)
        [admitted] = admission.admit(self.store, self.settings, principal, [upload])
        assert admitted.status == "awaiting_credits"
        return admitted.job_id

    def client(self, mode: Mode = Mode.LIVE, name: str = BUYER["name"]) -> str:
        return admin.create_client(self.store, self.team_id, mode, name, BUYER["company_code"], BUYER["vat_code"])["clientId"]


def make_team(store: Store, settings: Settings, name: str, credits: int = 5) -> Team:
    team_id = admin.create_team(store, name)["teamId"]
    if credits:
        admin.grant_credits(store, team_id, credits)
    slug = team_id[-8:]
    admin_email, member_email = f"admin-{slug}@example.lt", f"member-{slug}@example.lt"
    members.create(store, team_id, admin_email, members.ADMIN, PASSWORD)
    members.create(store, team_id, member_email, members.MEMBER, PASSWORD)
    scopes = ["invoice:read", "invoice:write"]
    live = admin.create_key(store, team_id, Mode.LIVE, scopes)["key"]
    test = admin.create_key(store, team_id, Mode.TEST, scopes)["key"]
    return Team(store, settings, team_id, admin_email, member_email, live, test)
