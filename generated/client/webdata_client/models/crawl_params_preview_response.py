from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.crawl_params_preview_data import CrawlParamsPreviewData


T = TypeVar("T", bound="CrawlParamsPreviewResponse")


@_attrs_define
class CrawlParamsPreviewResponse:
    """The crawl options derived from the prompt.

    Attributes:
        data (CrawlParamsPreviewData): Derived crawl options with the URL they apply to.
        success (bool):
        warning (str | Unset):
    """

    data: CrawlParamsPreviewData
    success: bool
    warning: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        success = self.success

        warning = self.warning

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "success": success,
            }
        )
        if warning is not UNSET:
            field_dict["warning"] = warning

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.crawl_params_preview_data import CrawlParamsPreviewData  # noqa: PLC0415

        d = dict(src_dict)
        data = CrawlParamsPreviewData.from_dict(d.pop("data"))

        success = d.pop("success")

        warning = d.pop("warning", UNSET)

        crawl_params_preview_response = cls(
            data=data,
            success=success,
            warning=warning,
        )

        crawl_params_preview_response.additional_properties = d
        return crawl_params_preview_response

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
