from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.active_crawl import ActiveCrawl


T = TypeVar("T", bound="ActiveCrawlsResponse")


@_attrs_define
class ActiveCrawlsResponse:
    """Answer of GET /v2/crawl/active.

    Attributes:
        crawls (list[ActiveCrawl]):
        success (bool):
    """

    crawls: list[ActiveCrawl]
    success: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        crawls = []
        for crawls_item_data in self.crawls:
            crawls_item = crawls_item_data.to_dict()
            crawls.append(crawls_item)

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "crawls": crawls,
                "success": success,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.active_crawl import ActiveCrawl  # noqa: PLC0415

        d = dict(src_dict)
        crawls = []
        _crawls = d.pop("crawls")
        for crawls_item_data in _crawls:
            crawls_item = ActiveCrawl.from_dict(crawls_item_data)

            crawls.append(crawls_item)

        success = d.pop("success")

        active_crawls_response = cls(
            crawls=crawls,
            success=success,
        )

        active_crawls_response.additional_properties = d
        return active_crawls_response

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
