from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.action_results_javascript_returns_item import ActionResultsJavascriptReturnsItem
    from ..models.action_results_scrapes_item import ActionResultsScrapesItem


T = TypeVar("T", bound="ActionResults")


@_attrs_define
class ActionResults:
    """Results of the actions, in order of execution per kind.

    Attributes:
        javascript_returns (list[ActionResultsJavascriptReturnsItem] | Unset):
        pdfs (list[str] | Unset):
        scrapes (list[ActionResultsScrapesItem] | Unset):
        screenshots (list[str] | Unset):
    """

    javascript_returns: list[ActionResultsJavascriptReturnsItem] | Unset = UNSET
    pdfs: list[str] | Unset = UNSET
    scrapes: list[ActionResultsScrapesItem] | Unset = UNSET
    screenshots: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        javascript_returns: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.javascript_returns, Unset):
            javascript_returns = []
            for javascript_returns_item_data in self.javascript_returns:
                javascript_returns_item = javascript_returns_item_data.to_dict()
                javascript_returns.append(javascript_returns_item)

        pdfs: list[str] | Unset = UNSET
        if not isinstance(self.pdfs, Unset):
            pdfs = self.pdfs

        scrapes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scrapes, Unset):
            scrapes = []
            for scrapes_item_data in self.scrapes:
                scrapes_item = scrapes_item_data.to_dict()
                scrapes.append(scrapes_item)

        screenshots: list[str] | Unset = UNSET
        if not isinstance(self.screenshots, Unset):
            screenshots = self.screenshots

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if javascript_returns is not UNSET:
            field_dict["javascriptReturns"] = javascript_returns
        if pdfs is not UNSET:
            field_dict["pdfs"] = pdfs
        if scrapes is not UNSET:
            field_dict["scrapes"] = scrapes
        if screenshots is not UNSET:
            field_dict["screenshots"] = screenshots

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_results_javascript_returns_item import ActionResultsJavascriptReturnsItem  # noqa: PLC0415
        from ..models.action_results_scrapes_item import ActionResultsScrapesItem  # noqa: PLC0415

        d = dict(src_dict)
        _javascript_returns = d.pop("javascriptReturns", UNSET)
        javascript_returns: list[ActionResultsJavascriptReturnsItem] | Unset = UNSET
        if _javascript_returns is not UNSET:
            javascript_returns = []
            for javascript_returns_item_data in _javascript_returns:
                javascript_returns_item = ActionResultsJavascriptReturnsItem.from_dict(javascript_returns_item_data)

                javascript_returns.append(javascript_returns_item)

        pdfs = cast(list[str], d.pop("pdfs", UNSET))

        _scrapes = d.pop("scrapes", UNSET)
        scrapes: list[ActionResultsScrapesItem] | Unset = UNSET
        if _scrapes is not UNSET:
            scrapes = []
            for scrapes_item_data in _scrapes:
                scrapes_item = ActionResultsScrapesItem.from_dict(scrapes_item_data)

                scrapes.append(scrapes_item)

        screenshots = cast(list[str], d.pop("screenshots", UNSET))

        action_results = cls(
            javascript_returns=javascript_returns,
            pdfs=pdfs,
            scrapes=scrapes,
            screenshots=screenshots,
        )

        action_results.additional_properties = d
        return action_results

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
