from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.active_crawl_options import ActiveCrawlOptions


T = TypeVar("T", bound="ActiveCrawl")


@_attrs_define
class ActiveCrawl:
    """An active crawl of the caller's team.

    Attributes:
        id (UUID):
        options (ActiveCrawlOptions): The crawl's options; `scrapeOptions` echoes the options it was started with.
        team_id (str):
        url (str):
    """

    id: UUID
    options: ActiveCrawlOptions
    team_id: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        options = self.options.to_dict()

        team_id = self.team_id

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "options": options,
                "teamId": team_id,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.active_crawl_options import ActiveCrawlOptions  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        options = ActiveCrawlOptions.from_dict(d.pop("options"))

        team_id = d.pop("teamId")

        url = d.pop("url")

        active_crawl = cls(
            id=id,
            options=options,
            team_id=team_id,
            url=url,
        )

        active_crawl.additional_properties = d
        return active_crawl

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
