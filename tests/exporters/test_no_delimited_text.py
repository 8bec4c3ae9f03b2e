"""No export is a delimited text format (CSV and the like), where a spreadsheet would run a
cell that opens with `=`, `+`, `-` or `@`: every format is XML, JSON or a ZIP of XML records.
A format that is one must pass each text cell through exporters.text.neutralise_formula;
this test stops one from arriving without that."""

import io
import zipfile

import pytest

from exporters import registry
from tests.exporters import cases

STRUCTURED = {"application/xml", "application/json"}


@pytest.mark.parametrize("fmt", list(registry.FORMATS))
def test_every_export_is_structured_not_delimited_text(fmt):
    name = cases.NAMES[0]
    exported = registry.export(fmt, cases.record(cases.invoice(name)), cases.lookups(name))
    kind = exported.content_type.split(";")[0].strip()
    if kind == "application/zip":  # Rivilė: .eip files, each a run of XML records
        with zipfile.ZipFile(io.BytesIO(exported.body)) as archive:
            members = {member: archive.read(member) for member in archive.namelist()}
        assert members and all(body.lstrip().startswith(b"<?xml") for body in members.values())
        return
    assert kind in STRUCTURED, (
        f"{fmt} exports {kind}: a delimited text export must neutralise formulas (exporters.text.neutralise_formula)"
    )
