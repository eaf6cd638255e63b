from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.basic_format_name import BasicFormatName
from ..models.compat_format_name import CompatFormatName
from ..models.pdf_parser_name import PdfParserName
from ..models.scrape_options_proxy import ScrapeOptionsProxy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audit_metadata import AuditMetadata
    from ..models.branding_format import BrandingFormat
    from ..models.change_tracking_format import ChangeTrackingFormat
    from ..models.click_action import ClickAction
    from ..models.execute_javascript_action import ExecuteJavascriptAction
    from ..models.html_format import HtmlFormat
    from ..models.images_format import ImagesFormat
    from ..models.json_format import JsonFormat
    from ..models.links_format import LinksFormat
    from ..models.location import Location
    from ..models.markdown_format import MarkdownFormat
    from ..models.pdf_action import PdfAction
    from ..models.pdf_parser import PdfParser
    from ..models.press_action import PressAction
    from ..models.profile import Profile
    from ..models.raw_base_64_format import RawBase64Format
    from ..models.raw_html_format import RawHtmlFormat
    from ..models.redact_pii_options import RedactPIIOptions
    from ..models.scrape_action import ScrapeAction
    from ..models.scrape_options_headers import ScrapeOptionsHeaders
    from ..models.screenshot_action import ScreenshotAction
    from ..models.screenshot_format import ScreenshotFormat
    from ..models.scroll_action import ScrollAction
    from ..models.summary_format import SummaryFormat
    from ..models.threat_protection_override import ThreatProtectionOverride
    from ..models.wait_action import WaitAction
    from ..models.write_action import WriteAction


T = TypeVar("T", bound="ScrapeRequest")


@_attrs_define
class ScrapeRequest:
    """Body of POST /v2/scrape; scrape options sit at the top level.

    Attributes:
        url (str): The URL to scrape, http or https.
        actions (list[ClickAction | ExecuteJavascriptAction | PdfAction | PressAction | ScrapeAction | ScreenshotAction
            | ScrollAction | WaitAction | WriteAction] | Unset): Performed on the page, in order, before content is taken.
            Forces storeInCache to false.
        audit_metadata (AuditMetadata | Unset): Audit information attached to the request.
        block_ads (bool | Unset): Ad and cookie-popup blocking. Default: True.
        exclude_tags (list[str] | Unset): Tags to exclude from the output.
        formats (list[BasicFormatName | BrandingFormat | ChangeTrackingFormat | CompatFormatName | HtmlFormat |
            ImagesFormat | JsonFormat | LinksFormat | MarkdownFormat | RawBase64Format | RawHtmlFormat | ScreenshotFormat |
            SummaryFormat] | Unset): Output formats; objects select a variant by `type`, strings are the shorthand of the
            basic formats.
        headers (ScrapeOptionsHeaders | Unset): Headers sent with the request (cookies, user-agent, …). Forces
            storeInCache to false.
        include_tags (list[str] | Unset): Tags to include in the output.
        location (Location | Unset): Emulated location; an appropriate proxy is used where available and language and
            timezone are emulated.
        lockdown (bool | Unset): Cache only, never contacts the target; a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with
            the URL not logged. Zero data retention; maxAge defaults to two years. Default: False.
        max_age (int | Unset): Milliseconds; a cached copy younger than this is returned, an older one triggers a fresh
            scrape. Defaults to two years under lockdown. Default: 172800000.
        min_age (int | Unset): Milliseconds; cache only, a copy at least this old is returned, none gives 404
            SCRAPE_NO_CACHED_DATA. 1 accepts any cached copy.
        mobile (bool | Unset): Emulate a mobile device. Default: False.
        only_clean_content (bool | Unset): Beta. An extra pass removing residual boilerplate; skipped with a warning
            when the markdown is too long. Default: False.
        only_main_content (bool | Unset): Deterministic HTML-level filter removing headers, navigation and footers.
            Default: True.
        parsers (list[PdfParser | PdfParserName] | Unset): With "pdf" present, PDFs become markdown at 1 credit per
            page; an empty array returns the PDF base64-encoded at a flat 1 credit.
        profile (Profile | Unset): Persistent browser storage shared by scrapes with the same name.
        proxy (ScrapeOptionsProxy | Unset): basic is fast; enhanced is more reliable on anti-bot sites at the same cost;
            auto retries with enhanced when basic fails, with no surcharge. Default: ScrapeOptionsProxy.AUTO.
        redact_pii (bool | RedactPIIOptions | Unset): Redacts personal data from the returned markdown; true uses
            defaults, an object tunes it. Default: False.
        remove_base_64_images (bool | Unset): Removes base64 images from markdown (alt text kept, URL replaced by a
            placeholder); html and rawHtml keep them. Default: True.
        skip_tls_verification (bool | Unset): Skip TLS certificate verification. Default: True.
        store_in_cache (bool | Unset): When false, the page is not stored in the index and cache. actions and headers
            force it false. Default: True.
        threat_protection (ThreatProtectionOverride | Unset): Per-request override of the team's threat-protection
            policy; supplied fields replace the team's
            for this request only. Needs Threat Protection enabled for the team and overrides allowed (403 otherwise).
        timeout (int | Unset): Milliseconds before the scrape fails. Default: 60000.
        wait_for (int | Unset): Milliseconds to wait before fetching, in addition to the automatic wait. Default: 0.
    """

    url: str
    actions: (
        list[
            ClickAction
            | ExecuteJavascriptAction
            | PdfAction
            | PressAction
            | ScrapeAction
            | ScreenshotAction
            | ScrollAction
            | WaitAction
            | WriteAction
        ]
        | Unset
    ) = UNSET
    audit_metadata: AuditMetadata | Unset = UNSET
    block_ads: bool | Unset = True
    exclude_tags: list[str] | Unset = UNSET
    formats: (
        list[
            BasicFormatName
            | BrandingFormat
            | ChangeTrackingFormat
            | CompatFormatName
            | HtmlFormat
            | ImagesFormat
            | JsonFormat
            | LinksFormat
            | MarkdownFormat
            | RawBase64Format
            | RawHtmlFormat
            | ScreenshotFormat
            | SummaryFormat
        ]
        | Unset
    ) = UNSET
    headers: ScrapeOptionsHeaders | Unset = UNSET
    include_tags: list[str] | Unset = UNSET
    location: Location | Unset = UNSET
    lockdown: bool | Unset = False
    max_age: int | Unset = 172800000
    min_age: int | Unset = UNSET
    mobile: bool | Unset = False
    only_clean_content: bool | Unset = False
    only_main_content: bool | Unset = True
    parsers: list[PdfParser | PdfParserName] | Unset = UNSET
    profile: Profile | Unset = UNSET
    proxy: ScrapeOptionsProxy | Unset = ScrapeOptionsProxy.AUTO
    redact_pii: bool | RedactPIIOptions | Unset = False
    remove_base_64_images: bool | Unset = True
    skip_tls_verification: bool | Unset = True
    store_in_cache: bool | Unset = True
    threat_protection: ThreatProtectionOverride | Unset = UNSET
    timeout: int | Unset = 60000
    wait_for: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.change_tracking_format import ChangeTrackingFormat  # noqa: PLC0415
        from ..models.click_action import ClickAction  # noqa: PLC0415
        from ..models.execute_javascript_action import ExecuteJavascriptAction  # noqa: PLC0415
        from ..models.html_format import HtmlFormat  # noqa: PLC0415
        from ..models.images_format import ImagesFormat  # noqa: PLC0415
        from ..models.json_format import JsonFormat  # noqa: PLC0415
        from ..models.links_format import LinksFormat  # noqa: PLC0415
        from ..models.markdown_format import MarkdownFormat  # noqa: PLC0415
        from ..models.press_action import PressAction  # noqa: PLC0415
        from ..models.raw_base_64_format import RawBase64Format  # noqa: PLC0415
        from ..models.raw_html_format import RawHtmlFormat  # noqa: PLC0415
        from ..models.redact_pii_options import RedactPIIOptions  # noqa: PLC0415
        from ..models.scrape_action import ScrapeAction  # noqa: PLC0415
        from ..models.screenshot_action import ScreenshotAction  # noqa: PLC0415
        from ..models.screenshot_format import ScreenshotFormat  # noqa: PLC0415
        from ..models.scroll_action import ScrollAction  # noqa: PLC0415
        from ..models.summary_format import SummaryFormat  # noqa: PLC0415
        from ..models.wait_action import WaitAction  # noqa: PLC0415
        from ..models.write_action import WriteAction  # noqa: PLC0415

        url = self.url

        actions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.actions, Unset):
            actions = []
            for actions_item_data in self.actions:
                actions_item: dict[str, Any]
                if isinstance(actions_item_data, WaitAction):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, ScreenshotAction):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, ClickAction):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, WriteAction):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, PressAction):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, ScrollAction):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, ScrapeAction):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, ExecuteJavascriptAction):
                    actions_item = actions_item_data.to_dict()
                else:
                    actions_item = actions_item_data.to_dict()

                actions.append(actions_item)

        audit_metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.audit_metadata, Unset):
            audit_metadata = self.audit_metadata.to_dict()

        block_ads = self.block_ads

        exclude_tags: list[str] | Unset = UNSET
        if not isinstance(self.exclude_tags, Unset):
            exclude_tags = self.exclude_tags

        formats: list[dict[str, Any] | str] | Unset = UNSET
        if not isinstance(self.formats, Unset):
            formats = []
            for formats_item_data in self.formats:
                formats_item: dict[str, Any] | str
                if isinstance(formats_item_data, BasicFormatName):
                    formats_item = formats_item_data.value
                elif isinstance(formats_item_data, CompatFormatName):
                    formats_item = formats_item_data.value
                elif isinstance(formats_item_data, MarkdownFormat):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, SummaryFormat):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, HtmlFormat):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, RawHtmlFormat):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, RawBase64Format):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, LinksFormat):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, ImagesFormat):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, ScreenshotFormat):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, JsonFormat):
                    formats_item = formats_item_data.to_dict()
                elif isinstance(formats_item_data, ChangeTrackingFormat):
                    formats_item = formats_item_data.to_dict()
                else:
                    formats_item = formats_item_data.to_dict()

                formats.append(formats_item)

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        include_tags: list[str] | Unset = UNSET
        if not isinstance(self.include_tags, Unset):
            include_tags = self.include_tags

        location: dict[str, Any] | Unset = UNSET
        if not isinstance(self.location, Unset):
            location = self.location.to_dict()

        lockdown = self.lockdown

        max_age = self.max_age

        min_age = self.min_age

        mobile = self.mobile

        only_clean_content = self.only_clean_content

        only_main_content = self.only_main_content

        parsers: list[dict[str, Any] | str] | Unset = UNSET
        if not isinstance(self.parsers, Unset):
            parsers = []
            for parsers_item_data in self.parsers:
                parsers_item: dict[str, Any] | str
                if isinstance(parsers_item_data, PdfParserName):
                    parsers_item = parsers_item_data.value
                else:
                    parsers_item = parsers_item_data.to_dict()

                parsers.append(parsers_item)

        profile: dict[str, Any] | Unset = UNSET
        if not isinstance(self.profile, Unset):
            profile = self.profile.to_dict()

        proxy: str | Unset = UNSET
        if not isinstance(self.proxy, Unset):
            proxy = self.proxy.value

        redact_pii: bool | dict[str, Any] | Unset
        if isinstance(self.redact_pii, Unset):
            redact_pii = UNSET
        elif isinstance(self.redact_pii, RedactPIIOptions):
            redact_pii = self.redact_pii.to_dict()
        else:
            redact_pii = self.redact_pii

        remove_base_64_images = self.remove_base_64_images

        skip_tls_verification = self.skip_tls_verification

        store_in_cache = self.store_in_cache

        threat_protection: dict[str, Any] | Unset = UNSET
        if not isinstance(self.threat_protection, Unset):
            threat_protection = self.threat_protection.to_dict()

        timeout = self.timeout

        wait_for = self.wait_for

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
            }
        )
        if actions is not UNSET:
            field_dict["actions"] = actions
        if audit_metadata is not UNSET:
            field_dict["auditMetadata"] = audit_metadata
        if block_ads is not UNSET:
            field_dict["blockAds"] = block_ads
        if exclude_tags is not UNSET:
            field_dict["excludeTags"] = exclude_tags
        if formats is not UNSET:
            field_dict["formats"] = formats
        if headers is not UNSET:
            field_dict["headers"] = headers
        if include_tags is not UNSET:
            field_dict["includeTags"] = include_tags
        if location is not UNSET:
            field_dict["location"] = location
        if lockdown is not UNSET:
            field_dict["lockdown"] = lockdown
        if max_age is not UNSET:
            field_dict["maxAge"] = max_age
        if min_age is not UNSET:
            field_dict["minAge"] = min_age
        if mobile is not UNSET:
            field_dict["mobile"] = mobile
        if only_clean_content is not UNSET:
            field_dict["onlyCleanContent"] = only_clean_content
        if only_main_content is not UNSET:
            field_dict["onlyMainContent"] = only_main_content
        if parsers is not UNSET:
            field_dict["parsers"] = parsers
        if profile is not UNSET:
            field_dict["profile"] = profile
        if proxy is not UNSET:
            field_dict["proxy"] = proxy
        if redact_pii is not UNSET:
            field_dict["redactPII"] = redact_pii
        if remove_base_64_images is not UNSET:
            field_dict["removeBase64Images"] = remove_base_64_images
        if skip_tls_verification is not UNSET:
            field_dict["skipTlsVerification"] = skip_tls_verification
        if store_in_cache is not UNSET:
            field_dict["storeInCache"] = store_in_cache
        if threat_protection is not UNSET:
            field_dict["threatProtection"] = threat_protection
        if timeout is not UNSET:
            field_dict["timeout"] = timeout
        if wait_for is not UNSET:
            field_dict["waitFor"] = wait_for

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_metadata import AuditMetadata  # noqa: PLC0415
        from ..models.branding_format import BrandingFormat  # noqa: PLC0415
        from ..models.change_tracking_format import ChangeTrackingFormat  # noqa: PLC0415
        from ..models.click_action import ClickAction  # noqa: PLC0415
        from ..models.execute_javascript_action import ExecuteJavascriptAction  # noqa: PLC0415
        from ..models.html_format import HtmlFormat  # noqa: PLC0415
        from ..models.images_format import ImagesFormat  # noqa: PLC0415
        from ..models.json_format import JsonFormat  # noqa: PLC0415
        from ..models.links_format import LinksFormat  # noqa: PLC0415
        from ..models.location import Location  # noqa: PLC0415
        from ..models.markdown_format import MarkdownFormat  # noqa: PLC0415
        from ..models.pdf_action import PdfAction  # noqa: PLC0415
        from ..models.pdf_parser import PdfParser  # noqa: PLC0415
        from ..models.press_action import PressAction  # noqa: PLC0415
        from ..models.profile import Profile  # noqa: PLC0415
        from ..models.raw_base_64_format import RawBase64Format  # noqa: PLC0415
        from ..models.raw_html_format import RawHtmlFormat  # noqa: PLC0415
        from ..models.redact_pii_options import RedactPIIOptions  # noqa: PLC0415
        from ..models.scrape_action import ScrapeAction  # noqa: PLC0415
        from ..models.scrape_options_headers import ScrapeOptionsHeaders  # noqa: PLC0415
        from ..models.screenshot_action import ScreenshotAction  # noqa: PLC0415
        from ..models.screenshot_format import ScreenshotFormat  # noqa: PLC0415
        from ..models.scroll_action import ScrollAction  # noqa: PLC0415
        from ..models.summary_format import SummaryFormat  # noqa: PLC0415
        from ..models.threat_protection_override import ThreatProtectionOverride  # noqa: PLC0415
        from ..models.wait_action import WaitAction  # noqa: PLC0415
        from ..models.write_action import WriteAction  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        _actions = d.pop("actions", UNSET)
        actions: (
            list[
                ClickAction
                | ExecuteJavascriptAction
                | PdfAction
                | PressAction
                | ScrapeAction
                | ScreenshotAction
                | ScrollAction
                | WaitAction
                | WriteAction
            ]
            | Unset
        ) = UNSET
        if _actions is not UNSET:
            actions = []
            for actions_item_data in _actions:

                def _parse_actions_item(
                    data: object,
                ) -> (
                    ClickAction
                    | ExecuteJavascriptAction
                    | PdfAction
                    | PressAction
                    | ScrapeAction
                    | ScreenshotAction
                    | ScrollAction
                    | WaitAction
                    | WriteAction
                ):
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_action_type_0 = WaitAction.from_dict(data)

                        return componentsschemas_action_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_action_type_1 = ScreenshotAction.from_dict(data)

                        return componentsschemas_action_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_action_type_2 = ClickAction.from_dict(data)

                        return componentsschemas_action_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_action_type_3 = WriteAction.from_dict(data)

                        return componentsschemas_action_type_3
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_action_type_4 = PressAction.from_dict(data)

                        return componentsschemas_action_type_4
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_action_type_5 = ScrollAction.from_dict(data)

                        return componentsschemas_action_type_5
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_action_type_6 = ScrapeAction.from_dict(data)

                        return componentsschemas_action_type_6
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_action_type_7 = ExecuteJavascriptAction.from_dict(data)

                        return componentsschemas_action_type_7
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_8 = PdfAction.from_dict(data)

                    return componentsschemas_action_type_8

                actions_item = _parse_actions_item(actions_item_data)

                actions.append(actions_item)

        _audit_metadata = d.pop("auditMetadata", UNSET)
        audit_metadata: AuditMetadata | Unset
        if isinstance(_audit_metadata, Unset):
            audit_metadata = UNSET
        else:
            audit_metadata = AuditMetadata.from_dict(_audit_metadata)

        block_ads = d.pop("blockAds", UNSET)

        exclude_tags = cast(list[str], d.pop("excludeTags", UNSET))

        _formats = d.pop("formats", UNSET)
        formats: (
            list[
                BasicFormatName
                | BrandingFormat
                | ChangeTrackingFormat
                | CompatFormatName
                | HtmlFormat
                | ImagesFormat
                | JsonFormat
                | LinksFormat
                | MarkdownFormat
                | RawBase64Format
                | RawHtmlFormat
                | ScreenshotFormat
                | SummaryFormat
            ]
            | Unset
        ) = UNSET
        if _formats is not UNSET:
            formats = []
            for formats_item_data in _formats:

                def _parse_formats_item(
                    data: object,
                ) -> (
                    BasicFormatName
                    | BrandingFormat
                    | ChangeTrackingFormat
                    | CompatFormatName
                    | HtmlFormat
                    | ImagesFormat
                    | JsonFormat
                    | LinksFormat
                    | MarkdownFormat
                    | RawBase64Format
                    | RawHtmlFormat
                    | ScreenshotFormat
                    | SummaryFormat
                ):
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_format_item_type_0 = BasicFormatName(data)

                        return componentsschemas_format_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_format_item_type_1 = CompatFormatName(data)

                        return componentsschemas_format_item_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_0 = MarkdownFormat.from_dict(data)

                        return componentsschemas_format_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_1 = SummaryFormat.from_dict(data)

                        return componentsschemas_format_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_2 = HtmlFormat.from_dict(data)

                        return componentsschemas_format_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_3 = RawHtmlFormat.from_dict(data)

                        return componentsschemas_format_type_3
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_4 = RawBase64Format.from_dict(data)

                        return componentsschemas_format_type_4
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_5 = LinksFormat.from_dict(data)

                        return componentsschemas_format_type_5
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_6 = ImagesFormat.from_dict(data)

                        return componentsschemas_format_type_6
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_7 = ScreenshotFormat.from_dict(data)

                        return componentsschemas_format_type_7
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_8 = JsonFormat.from_dict(data)

                        return componentsschemas_format_type_8
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_format_type_9 = ChangeTrackingFormat.from_dict(data)

                        return componentsschemas_format_type_9
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_format_type_10 = BrandingFormat.from_dict(data)

                    return componentsschemas_format_type_10

                formats_item = _parse_formats_item(formats_item_data)

                formats.append(formats_item)

        _headers = d.pop("headers", UNSET)
        headers: ScrapeOptionsHeaders | Unset
        if isinstance(_headers, Unset):
            headers = UNSET
        else:
            headers = ScrapeOptionsHeaders.from_dict(_headers)

        include_tags = cast(list[str], d.pop("includeTags", UNSET))

        _location = d.pop("location", UNSET)
        location: Location | Unset
        if isinstance(_location, Unset):
            location = UNSET
        else:
            location = Location.from_dict(_location)

        lockdown = d.pop("lockdown", UNSET)

        max_age = d.pop("maxAge", UNSET)

        min_age = d.pop("minAge", UNSET)

        mobile = d.pop("mobile", UNSET)

        only_clean_content = d.pop("onlyCleanContent", UNSET)

        only_main_content = d.pop("onlyMainContent", UNSET)

        _parsers = d.pop("parsers", UNSET)
        parsers: list[PdfParser | PdfParserName] | Unset = UNSET
        if _parsers is not UNSET:
            parsers = []
            for parsers_item_data in _parsers:

                def _parse_parsers_item(data: object) -> PdfParser | PdfParserName:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_parser_item_type_0 = PdfParserName(data)

                        return componentsschemas_parser_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_parser_item_type_1 = PdfParser.from_dict(data)

                    return componentsschemas_parser_item_type_1

                parsers_item = _parse_parsers_item(parsers_item_data)

                parsers.append(parsers_item)

        _profile = d.pop("profile", UNSET)
        profile: Profile | Unset
        if isinstance(_profile, Unset):
            profile = UNSET
        else:
            profile = Profile.from_dict(_profile)

        _proxy = d.pop("proxy", UNSET)
        proxy: ScrapeOptionsProxy | Unset
        if isinstance(_proxy, Unset):
            proxy = UNSET
        else:
            proxy = ScrapeOptionsProxy(_proxy)

        def _parse_redact_pii(data: object) -> bool | RedactPIIOptions | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                redact_pii_type_1 = RedactPIIOptions.from_dict(data)

                return redact_pii_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(bool | RedactPIIOptions | Unset, data)

        redact_pii = _parse_redact_pii(d.pop("redactPII", UNSET))

        remove_base_64_images = d.pop("removeBase64Images", UNSET)

        skip_tls_verification = d.pop("skipTlsVerification", UNSET)

        store_in_cache = d.pop("storeInCache", UNSET)

        _threat_protection = d.pop("threatProtection", UNSET)
        threat_protection: ThreatProtectionOverride | Unset
        if isinstance(_threat_protection, Unset):
            threat_protection = UNSET
        else:
            threat_protection = ThreatProtectionOverride.from_dict(_threat_protection)

        timeout = d.pop("timeout", UNSET)

        wait_for = d.pop("waitFor", UNSET)

        scrape_request = cls(
            url=url,
            actions=actions,
            audit_metadata=audit_metadata,
            block_ads=block_ads,
            exclude_tags=exclude_tags,
            formats=formats,
            headers=headers,
            include_tags=include_tags,
            location=location,
            lockdown=lockdown,
            max_age=max_age,
            min_age=min_age,
            mobile=mobile,
            only_clean_content=only_clean_content,
            only_main_content=only_main_content,
            parsers=parsers,
            profile=profile,
            proxy=proxy,
            redact_pii=redact_pii,
            remove_base_64_images=remove_base_64_images,
            skip_tls_verification=skip_tls_verification,
            store_in_cache=store_in_cache,
            threat_protection=threat_protection,
            timeout=timeout,
            wait_for=wait_for,
        )

        scrape_request.additional_properties = d
        return scrape_request

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
