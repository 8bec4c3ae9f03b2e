"""`invoices front`: the API's front, Debian's nginx, in the foreground.

The template is deploy/nginx/invoices.conf; it is rendered with this stack's ports and
paths into INVOICES_HOME/nginx/nginx.conf, and nginx runs with that folder as its prefix
(its pid file and body buffers live there), so it needs no root and leaves /etc/nginx alone.
nginx listens on the public port (INVOICES_API_PORT); gunicorn answers it on a private
loopback port (INVOICES_APP_PORT).
"""

import ipaddress
import os
import pwd
import shutil
from pathlib import Path

import click

from core.settings import Settings, load_settings

TEMPLATE = Path(__file__).resolve().parents[1] / "deploy" / "nginx" / "invoices.conf"
APP_PORT_OFFSET = 10000  # the private port's default: the public one plus this


def app_port(settings: Settings) -> int:
    """The private loopback port gunicorn listens on behind the front."""
    given = os.environ.get("INVOICES_APP_PORT", "").strip()
    if given:
        return int(given)
    port = settings.api_port + APP_PORT_OFFSET
    return port if port < 65536 else settings.api_port - APP_PORT_OFFSET


def trusted_proxies() -> list[str]:
    """INVOICES_TRUSTED_PROXIES: comma-separated addresses or networks."""
    raw = os.environ.get("INVOICES_TRUSTED_PROXIES", "")
    return [str(ipaddress.ip_network(part.strip(), strict=False)) for part in raw.split(",") if part.strip()]


def upstreams(settings: Settings) -> list[str]:
    """INVOICES_FRONT_UPSTREAM: the API elsewhere, comma-separated `host:port` (deploy/compose.yaml:
    `api:8000`, every replica the name resolves to; or several API nodes listed one by one);
    else gunicorn on this machine's loopback."""
    given = [part.strip() for part in os.environ.get("INVOICES_FRONT_UPSTREAM", "").split(",") if part.strip()]
    return given or [f"127.0.0.1:{app_port(settings)}"]


def render(settings: Settings, prefix: Path) -> str:
    """The template with this stack's values in its @NAME@ marks."""
    host = os.environ.get("INVOICES_API_HOST", "127.0.0.1").strip() or "127.0.0.1"
    listen = f"[{host}]:{settings.api_port}" if ":" in host else f"{host}:{settings.api_port}"
    proxies = trusted_proxies()
    real_ip = "".join(f"set_real_ip_from {net};\n    " for net in proxies)
    if proxies:
        real_ip += "real_ip_header X-Forwarded-For;\n    real_ip_recursive on;"
    user = ""
    if os.geteuid() == 0:  # workers otherwise drop to nobody, who may not enter INVOICES_HOME
        owner = settings.home.stat().st_uid if settings.home.exists() else os.geteuid()
        user = f"user {pwd.getpwuid(owner).pw_name};"
    access_log = "access_log /dev/stdout invoices;"
    if os.environ.get("INVOICES_ACCESS_LOG", "1") != "1":
        access_log = "access_log off;"
    values = {
        "USER": user,
        "PREFIX": str(prefix),
        "LISTEN": listen,
        "APP_SERVERS": "\n        ".join(f"server {address};" for address in upstreams(settings)),
        "CONN_PER_ADDRESS": str(max(1, int(os.environ.get("INVOICES_FRONT_CONNECTIONS_PER_ADDRESS", "64")))),
        "REAL_IP": real_ip,
        "TRUSTED_GEO": "".join(f"{net} 1;\n        " for net in proxies).rstrip(),
        "ACCESS_LOG": access_log,
        "METRICS_ACCESS": "" if os.environ.get("INVOICES_METRICS_TOKEN", "").strip()
        else "allow 127.0.0.0/8;\n            allow ::1;\n            deny all;",
        "PROBLEM_TYPE": f"{settings.docs_url}/errors/error-registry",
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace(f"@{name}@", value)
    return text


def write_config(settings: Settings) -> Path:
    prefix = settings.home / "nginx"
    prefix.mkdir(mode=0o700, parents=True, exist_ok=True)
    conf = prefix / "nginx.conf"
    tmp = conf.with_name(f".nginx.conf.{os.getpid()}")
    tmp.write_text(render(settings, prefix))
    tmp.replace(conf)
    return conf


def nginx_argv(conf: Path) -> list[str]:
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    return [binary, "-p", str(conf.parent), "-c", str(conf), "-e", "stderr", "-g", "daemon off;"]


@click.command("front")
@click.option("--print", "print_only", is_flag=True, help="Print the rendered configuration and exit.")
def front_command(print_only: bool) -> None:
    """Run the API's front (nginx) in the foreground on INVOICES_API_PORT."""
    settings = load_settings()
    if print_only:
        prefix = settings.home / "nginx"
        click.echo(render(settings, prefix), nl=False)
        return
    conf = write_config(settings)
    argv = nginx_argv(conf)
    os.execv(argv[0], argv)
