from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.crawl_options_sitemap import CrawlOptionsSitemap
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scrape_options import ScrapeOptions
    from ..models.webhook_config import WebhookConfig


T = TypeVar("T", bound="CrawlRequest")


@_attrs_define
class CrawlRequest:
    """Body of POST /v2/crawl.

    Attributes:
        url (str):
        allow_external_links (bool | Unset):  Default: False.
        allow_subdomains (bool | Unset):  Default: False.
        crawl_entire_domain (bool | Unset): Follow links to sibling and parent paths; replaces v1 allowBackwardCrawling.
            Default: False.
        deduplicate_similar_ur_ls (bool | Unset):  Default: True.
        delay (float | Unset): Seconds between page fetches.
        exclude_paths (list[str] | Unset): Regular expressions of paths to exclude.
        ignore_query_parameters (bool | Unset):  Default: False.
        ignore_robots_txt (bool | Unset):  Default: False.
        include_paths (list[str] | Unset): Regular expressions of paths to include.
        limit (int | Unset): Maximum pages crawled. Default: 10000.
        max_concurrency (int | Unset):
        max_discovery_depth (int | Unset): Link hops from the start URL; replaces v1 maxDepth.
        scrape_options (ScrapeOptions | Unset): Options shared by scrape, batch scrape, crawl and extract. All optional.
        sitemap (CrawlOptionsSitemap | Unset): Use of sitemap.xml; replaces v1 ignoreSitemap. Default:
            CrawlOptionsSitemap.INCLUDE.
        webhook (str | Unset | WebhookConfig): Where job events are posted.
        zero_data_retention (bool | Unset):  Default: False.
        prompt (str | Unset): Natural-language description from which paths and limits are derived.
    """

    url: str
    allow_external_links: bool | Unset = False
    allow_subdomains: bool | Unset = False
    crawl_entire_domain: bool | Unset = False
    deduplicate_similar_ur_ls: bool | Unset = True
    delay: float | Unset = UNSET
    exclude_paths: list[str] | Unset = UNSET
    ignore_query_parameters: bool | Unset = False
    ignore_robots_txt: bool | Unset = False
    include_paths: list[str] | Unset = UNSET
    limit: int | Unset = 10000
    max_concurrency: int | Unset = UNSET
    max_discovery_depth: int | Unset = UNSET
    scrape_options: ScrapeOptions | Unset = UNSET
    sitemap: CrawlOptionsSitemap | Unset = CrawlOptionsSitemap.INCLUDE
    webhook: str | Unset | WebhookConfig = UNSET
    zero_data_retention: bool | Unset = False
    prompt: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_config import WebhookConfig  # noqa: PLC0415

        url = self.url

        allow_external_links = self.allow_external_links

        allow_subdomains = self.allow_subdomains

        crawl_entire_domain = self.crawl_entire_domain

        deduplicate_similar_ur_ls = self.deduplicate_similar_ur_ls

        delay = self.delay

        exclude_paths: list[str] | Unset = UNSET
        if not isinstance(self.exclude_paths, Unset):
            exclude_paths = self.exclude_paths

        ignore_query_parameters = self.ignore_query_parameters

        ignore_robots_txt = self.ignore_robots_txt

        include_paths: list[str] | Unset = UNSET
        if not isinstance(self.include_paths, Unset):
            include_paths = self.include_paths

        limit = self.limit

        max_concurrency = self.max_concurrency

        max_discovery_depth = self.max_discovery_depth

        scrape_options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.scrape_options, Unset):
            scrape_options = self.scrape_options.to_dict()

        sitemap: str | Unset = UNSET
        if not isinstance(self.sitemap, Unset):
            sitemap = self.sitemap.value

        webhook: dict[str, Any] | str | Unset
        if isinstance(self.webhook, Unset):
            webhook = UNSET
        elif isinstance(self.webhook, WebhookConfig):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        zero_data_retention = self.zero_data_retention

        prompt = self.prompt

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
            }
        )
        if allow_external_links is not UNSET:
            field_dict["allowExternalLinks"] = allow_external_links
        if allow_subdomains is not UNSET:
            field_dict["allowSubdomains"] = allow_subdomains
        if crawl_entire_domain is not UNSET:
            field_dict["crawlEntireDomain"] = crawl_entire_domain
        if deduplicate_similar_ur_ls is not UNSET:
            field_dict["deduplicateSimilarURLs"] = deduplicate_similar_ur_ls
        if delay is not UNSET:
            field_dict["delay"] = delay
        if exclude_paths is not UNSET:
            field_dict["excludePaths"] = exclude_paths
        if ignore_query_parameters is not UNSET:
            field_dict["ignoreQueryParameters"] = ignore_query_parameters
        if ignore_robots_txt is not UNSET:
            field_dict["ignoreRobotsTxt"] = ignore_robots_txt
        if include_paths is not UNSET:
            field_dict["includePaths"] = include_paths
        if limit is not UNSET:
            field_dict["limit"] = limit
        if max_concurrency is not UNSET:
            field_dict["maxConcurrency"] = max_concurrency
        if max_discovery_depth is not UNSET:
            field_dict["maxDiscoveryDepth"] = max_discovery_depth
        if scrape_options is not UNSET:
            field_dict["scrapeOptions"] = scrape_options
        if sitemap is not UNSET:
            field_dict["sitemap"] = sitemap
        if webhook is not UNSET:
            field_dict["webhook"] = webhook
        if zero_data_retention is not UNSET:
            field_dict["zeroDataRetention"] = zero_data_retention
        if prompt is not UNSET:
            field_dict["prompt"] = prompt

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scrape_options import ScrapeOptions  # noqa: PLC0415
        from ..models.webhook_config import WebhookConfig  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        allow_external_links = d.pop("allowExternalLinks", UNSET)

        allow_subdomains = d.pop("allowSubdomains", UNSET)

        crawl_entire_domain = d.pop("crawlEntireDomain", UNSET)

        deduplicate_similar_ur_ls = d.pop("deduplicateSimilarURLs", UNSET)

        delay = d.pop("delay", UNSET)

        exclude_paths = cast(list[str], d.pop("excludePaths", UNSET))

        ignore_query_parameters = d.pop("ignoreQueryParameters", UNSET)

        ignore_robots_txt = d.pop("ignoreRobotsTxt", UNSET)

        include_paths = cast(list[str], d.pop("includePaths", UNSET))

        limit = d.pop("limit", UNSET)

        max_concurrency = d.pop("maxConcurrency", UNSET)

        max_discovery_depth = d.pop("maxDiscoveryDepth", UNSET)

        _scrape_options = d.pop("scrapeOptions", UNSET)
        scrape_options: ScrapeOptions | Unset
        if isinstance(_scrape_options, Unset):
            scrape_options = UNSET
        else:
            scrape_options = ScrapeOptions.from_dict(_scrape_options)

        _sitemap = d.pop("sitemap", UNSET)
        sitemap: CrawlOptionsSitemap | Unset
        if isinstance(_sitemap, Unset):
            sitemap = UNSET
        else:
            sitemap = CrawlOptionsSitemap(_sitemap)

        def _parse_webhook(data: object) -> str | Unset | WebhookConfig:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_webhook_type_1 = WebhookConfig.from_dict(data)

                return componentsschemas_webhook_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | Unset | WebhookConfig, data)

        webhook = _parse_webhook(d.pop("webhook", UNSET))

        zero_data_retention = d.pop("zeroDataRetention", UNSET)

        prompt = d.pop("prompt", UNSET)

        crawl_request = cls(
            url=url,
            allow_external_links=allow_external_links,
            allow_subdomains=allow_subdomains,
            crawl_entire_domain=crawl_entire_domain,
            deduplicate_similar_ur_ls=deduplicate_similar_ur_ls,
            delay=delay,
            exclude_paths=exclude_paths,
            ignore_query_parameters=ignore_query_parameters,
            ignore_robots_txt=ignore_robots_txt,
            include_paths=include_paths,
            limit=limit,
            max_concurrency=max_concurrency,
            max_discovery_depth=max_discovery_depth,
            scrape_options=scrape_options,
            sitemap=sitemap,
            webhook=webhook,
            zero_data_retention=zero_data_retention,
            prompt=prompt,
        )

        crawl_request.additional_properties = d
        return crawl_request

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
