"""QR codes printed on invoice pages: EPC payment codes and KSeF verification links, as evidence.

A payment code is written by the issuer's software from the same data as the invoice, so
its IBAN (checksummed), amount and reference are exact where a reading of the printed
page may slip a digit. Like an embedded e-invoice, it is a second witness:

* **EPC069-12 "SEPA credit transfer"** (the `BCD` payload banking apps scan): the IBAN
  becomes the seller's when the page gave none, and confirms or contradicts the printed
  one; the amount does the same for the payable total (the gross when no payable is
  printed); the reference (structured, else the remittance text) for `paymentReference`;
  BIC fills a missing SWIFT. A contradiction is a failed check, a warning and
  a confidence below every review bar, never a silent overwrite of what was printed.
* **KSeF "KOD I"** (Poland's invoice verification link,
  `https://qr.ksef.mf.gov.pl/invoice/{NIP}/{DD-MM-YYYY}/{hash}`): recorded with the KSeF
  number printed beside it, and the seller's NIP and issue date are checked against the
  invoice.

Every code found is kept in the invoice's optional `qrCodes` (what it says, its kind,
page and box in points); the field is absent when a document has none.
"""

from __future__ import annotations

import io
import logging
import re
from datetime import date
from decimal import Decimal, InvalidOperation

from PIL import Image, ImageFilter, ImageOps
from stdnum import iban as iban_number

from schemas.qr_codes import QrCode

from ..extraction.validation import overall
from ..ocr.model import Document
from ..ocr.pdf_text import draws_graphics
from .attachment import with_pdf

log = logging.getLogger(__name__)

RENDER_DPI = 200  # a 2 cm code of 45 modules gets about 3.5 px a module
MAX_PAGES = 4  # codes sit on the first or last page; a long document is scanned at both ends
SMALL_IMAGE = 2000  # px on the long side: below it a page without codes is read again at twice the size
EVIDENCE_CONFIDENCE = 0.99  # a checksummed, machine-written value
MISMATCH_CONFIDENCE = 0.5  # below every review bar, as for an embedded invoice the page contradicts
KSEF_HOST = re.compile(r"^https?://qr(?:-test|-demo)?\.ksef\.mf\.gov\.pl/invoice/(\d{10})/(\d{2})-(\d{2})-(\d{4})/"
                       r"([A-Za-z0-9_-]{43,44})/?$")
KSEF_NUMBER = re.compile(r"\b(\d{10})-(\d{8})-([0-9A-F]{12})-([0-9A-F]{2})\b")


# --- payloads ---------------------------------------------------------------------------

def parse_epc(text: str) -> dict | None:
    """The fields of an EPC069-12 payload (versions 001 and 002), or None for any other text.

    Lines: service tag `BCD`, version, character set, `SCT`, BIC, beneficiary name, IBAN,
    `EUR` amount, purpose, structured (creditor) reference, unstructured remittance text,
    beneficiary-to-originator information; trailing empty lines may be left out."""
    lines = text.replace("\r\n", "\n").split("\n")
    if len(lines) < 7 or lines[0].strip() != "BCD" or lines[1].strip() not in ("001", "002"):
        return None
    if lines[3].strip() != "SCT":
        return None
    field = lambda i: (lines[i].strip() or None) if i < len(lines) else None  # noqa: E731
    account = "".join((field(6) or "").split()).upper()
    if not iban_number.is_valid(account):
        return None
    amount, currency = None, None
    raw_amount = field(7)
    if raw_amount:
        match = re.fullmatch(r"([A-Z]{3})(\d{1,9}(?:\.\d{1,2})?)", raw_amount)
        if match is None:
            return None
        currency, amount = match.group(1), _money(match.group(2))
    return {
        "kind": "epc", "iban": account, "bic": field(4), "beneficiary": field(5),
        "amount": amount, "currency": currency, "purpose": field(8),
        "reference": field(9), "remittance": field(10),
    }


def parse_ksef(text: str) -> dict | None:
    """The parts of a KSeF invoice verification link ("KOD I"), or None for any other text."""
    match = KSEF_HOST.match(text.strip())
    if match is None:
        return None
    nip, day, month, year, digest = match.groups()
    try:
        issued = date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        return None
    return {"kind": "ksef", "url": text.strip(), "sellerNip": nip, "issueDate": issued, "invoiceHash": digest,
            "ksefNumber": None}


def parse(text: str) -> dict:
    return parse_epc(text) or parse_ksef(text) or {"kind": "other"}


def _money(value: str) -> str | None:
    try:
        return f"{Decimal(value):.2f}"
    except InvalidOperation:
        return None


# --- finding the codes ------------------------------------------------------------------

def _page_images(data: bytes, mime: str, doc: Document) -> list[tuple[int, Image.Image]]:
    """(page number, greyscale image) of the pages worth scanning: of a PDF, those that draw
    graphics (``Page.graphics``, told when the page was read; a file with none of them is
    not opened again)."""
    if (mime or "").split(";", 1)[0].strip().lower() == "application/pdf":
        graphics = {page.number: page.graphics for page in doc.pages}
        if doc.pages and not any(graphics.get(n + 1) is not False for n in _wanted(len(doc.pages))):
            return []

        def render(pdf) -> list[tuple[int, Image.Image]]:
            out = []
            for index in _wanted(len(pdf)):
                if graphics.get(index + 1) is False:
                    continue
                page = pdf[index]
                try:
                    if graphics.get(index + 1) or draws_graphics(page):
                        out.append((index + 1, page.render(scale=RENDER_DPI / 72, grayscale=True).to_pil().copy()))
                finally:
                    page.close()
            return out
        return with_pdf(data, render) or []
    with Image.open(io.BytesIO(data)) as image:
        return [(1, ImageOps.exif_transpose(image).convert("L"))]


def _wanted(count: int) -> list[int]:
    """The pages (0-based) scanned for codes: codes sit on the first or last page."""
    return list(range(count)) if count <= MAX_PAGES else [0, 1, count - 2, count - 1]


def scan(data: bytes, mime: str, doc: Document) -> list[dict]:
    """Every QR code on the scanned pages, parsed, with its page and box in PDF points."""
    import zxingcpp  # the native reader loads only where documents are read

    sizes = {page.number: (page.width, page.height) for page in doc.pages}
    found = []
    for number, image in _page_images(data, mime, doc):
        width, height = sizes.get(number, (image.width * 72 / RENDER_DPI, image.height * 72 / RENDER_DPI))
        codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        if not codes and max(image.size) < SMALL_IMAGE:
            # A photo of a whole page leaves a code 2-3 px a module: read it again enlarged and sharpened.
            image = image.resize((image.width * 2, image.height * 2), Image.Resampling.LANCZOS) \
                .filter(ImageFilter.UnsharpMask(2, 150, 2))
            codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        sx, sy = width / image.width, height / image.height
        for code in codes:
            if not code.valid:
                continue
            corners = [code.position.top_left, code.position.top_right, code.position.bottom_right,
                       code.position.bottom_left]
            xs, ys = [p.x * sx for p in corners], [p.y * sy for p in corners]
            box = [round(min(xs), 1), round(min(ys), 1), round(max(xs), 1), round(max(ys), 1)]
            found.append({**parse(code.text), "text": code.text, "page": number, "bbox": box})
    return found


# --- evidence ---------------------------------------------------------------------------

def _norm(value: str | None) -> str:
    return "".join((value or "").split()).upper()


def _check(invoice: dict, code: str, passed: bool, detail: str) -> None:
    invoice["validation"]["checks"].append({"code": code, "passed": passed, "detail": detail})


def _confirm(invoice: dict, path: str, code: dict, taken: bool = False) -> None:
    """Raise the field's confidence; its box is the code's when the value was taken from it,
    else the printed value keeps its own box (the code's only where there was none)."""
    fields = invoice["confidence"]["fields"]
    fields[path] = max(fields.get(path, 0.0), EVIDENCE_CONFIDENCE)
    box = {"page": code["page"], "bbox": code["bbox"]}
    if taken:
        invoice["sources"][path] = box
    else:
        invoice["sources"].setdefault(path, box)


def _contradict(invoice: dict, path: str, warning: str) -> None:
    fields = invoice["confidence"]["fields"]
    fields[path] = min(fields.get(path, 1.0), MISMATCH_CONFIDENCE)
    invoice["validation"]["warnings"].append(warning)


def _epc_evidence(invoice: dict, code: dict) -> None:
    seller = invoice.get("seller")
    if seller is None:
        seller = invoice["seller"] = {}
    printed = _norm(seller.get("iban"))
    buyer = invoice.get("buyer") or {}
    if not printed and invoice.get("documentType") != "credit_note" and _norm(buyer.get("iban")) == code["iban"]:
        # An invoice's payment code pays its seller: the page's account was given to the wrong party.
        buyer["iban"] = None
        invoice["confidence"]["fields"].pop("buyer.iban", None)
        invoice["sources"].pop("buyer.iban", None)
        invoice["validation"]["warnings"].append(
            f"buyer.iban: {code['iban']} is the payee's account in the payment QR code, so the seller's")
    _witness(invoice, code, "seller.iban", "payment_qr.iban", code["iban"],
             seller["iban"] if printed else None, printed == code["iban"], "page")
    if not printed:
        seller["iban"] = code["iban"]
    if code["bic"] and not seller.get("swift"):
        seller["swift"] = code["bic"]
        _confirm(invoice, "seller.swift", code, taken=True)
    _reference_evidence(invoice, code)
    if code["amount"] is None or code["currency"] != (invoice.get("currency") or "EUR"):
        return
    totals = invoice.get("totals")
    if totals is None:
        totals = invoice["totals"] = {}
    path = "totals.payable" if totals.get("payable") is not None or totals.get("gross") is None else "totals.gross"
    printed_amount = totals.get(path.split(".")[1])
    if printed_amount is None:
        totals["payable"] = code["amount"]
        _confirm(invoice, "totals.payable", code, taken=True)
        _check(invoice, "payment_qr.amount", True, f"totals.payable {code['amount']} taken from the payment QR code")
    elif Decimal(printed_amount) == Decimal(code["amount"]):
        _confirm(invoice, path, code)
        _check(invoice, "payment_qr.amount", True, f"{path} {printed_amount} agrees with the payment QR code")
    else:
        _contradict(invoice, path, f"{path}: the payment QR code says {code['amount']}, the page reads {printed_amount}")
        _check(invoice, "payment_qr.amount", False,
               f"the payment QR code says {code['amount']}, {path} on the page is {printed_amount}")


def epc_reference(code: dict) -> str | None:
    """What an EPC code asks the payer to quote: its structured creditor reference (ISO 11649
    `RF...`), else its unstructured remittance text (the standard allows only one of them)."""
    return code.get("reference") or code.get("remittance")


def _reference_evidence(invoice: dict, code: dict) -> None:
    """The payment reference: taken from the code when the invoice has none, else confirmed
    or contradicted (compared without spaces and case, as banks compare references)."""
    reference = epc_reference(code)
    if reference is None:
        return
    printed = invoice.get("paymentReference")
    _witness(invoice, code, "paymentReference", "payment_qr.reference", reference,
             printed or None, bool(printed) and _norm(printed) == _norm(reference), "invoice")
    if not printed:
        invoice["paymentReference"] = reference


def _witness(invoice: dict, code: dict, path: str, check: str, value: str, read: str | None, agrees: bool,
             where: str) -> None:
    """The code as a second witness of one field: its `value` is taken where nothing was
    `read` (the caller sets it), confirmed where the two agree, else contradicted (a lower
    confidence, a failed check and a warning naming both)."""
    if read is None:
        _confirm(invoice, path, code, taken=True)
        _check(invoice, check, True, f"{path} {value} taken from the payment QR code")
    elif agrees:
        _confirm(invoice, path, code)
        _check(invoice, check, True, f"{path} {read} agrees with the payment QR code")
    else:
        _contradict(invoice, path, f"{path}: the payment QR code says {value}, the {where} reads {read}")
        _check(invoice, check, False, f"the payment QR code says {value}, the {where} reads {read}")


def _ksef_evidence(invoice: dict, code: dict, text: str) -> None:
    numbers = [m for m in KSEF_NUMBER.finditer(text) if m.group(1) == code["sellerNip"]]
    if numbers:
        code["ksefNumber"] = numbers[0].group(0)
    vat_code = _norm((invoice.get("seller") or {}).get("vatCode"))
    if vat_code:
        nip = vat_code.removeprefix("PL")
        _check(invoice, "ksef_qr.seller", nip == code["sellerNip"],
               f"the KSeF link names seller NIP {code['sellerNip']}, the invoice {vat_code}")
        if nip != code["sellerNip"]:
            _contradict(invoice, "seller.vatCode", f"seller.vatCode: the KSeF QR code names NIP {code['sellerNip']}, "
                                                   f"the page reads {vat_code}")
    if invoice.get("issueDate"):
        agrees = invoice["issueDate"] == code["issueDate"]
        _check(invoice, "ksef_qr.issue_date", agrees,
               f"the KSeF link says issued {code['issueDate']}, the invoice {invoice['issueDate']}")
        if not agrees:
            _contradict(invoice, "issueDate", f"issueDate: the KSeF QR code says {code['issueDate']}, "
                                              f"the page reads {invoice['issueDate']}")


def apply(invoice: dict, codes: list[dict], text: str = "") -> None:
    """Record `codes` in the invoice and weigh each as evidence (in place); `text` is the
    document's text, where a KSeF number is printed beside its code."""
    if not codes:
        return
    for code in codes:
        QrCode.model_validate(code)  # the shape partners read, checked at the engine's edge
    invoice["validation"] = invoice.get("validation") or {"checks": [], "warnings": []}
    invoice["confidence"] = invoice.get("confidence") or {"overall": None, "fields": {}}
    invoice["sources"] = invoice.get("sources") or {}
    epc = [code for code in codes if code["kind"] == "epc"]
    if len({(c["iban"], c["amount"]) for c in epc}) == 1:  # several different payment codes prove nothing
        _epc_evidence(invoice, epc[0])
    for code in codes:
        if code["kind"] == "ksef":
            _ksef_evidence(invoice, code, text)
    invoice["qrCodes"] = codes
    invoice["confidence"]["overall"] = overall(invoice["confidence"]["fields"])


def attach(invoice: dict, data: bytes, mime: str, doc: Document, pages: tuple[int, int] | None = None) -> None:
    """Scan the document for codes and apply those on `pages` (first, last; 1-based, the
    invoice's pages of a file holding several; all by default); a file the scanner cannot
    read costs the invoice nothing (logged, no codes)."""
    first, last = pages or (1, len(doc.pages))
    try:
        codes = [code for code in scan(data, mime, doc) if first <= code["page"] <= last]
    except Exception:  # a reader's failure must never fail the job
        log.exception("QR codes could not be read")
        return
    apply(invoice, codes, Document(doc.pages[first - 1:last]).text if pages else doc.text)
