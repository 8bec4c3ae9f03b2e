from typing import Literal

ListInvoicesAssignment = Literal["confirmed", "discarded", "exempt", "needs_review"]

LIST_INVOICES_ASSIGNMENT_VALUES: set[ListInvoicesAssignment] = {
    "confirmed",
    "discarded",
    "exempt",
    "needs_review",
}


def check_list_invoices_assignment(value: str) -> ListInvoicesAssignment:
    if value in LIST_INVOICES_ASSIGNMENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_INVOICES_ASSIGNMENT_VALUES!r}")
