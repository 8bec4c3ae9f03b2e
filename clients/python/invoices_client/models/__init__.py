"""Contains all the data models used in inputs/outputs"""

from .address import Address
from .address_patch import AddressPatch
from .assignment import Assignment
from .assignment_move import AssignmentMove
from .assignment_status_type_0 import AssignmentStatusType0
from .batch_item import BatchItem
from .batch_item_status_value import BatchItemStatusValue
from .batch_upload_result import BatchUploadResult
from .candidate import Candidate
from .client import Client
from .client_mode import ClientMode
from .confidence import Confidence
from .confidence_fields import ConfidenceFields
from .contact import Contact
from .contact_address import ContactAddress
from .contact_input import ContactInput
from .contact_mode_value import ContactModeValue
from .contact_page import ContactPage
from .contact_patch import ContactPatch
from .create_webhook_response_201 import CreateWebhookResponse201
from .credits_ import Credits
from .credits_last_grant_type_0 import CreditsLastGrantType0
from .credits_mode import CreditsMode
from .event_data import EventData
from .event_envelope import EventEnvelope
from .event_envelope_type_value import EventEnvelopeTypeValue
from .event_job import EventJob
from .event_job_status_value import EventJobStatusValue
from .export_invoice_format import ExportInvoiceFormat
from .extraction import Extraction
from .field_change import FieldChange
from .field_error import FieldError
from .get_me_response_200 import GetMeResponse200
from .get_me_response_200_key import GetMeResponse200Key
from .get_me_response_200_key_mode import GetMeResponse200KeyMode
from .get_me_response_200_team import GetMeResponse200Team
from .get_webhook_delivery_response_200 import GetWebhookDeliveryResponse200
from .history_entry import HistoryEntry
from .history_entry_source_value import HistoryEntrySourceValue
from .invoice import Invoice
from .invoice_direction_type_0 import InvoiceDirectionType0
from .invoice_document_type_type_0 import InvoiceDocumentTypeType0
from .invoice_line import InvoiceLine
from .invoice_line_kind_type_0 import InvoiceLineKindType0
from .invoice_mode_value import InvoiceModeValue
from .invoice_page import InvoicePage
from .invoice_patch import InvoicePatch
from .invoice_patch_direction_type_0 import InvoicePatchDirectionType0
from .invoice_patch_document_type_type_0 import InvoicePatchDocumentTypeType0
from .invoice_sources import InvoiceSources
from .invoice_status import InvoiceStatus
from .invoice_status_status_value import InvoiceStatusStatusValue
from .invoice_status_value import InvoiceStatusValue
from .invoice_stub import InvoiceStub
from .invoice_stub_status_value import InvoiceStubStatusValue
from .invoice_summary import InvoiceSummary
from .invoice_summary_assignment_status_type_0 import InvoiceSummaryAssignmentStatusType0
from .invoice_summary_direction_type_0 import InvoiceSummaryDirectionType0
from .invoice_summary_status_type_0 import InvoiceSummaryStatusType0
from .job import Job
from .job_error import JobError
from .job_page import JobPage
from .job_status_value import JobStatusValue
from .line import Line
from .line_kind_type_0 import LineKindType0
from .list_clients_response_200 import ListClientsResponse200
from .list_contacts_response_200 import ListContactsResponse200
from .list_invoices_assignment import ListInvoicesAssignment
from .list_invoices_response_200 import ListInvoicesResponse200
from .list_invoices_status import ListInvoicesStatus
from .list_jobs_response_200 import ListJobsResponse200
from .list_jobs_status import ListJobsStatus
from .list_webhook_deliveries_response_200 import ListWebhookDeliveriesResponse200
from .list_webhook_deliveries_status import ListWebhookDeliveriesStatus
from .list_webhooks_response_200 import ListWebhooksResponse200
from .move_invoice_assignment_body import MoveInvoiceAssignmentBody
from .party import Party
from .party_address import PartyAddress
from .party_patch import PartyPatch
from .problem import Problem
from .qr_code import QrCode
from .qr_code_kind_value import QrCodeKindValue
from .rejected_file import RejectedFile
from .reprocess_invoice_response_202 import ReprocessInvoiceResponse202
from .reprocess_invoice_response_202_status import ReprocessInvoiceResponse202Status
from .resolution import Resolution
from .resolution_action_value import ResolutionActionValue
from .resolution_source_type_0 import ResolutionSourceType0
from .rotate_webhook_secret_response_200 import RotateWebhookSecretResponse200
from .source_box import SourceBox
from .totals import Totals
from .totals_patch import TotalsPatch
from .upload_invoice_batch_body import UploadInvoiceBatchBody
from .upload_invoice_body import UploadInvoiceBody
from .upload_invoice_body_hints_test_scenario import UploadInvoiceBodyHintsTestScenario
from .upload_result import UploadResult
from .upload_result_status_value import UploadResultStatusValue
from .validation import Validation
from .validation_check import ValidationCheck
from .vat_breakdown_entry import VatBreakdownEntry
from .vat_entry import VatEntry
from .vat_entry_category_type_0 import VatEntryCategoryType0
from .webhook_attempt import WebhookAttempt
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_endpoint import WebhookEndpoint
from .webhook_endpoint_create import WebhookEndpointCreate
from .webhook_endpoint_create_events_item import WebhookEndpointCreateEventsItem
from .webhook_endpoint_create_source_filter_type_1 import WebhookEndpointCreateSourceFilterType1
from .webhook_endpoint_mode import WebhookEndpointMode
from .webhook_endpoint_update import WebhookEndpointUpdate
from .webhook_endpoint_update_events_type_0_item import WebhookEndpointUpdateEventsType0Item
from .webhook_endpoint_update_source_filter_type_1 import WebhookEndpointUpdateSourceFilterType1
from .webhook_event_type import WebhookEventType
from .webhook_source_filter_type_0 import WebhookSourceFilterType0
from .webhook_source_filter_type_1 import WebhookSourceFilterType1

__all__ = (
    "Address",
    "AddressPatch",
    "Assignment",
    "AssignmentMove",
    "AssignmentStatusType0",
    "BatchItem",
    "BatchItemStatusValue",
    "BatchUploadResult",
    "Candidate",
    "Client",
    "ClientMode",
    "Confidence",
    "ConfidenceFields",
    "Contact",
    "ContactAddress",
    "ContactInput",
    "ContactModeValue",
    "ContactPage",
    "ContactPatch",
    "CreateWebhookResponse201",
    "Credits",
    "CreditsLastGrantType0",
    "CreditsMode",
    "EventData",
    "EventEnvelope",
    "EventEnvelopeTypeValue",
    "EventJob",
    "EventJobStatusValue",
    "ExportInvoiceFormat",
    "Extraction",
    "FieldChange",
    "FieldError",
    "GetMeResponse200",
    "GetMeResponse200Key",
    "GetMeResponse200KeyMode",
    "GetMeResponse200Team",
    "GetWebhookDeliveryResponse200",
    "HistoryEntry",
    "HistoryEntrySourceValue",
    "Invoice",
    "InvoiceDirectionType0",
    "InvoiceDocumentTypeType0",
    "InvoiceLine",
    "InvoiceLineKindType0",
    "InvoiceModeValue",
    "InvoicePage",
    "InvoicePatch",
    "InvoicePatchDirectionType0",
    "InvoicePatchDocumentTypeType0",
    "InvoiceSources",
    "InvoiceStatus",
    "InvoiceStatusStatusValue",
    "InvoiceStatusValue",
    "InvoiceStub",
    "InvoiceStubStatusValue",
    "InvoiceSummary",
    "InvoiceSummaryAssignmentStatusType0",
    "InvoiceSummaryDirectionType0",
    "InvoiceSummaryStatusType0",
    "Job",
    "JobError",
    "JobPage",
    "JobStatusValue",
    "Line",
    "LineKindType0",
    "ListClientsResponse200",
    "ListContactsResponse200",
    "ListInvoicesAssignment",
    "ListInvoicesResponse200",
    "ListInvoicesStatus",
    "ListJobsResponse200",
    "ListJobsStatus",
    "ListWebhookDeliveriesResponse200",
    "ListWebhookDeliveriesStatus",
    "ListWebhooksResponse200",
    "MoveInvoiceAssignmentBody",
    "Party",
    "PartyAddress",
    "PartyPatch",
    "Problem",
    "QrCode",
    "QrCodeKindValue",
    "RejectedFile",
    "ReprocessInvoiceResponse202",
    "ReprocessInvoiceResponse202Status",
    "Resolution",
    "ResolutionActionValue",
    "ResolutionSourceType0",
    "RotateWebhookSecretResponse200",
    "SourceBox",
    "Totals",
    "TotalsPatch",
    "UploadInvoiceBatchBody",
    "UploadInvoiceBody",
    "UploadInvoiceBodyHintsTestScenario",
    "UploadResult",
    "UploadResultStatusValue",
    "Validation",
    "ValidationCheck",
    "VatBreakdownEntry",
    "VatEntry",
    "VatEntryCategoryType0",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookDeliveryStatus",
    "WebhookEndpoint",
    "WebhookEndpointCreate",
    "WebhookEndpointCreateEventsItem",
    "WebhookEndpointCreateSourceFilterType1",
    "WebhookEndpointMode",
    "WebhookEndpointUpdate",
    "WebhookEndpointUpdateEventsType0Item",
    "WebhookEndpointUpdateSourceFilterType1",
    "WebhookEventType",
    "WebhookSourceFilterType0",
    "WebhookSourceFilterType1",
)
