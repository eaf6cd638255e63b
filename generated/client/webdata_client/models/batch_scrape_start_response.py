from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchScrapeStartResponse")


@_attrs_define
class BatchScrapeStartResponse:
    """Answer of POST /v2/batch/scrape.

    Attributes:
        id (str):
        success (bool):
        url (str): URL of the job's status.
        invalid_ur_ls (list[str] | None | Unset):
    """

    id: str
    success: bool
    url: str
    invalid_ur_ls: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        success = self.success

        url = self.url

        invalid_ur_ls: list[str] | None | Unset
        if isinstance(self.invalid_ur_ls, Unset):
            invalid_ur_ls = UNSET
        elif isinstance(self.invalid_ur_ls, list):
            invalid_ur_ls = self.invalid_ur_ls

        else:
            invalid_ur_ls = self.invalid_ur_ls

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "success": success,
                "url": url,
            }
        )
        if invalid_ur_ls is not UNSET:
            field_dict["invalidURLs"] = invalid_ur_ls

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        success = d.pop("success")

        url = d.pop("url")

        def _parse_invalid_ur_ls(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                invalid_ur_ls_type_0 = cast(list[str], data)

                return invalid_ur_ls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        invalid_ur_ls = _parse_invalid_ur_ls(d.pop("invalidURLs", UNSET))

        batch_scrape_start_response = cls(
            id=id,
            success=success,
            url=url,
            invalid_ur_ls=invalid_ur_ls,
        )

        batch_scrape_start_response.additional_properties = d
        return batch_scrape_start_response

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
