from typing import Literal

ListInvoicesStatus = Literal["awaiting_credits", "completed", "discarded", "processing"]

LIST_INVOICES_STATUS_VALUES: set[ListInvoicesStatus] = {
    "awaiting_credits",
    "completed",
    "discarded",
    "processing",
}


def check_list_invoices_status(value: str) -> ListInvoicesStatus:
    if value in LIST_INVOICES_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_INVOICES_STATUS_VALUES!r}")
