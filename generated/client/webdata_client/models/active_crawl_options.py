from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.scrape_options import ScrapeOptions


T = TypeVar("T", bound="ActiveCrawlOptions")


@_attrs_define
class ActiveCrawlOptions:
    """The crawl's options; `scrapeOptions` echoes the options it was started with.

    Attributes:
        scrape_options (ScrapeOptions): Options shared by scrape, batch scrape, crawl and extract. All optional.
    """

    scrape_options: ScrapeOptions
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scrape_options = self.scrape_options.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scrapeOptions": scrape_options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scrape_options import ScrapeOptions  # noqa: PLC0415

        d = dict(src_dict)
        scrape_options = ScrapeOptions.from_dict(d.pop("scrapeOptions"))

        active_crawl_options = cls(
            scrape_options=scrape_options,
        )

        active_crawl_options.additional_properties = d
        return active_crawl_options

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
