from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.extract_request_schema import ExtractRequestSchema
    from ..models.scrape_options import ScrapeOptions
    from ..models.threat_protection_override import ThreatProtectionOverride


T = TypeVar("T", bound="ExtractRequest")


@_attrs_define
class ExtractRequest:
    """Body of POST /v2/extract.

    Attributes:
        urls (list[str]): URLs to extract from, in glob format (`https://example.com/*`). The seed types them as
            `format: uri`; whether an invalid one is an error depends on `ignoreInvalidURLs`, so the
            format is carried by `x-format` and checked by the server, not asserted by the schema.
        enable_web_search (bool | Unset): Use web search to find additional data. Default: False.
        ignore_invalid_ur_ls (bool | Unset): Drop invalid URLs and list them in `invalidURLs`; when false, an invalid
            URL fails the request. Default: True.
        ignore_sitemap (bool | Unset): Ignore sitemap.xml files while scanning a site. Default: False.
        include_subdomains (bool | Unset): Scan subdomains of the given URLs too. Default: True.
        prompt (str | Unset): Guides the extraction.
        schema (ExtractRequestSchema | Unset): Structure of the extracted data; must be a valid JSON Schema.
        scrape_options (ScrapeOptions | Unset): Options shared by scrape, batch scrape, crawl and extract. All optional.
        show_sources (bool | Unset): Return the sources used under `sources`. Default: False.
        threat_protection (ThreatProtectionOverride | Unset): Per-request override of the team's threat-protection
            policy; supplied fields replace the team's
            for this request only. Needs Threat Protection enabled for the team and overrides allowed (403 otherwise).
    """

    urls: list[str]
    enable_web_search: bool | Unset = False
    ignore_invalid_ur_ls: bool | Unset = True
    ignore_sitemap: bool | Unset = False
    include_subdomains: bool | Unset = True
    prompt: str | Unset = UNSET
    schema: ExtractRequestSchema | Unset = UNSET
    scrape_options: ScrapeOptions | Unset = UNSET
    show_sources: bool | Unset = False
    threat_protection: ThreatProtectionOverride | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        urls = self.urls

        enable_web_search = self.enable_web_search

        ignore_invalid_ur_ls = self.ignore_invalid_ur_ls

        ignore_sitemap = self.ignore_sitemap

        include_subdomains = self.include_subdomains

        prompt = self.prompt

        schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.schema, Unset):
            schema = self.schema.to_dict()

        scrape_options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.scrape_options, Unset):
            scrape_options = self.scrape_options.to_dict()

        show_sources = self.show_sources

        threat_protection: dict[str, Any] | Unset = UNSET
        if not isinstance(self.threat_protection, Unset):
            threat_protection = self.threat_protection.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "urls": urls,
            }
        )
        if enable_web_search is not UNSET:
            field_dict["enableWebSearch"] = enable_web_search
        if ignore_invalid_ur_ls is not UNSET:
            field_dict["ignoreInvalidURLs"] = ignore_invalid_ur_ls
        if ignore_sitemap is not UNSET:
            field_dict["ignoreSitemap"] = ignore_sitemap
        if include_subdomains is not UNSET:
            field_dict["includeSubdomains"] = include_subdomains
        if prompt is not UNSET:
            field_dict["prompt"] = prompt
        if schema is not UNSET:
            field_dict["schema"] = schema
        if scrape_options is not UNSET:
            field_dict["scrapeOptions"] = scrape_options
        if show_sources is not UNSET:
            field_dict["showSources"] = show_sources
        if threat_protection is not UNSET:
            field_dict["threatProtection"] = threat_protection

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.extract_request_schema import ExtractRequestSchema  # noqa: PLC0415
        from ..models.scrape_options import ScrapeOptions  # noqa: PLC0415
        from ..models.threat_protection_override import ThreatProtectionOverride  # noqa: PLC0415

        d = dict(src_dict)
        urls = cast(list[str], d.pop("urls"))

        enable_web_search = d.pop("enableWebSearch", UNSET)

        ignore_invalid_ur_ls = d.pop("ignoreInvalidURLs", UNSET)

        ignore_sitemap = d.pop("ignoreSitemap", UNSET)

        include_subdomains = d.pop("includeSubdomains", UNSET)

        prompt = d.pop("prompt", UNSET)

        _schema = d.pop("schema", UNSET)
        schema: ExtractRequestSchema | Unset
        if isinstance(_schema, Unset):
            schema = UNSET
        else:
            schema = ExtractRequestSchema.from_dict(_schema)

        _scrape_options = d.pop("scrapeOptions", UNSET)
        scrape_options: ScrapeOptions | Unset
        if isinstance(_scrape_options, Unset):
            scrape_options = UNSET
        else:
            scrape_options = ScrapeOptions.from_dict(_scrape_options)

        show_sources = d.pop("showSources", UNSET)

        _threat_protection = d.pop("threatProtection", UNSET)
        threat_protection: ThreatProtectionOverride | Unset
        if isinstance(_threat_protection, Unset):
            threat_protection = UNSET
        else:
            threat_protection = ThreatProtectionOverride.from_dict(_threat_protection)

        extract_request = cls(
            urls=urls,
            enable_web_search=enable_web_search,
            ignore_invalid_ur_ls=ignore_invalid_ur_ls,
            ignore_sitemap=ignore_sitemap,
            include_subdomains=include_subdomains,
            prompt=prompt,
            schema=schema,
            scrape_options=scrape_options,
            show_sources=show_sources,
            threat_protection=threat_protection,
        )

        extract_request.additional_properties = d
        return extract_request

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
