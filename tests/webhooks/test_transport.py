"""One attempt over real TLS on loopback: pinned to the approved address, the right SNI and
Host, a hard 30-second (here 1-second) deadline, and every failure an outcome."""

import socket
import ssl
import threading
import time

import httpcore
import pytest
import trustme

from core.webhooks.transport import Sender
from core.webhooks.urls import UrlGuard, system_resolver
from tests.support.webhook_receiver import Receiver

NAME = "hooks.example.com"  # resolves nowhere in real DNS: only the guard's answer reaches it


def _sender(ca_file, answers, timeout_s=1.0):
    """Names in `answers` resolve as given, localhost as the system says, others not at all."""
    def resolve(host, port):
        return system_resolver(host, port) if host == "localhost" else answers.get(host, [])

    return Sender(UrlGuard(allow_loopback=True, resolver=resolve), timeout_s, ca_file)


@pytest.fixture
def named_receiver(tmp_path):
    r = Receiver(tmp_path, hostnames=(NAME,)).start()
    yield r
    r.stop()


def test_connects_to_the_approved_address_with_the_name_for_sni_and_host(named_receiver):
    sender = _sender(named_receiver.ca_file, {NAME: ["127.0.0.1"]})
    url = f"https://{NAME}:{named_receiver.port}/in?x=1"
    outcome = sender.send(url, {"webhook-id": "evt_1"}, b"{}")
    assert outcome.delivered and outcome.status_code == 200, outcome
    assert outcome.response == '{"received": true, "status": 200}'
    [got] = named_receiver.received()
    assert got.path == "/in?x=1" and got.headers["host"] == f"{NAME}:{named_receiver.port}"
    sender.close()


def test_the_certificate_must_match_the_name(receiver):
    # the receiver's certificate names localhost, not hooks.example.com
    outcome = _sender(receiver.ca_file, {NAME: ["127.0.0.1"]}).send(f"https://{NAME}:{receiver.port}/", {}, b"{}")
    assert not outcome.delivered and outcome.error.startswith("connection failed") and "CERTIFICATE" in outcome.error.upper()


def test_untrusted_ca_is_refused(receiver, tmp_path):
    other = tmp_path / "other-ca.pem"
    trustme.CA().cert_pem.write_to_path(str(other))
    outcome = _sender(other, {}).send(receiver.url(), {}, b"{}")
    assert not outcome.delivered and "certificate" in outcome.error.lower()


def test_the_backend_never_resolves_a_name_itself(named_receiver):
    sender = _sender(named_receiver.ca_file, {NAME: ["127.0.0.1"]})
    with pytest.raises(httpcore.ConnectError, match="no address approved"):
        sender.pool.request("POST", f"https://{NAME}:{named_receiver.port}/", content=b"{}")


def test_dns_and_guard_failures_are_outcomes(receiver):
    sender = _sender(receiver.ca_file, {"private.example.com": ["10.0.0.8"]})
    nowhere = sender.send("https://nowhere.example.com/", {}, b"{}")
    assert nowhere.error.startswith("connection failed: DNS") and nowhere.status_code is None
    private = sender.send("https://private.example.com/", {}, b"{}")
    assert private.error.startswith("refused: webhook.url_resolves_to_private_ip")
    strict = Sender(UrlGuard(), 1.0, receiver.ca_file).send(receiver.url(), {}, b"{}")  # no loopback setting
    assert strict.error.startswith("refused: webhook.url_")
    assert receiver.received() == []


def test_redirects_are_failures_and_are_not_followed(receiver):
    receiver.script("/hook", 307)
    outcome = _sender(receiver.ca_file, {}).send(receiver.url(), {}, b"{}")
    assert outcome.status_code == 307 and not outcome.delivered and "redirect not followed" in outcome.error
    assert len(receiver.received()) == 1


def _trickling_server(ca, stop):
    """Sends a status line one byte at a time: every read succeeds, none completes."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("localhost").configure_cert(context)
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def serve():
        conn, _ = listener.accept()
        with context.wrap_socket(conn, server_side=True) as tls:
            tls.recv(65536)
            for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n":
                if stop.is_set():
                    break
                try:
                    tls.sendall(bytes([byte]))
                except OSError:
                    break
                time.sleep(0.2)
        listener.close()

    threading.Thread(target=serve, daemon=True).start()
    return port


def test_the_deadline_covers_the_whole_answer_not_each_read(tmp_path):
    ca, stop = trustme.CA(), threading.Event()
    ca_file = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    port = _trickling_server(ca, stop)
    try:
        outcome = _sender(ca_file, {}, timeout_s=1.0).send(f"https://localhost:{port}/", {}, b"{}")
    finally:
        stop.set()
    assert outcome.error.startswith("timeout") and not outcome.delivered
    assert 900 <= outcome.duration_ms < 2500


def test_every_approved_address_is_tried_in_order(named_receiver):
    # the first address refuses (nothing listens on 127.0.0.2 at that port); the next one answers
    sender = _sender(named_receiver.ca_file, {NAME: ["127.0.0.2", "127.0.0.1"]})
    outcome = sender.send(f"https://{NAME}:{named_receiver.port}/", {}, b"{}")
    assert outcome.delivered, outcome
