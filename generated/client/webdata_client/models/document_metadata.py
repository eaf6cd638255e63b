from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_metadata_cache_state import DocumentMetadataCacheState
from ..models.document_metadata_proxy_used import DocumentMetadataProxyUsed
from ..types import UNSET, Unset

T = TypeVar("T", bound="DocumentMetadata")


@_attrs_define
class DocumentMetadata:
    """Metadata of the page and of the scrape.

    Attributes:
        source_url (str): The URL requested.
        status_code (int):
        cache_state (DocumentMetadataCacheState | Unset):
        cached_at (datetime.datetime | Unset):
        content_type (str | Unset):
        credits_used (int | Unset):
        description (str | Unset):
        error (str | Unset):
        language (str | Unset):
        num_pages (int | Unset):
        proxy_used (DocumentMetadataProxyUsed | Unset):
        scrape_id (str | Unset):
        title (str | Unset):
        url (str | Unset): The URL finally scraped.
    """

    source_url: str
    status_code: int
    cache_state: DocumentMetadataCacheState | Unset = UNSET
    cached_at: datetime.datetime | Unset = UNSET
    content_type: str | Unset = UNSET
    credits_used: int | Unset = UNSET
    description: str | Unset = UNSET
    error: str | Unset = UNSET
    language: str | Unset = UNSET
    num_pages: int | Unset = UNSET
    proxy_used: DocumentMetadataProxyUsed | Unset = UNSET
    scrape_id: str | Unset = UNSET
    title: str | Unset = UNSET
    url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source_url = self.source_url

        status_code = self.status_code

        cache_state: str | Unset = UNSET
        if not isinstance(self.cache_state, Unset):
            cache_state = self.cache_state.value

        cached_at: str | Unset = UNSET
        if not isinstance(self.cached_at, Unset):
            cached_at = self.cached_at.isoformat()

        content_type = self.content_type

        credits_used = self.credits_used

        description = self.description

        error = self.error

        language = self.language

        num_pages = self.num_pages

        proxy_used: str | Unset = UNSET
        if not isinstance(self.proxy_used, Unset):
            proxy_used = self.proxy_used.value

        scrape_id = self.scrape_id

        title = self.title

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sourceURL": source_url,
                "statusCode": status_code,
            }
        )
        if cache_state is not UNSET:
            field_dict["cacheState"] = cache_state
        if cached_at is not UNSET:
            field_dict["cachedAt"] = cached_at
        if content_type is not UNSET:
            field_dict["contentType"] = content_type
        if credits_used is not UNSET:
            field_dict["creditsUsed"] = credits_used
        if description is not UNSET:
            field_dict["description"] = description
        if error is not UNSET:
            field_dict["error"] = error
        if language is not UNSET:
            field_dict["language"] = language
        if num_pages is not UNSET:
            field_dict["numPages"] = num_pages
        if proxy_used is not UNSET:
            field_dict["proxyUsed"] = proxy_used
        if scrape_id is not UNSET:
            field_dict["scrapeId"] = scrape_id
        if title is not UNSET:
            field_dict["title"] = title
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source_url = d.pop("sourceURL")

        status_code = d.pop("statusCode")

        _cache_state = d.pop("cacheState", UNSET)
        cache_state: DocumentMetadataCacheState | Unset
        if isinstance(_cache_state, Unset):
            cache_state = UNSET
        else:
            cache_state = DocumentMetadataCacheState(_cache_state)

        _cached_at = d.pop("cachedAt", UNSET)
        cached_at: datetime.datetime | Unset
        if isinstance(_cached_at, Unset):
            cached_at = UNSET
        else:
            cached_at = datetime.datetime.fromisoformat(_cached_at)

        content_type = d.pop("contentType", UNSET)

        credits_used = d.pop("creditsUsed", UNSET)

        description = d.pop("description", UNSET)

        error = d.pop("error", UNSET)

        language = d.pop("language", UNSET)

        num_pages = d.pop("numPages", UNSET)

        _proxy_used = d.pop("proxyUsed", UNSET)
        proxy_used: DocumentMetadataProxyUsed | Unset
        if isinstance(_proxy_used, Unset):
            proxy_used = UNSET
        else:
            proxy_used = DocumentMetadataProxyUsed(_proxy_used)

        scrape_id = d.pop("scrapeId", UNSET)

        title = d.pop("title", UNSET)

        url = d.pop("url", UNSET)

        document_metadata = cls(
            source_url=source_url,
            status_code=status_code,
            cache_state=cache_state,
            cached_at=cached_at,
            content_type=content_type,
            credits_used=credits_used,
            description=description,
            error=error,
            language=language,
            num_pages=num_pages,
            proxy_used=proxy_used,
            scrape_id=scrape_id,
            title=title,
            url=url,
        )

        document_metadata.additional_properties = d
        return document_metadata

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
