"""Contains all the data models used in inputs/outputs"""

from .action_results import ActionResults
from .action_results_javascript_returns_item import ActionResultsJavascriptReturnsItem
from .action_results_scrapes_item import ActionResultsScrapesItem
from .active_crawl import ActiveCrawl
from .active_crawl_options import ActiveCrawlOptions
from .active_crawls_response import ActiveCrawlsResponse
from .agent_cancel_response import AgentCancelResponse
from .agent_job_status import AgentJobStatus
from .agent_request import AgentRequest
from .agent_request_schema import AgentRequestSchema
from .agent_start_response import AgentStartResponse
from .agent_status_response import AgentStatusResponse
from .audit_metadata import AuditMetadata
from .basic_format_name import BasicFormatName
from .batch_scrape_cancel_response import BatchScrapeCancelResponse
from .batch_scrape_request import BatchScrapeRequest
from .batch_scrape_start_response import BatchScrapeStartResponse
from .branding_format import BrandingFormat
from .branding_profile import BrandingProfile
from .branding_profile_color_scheme import BrandingProfileColorScheme
from .branding_profile_colors import BrandingProfileColors
from .branding_profile_fonts_item import BrandingProfileFontsItem
from .change_tracking_format import ChangeTrackingFormat
from .change_tracking_format_modes_item import ChangeTrackingFormatModesItem
from .change_tracking_format_schema import ChangeTrackingFormatSchema
from .change_tracking_result import ChangeTrackingResult
from .change_tracking_result_change_status import ChangeTrackingResultChangeStatus
from .change_tracking_result_diff import ChangeTrackingResultDiff
from .change_tracking_result_json import ChangeTrackingResultJson
from .change_tracking_result_visibility import ChangeTrackingResultVisibility
from .click_action import ClickAction
from .compat_format_name import CompatFormatName
from .crawl_cancel_response import CrawlCancelResponse
from .crawl_options import CrawlOptions
from .crawl_options_sitemap import CrawlOptionsSitemap
from .crawl_params_preview_data import CrawlParamsPreviewData
from .crawl_params_preview_request import CrawlParamsPreviewRequest
from .crawl_params_preview_response import CrawlParamsPreviewResponse
from .crawl_request import CrawlRequest
from .crawl_start_response import CrawlStartResponse
from .credit_usage import CreditUsage
from .credit_usage_period import CreditUsagePeriod
from .credit_usage_response import CreditUsageResponse
from .document import Document
from .document_metadata import DocumentMetadata
from .document_metadata_cache_state import DocumentMetadataCacheState
from .document_metadata_proxy_used import DocumentMetadataProxyUsed
from .error import Error
from .execute_javascript_action import ExecuteJavascriptAction
from .extract_job_status import ExtractJobStatus
from .extract_request import ExtractRequest
from .extract_request_schema import ExtractRequestSchema
from .extract_response import ExtractResponse
from .extract_status_response import ExtractStatusResponse
from .extract_status_response_sources import ExtractStatusResponseSources
from .failure_error import FailureError
from .historical_credit_usage_response import HistoricalCreditUsageResponse
from .html_format import HtmlFormat
from .images_format import ImagesFormat
from .job_status_response import JobStatusResponse
from .json_format import JsonFormat
from .json_format_schema_type_0 import JsonFormatSchemaType0
from .links_format import LinksFormat
from .location import Location
from .markdown_format import MarkdownFormat
from .pdf_action import PdfAction
from .pdf_action_format import PdfActionFormat
from .pdf_block import PdfBlock
from .pdf_block_confidence import PdfBlockConfidence
from .pdf_page import PdfPage
from .pdf_page_blocks import PdfPageBlocks
from .pdf_parser import PdfParser
from .pdf_parser_mode import PdfParserMode
from .pdf_parser_name import PdfParserName
from .press_action import PressAction
from .profile import Profile
from .raw_base_64_format import RawBase64Format
from .raw_html_format import RawHtmlFormat
from .redact_pii_options import RedactPIIOptions
from .redact_pii_options_entities_item import RedactPIIOptionsEntitiesItem
from .redact_pii_options_mode import RedactPIIOptionsMode
from .redact_pii_options_replace_style import RedactPIIOptionsReplaceStyle
from .scrape_action import ScrapeAction
from .scrape_forbidden_error import ScrapeForbiddenError
from .scrape_forbidden_error_code import ScrapeForbiddenErrorCode
from .scrape_job_status import ScrapeJobStatus
from .scrape_not_found_error import ScrapeNotFoundError
from .scrape_not_found_error_code import ScrapeNotFoundErrorCode
from .scrape_options import ScrapeOptions
from .scrape_options_headers import ScrapeOptionsHeaders
from .scrape_options_proxy import ScrapeOptionsProxy
from .scrape_request import ScrapeRequest
from .scrape_response import ScrapeResponse
from .screenshot_action import ScreenshotAction
from .screenshot_format import ScreenshotFormat
from .scroll_action import ScrollAction
from .scroll_action_direction import ScrollActionDirection
from .summary_format import SummaryFormat
from .threat_protection_override import ThreatProtectionOverride
from .threat_protection_override_failure_policy import ThreatProtectionOverrideFailurePolicy
from .threat_protection_override_mode import ThreatProtectionOverrideMode
from .token_usage import TokenUsage
from .token_usage_response import TokenUsageResponse
from .viewport import Viewport
from .wait_action import WaitAction
from .webhook_config import WebhookConfig
from .webhook_config_events_item import WebhookConfigEventsItem
from .webhook_config_headers import WebhookConfigHeaders
from .webhook_config_metadata import WebhookConfigMetadata
from .write_action import WriteAction

__all__ = (
    "ActionResults",
    "ActionResultsJavascriptReturnsItem",
    "ActionResultsScrapesItem",
    "ActiveCrawl",
    "ActiveCrawlOptions",
    "ActiveCrawlsResponse",
    "AgentCancelResponse",
    "AgentJobStatus",
    "AgentRequest",
    "AgentRequestSchema",
    "AgentStartResponse",
    "AgentStatusResponse",
    "AuditMetadata",
    "BasicFormatName",
    "BatchScrapeCancelResponse",
    "BatchScrapeRequest",
    "BatchScrapeStartResponse",
    "BrandingFormat",
    "BrandingProfile",
    "BrandingProfileColors",
    "BrandingProfileColorScheme",
    "BrandingProfileFontsItem",
    "ChangeTrackingFormat",
    "ChangeTrackingFormatModesItem",
    "ChangeTrackingFormatSchema",
    "ChangeTrackingResult",
    "ChangeTrackingResultChangeStatus",
    "ChangeTrackingResultDiff",
    "ChangeTrackingResultJson",
    "ChangeTrackingResultVisibility",
    "ClickAction",
    "CompatFormatName",
    "CrawlCancelResponse",
    "CrawlOptions",
    "CrawlOptionsSitemap",
    "CrawlParamsPreviewData",
    "CrawlParamsPreviewRequest",
    "CrawlParamsPreviewResponse",
    "CrawlRequest",
    "CrawlStartResponse",
    "CreditUsage",
    "CreditUsagePeriod",
    "CreditUsageResponse",
    "Document",
    "DocumentMetadata",
    "DocumentMetadataCacheState",
    "DocumentMetadataProxyUsed",
    "Error",
    "ExecuteJavascriptAction",
    "ExtractJobStatus",
    "ExtractRequest",
    "ExtractRequestSchema",
    "ExtractResponse",
    "ExtractStatusResponse",
    "ExtractStatusResponseSources",
    "FailureError",
    "HistoricalCreditUsageResponse",
    "HtmlFormat",
    "ImagesFormat",
    "JobStatusResponse",
    "JsonFormat",
    "JsonFormatSchemaType0",
    "LinksFormat",
    "Location",
    "MarkdownFormat",
    "PdfAction",
    "PdfActionFormat",
    "PdfBlock",
    "PdfBlockConfidence",
    "PdfPage",
    "PdfPageBlocks",
    "PdfParser",
    "PdfParserMode",
    "PdfParserName",
    "PressAction",
    "Profile",
    "RawBase64Format",
    "RawHtmlFormat",
    "RedactPIIOptions",
    "RedactPIIOptionsEntitiesItem",
    "RedactPIIOptionsMode",
    "RedactPIIOptionsReplaceStyle",
    "ScrapeAction",
    "ScrapeForbiddenError",
    "ScrapeForbiddenErrorCode",
    "ScrapeJobStatus",
    "ScrapeNotFoundError",
    "ScrapeNotFoundErrorCode",
    "ScrapeOptions",
    "ScrapeOptionsHeaders",
    "ScrapeOptionsProxy",
    "ScrapeRequest",
    "ScrapeResponse",
    "ScreenshotAction",
    "ScreenshotFormat",
    "ScrollAction",
    "ScrollActionDirection",
    "SummaryFormat",
    "ThreatProtectionOverride",
    "ThreatProtectionOverrideFailurePolicy",
    "ThreatProtectionOverrideMode",
    "TokenUsage",
    "TokenUsageResponse",
    "Viewport",
    "WaitAction",
    "WebhookConfig",
    "WebhookConfigEventsItem",
    "WebhookConfigHeaders",
    "WebhookConfigMetadata",
    "WriteAction",
)
