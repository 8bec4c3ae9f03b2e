from typing import Literal

UploadInvoiceBodyHintsTestScenario = Literal["failed", "needs_review"]

UPLOAD_INVOICE_BODY_HINTS_TEST_SCENARIO_VALUES: set[UploadInvoiceBodyHintsTestScenario] = {
    "failed",
    "needs_review",
}


def check_upload_invoice_body_hints_test_scenario(value: str) -> UploadInvoiceBodyHintsTestScenario:
    if value in UPLOAD_INVOICE_BODY_HINTS_TEST_SCENARIO_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {UPLOAD_INVOICE_BODY_HINTS_TEST_SCENARIO_VALUES!r}")
