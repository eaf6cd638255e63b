from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.change_tracking_result_change_status import ChangeTrackingResultChangeStatus
from ..models.change_tracking_result_visibility import ChangeTrackingResultVisibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.change_tracking_result_diff import ChangeTrackingResultDiff
    from ..models.change_tracking_result_json import ChangeTrackingResultJson


T = TypeVar("T", bound="ChangeTrackingResult")


@_attrs_define
class ChangeTrackingResult:
    """Result of the changeTracking format.

    Attributes:
        change_status (ChangeTrackingResultChangeStatus):
        diff (ChangeTrackingResultDiff | Unset):
        json (ChangeTrackingResultJson | Unset):
        previous_scrape_at (datetime.datetime | None | Unset):
        tag (None | str | Unset):
        visibility (ChangeTrackingResultVisibility | Unset):
    """

    change_status: ChangeTrackingResultChangeStatus
    diff: ChangeTrackingResultDiff | Unset = UNSET
    json: ChangeTrackingResultJson | Unset = UNSET
    previous_scrape_at: datetime.datetime | None | Unset = UNSET
    tag: None | str | Unset = UNSET
    visibility: ChangeTrackingResultVisibility | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        change_status = self.change_status.value

        diff: dict[str, Any] | Unset = UNSET
        if not isinstance(self.diff, Unset):
            diff = self.diff.to_dict()

        json: dict[str, Any] | Unset = UNSET
        if not isinstance(self.json, Unset):
            json = self.json.to_dict()

        previous_scrape_at: None | str | Unset
        if isinstance(self.previous_scrape_at, Unset):
            previous_scrape_at = UNSET
        elif isinstance(self.previous_scrape_at, datetime.datetime):
            previous_scrape_at = self.previous_scrape_at.isoformat()
        else:
            previous_scrape_at = self.previous_scrape_at

        tag: None | str | Unset
        if isinstance(self.tag, Unset):
            tag = UNSET
        else:
            tag = self.tag

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "changeStatus": change_status,
            }
        )
        if diff is not UNSET:
            field_dict["diff"] = diff
        if json is not UNSET:
            field_dict["json"] = json
        if previous_scrape_at is not UNSET:
            field_dict["previousScrapeAt"] = previous_scrape_at
        if tag is not UNSET:
            field_dict["tag"] = tag
        if visibility is not UNSET:
            field_dict["visibility"] = visibility

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.change_tracking_result_diff import ChangeTrackingResultDiff  # noqa: PLC0415
        from ..models.change_tracking_result_json import ChangeTrackingResultJson  # noqa: PLC0415

        d = dict(src_dict)
        change_status = ChangeTrackingResultChangeStatus(d.pop("changeStatus"))

        _diff = d.pop("diff", UNSET)
        diff: ChangeTrackingResultDiff | Unset
        if isinstance(_diff, Unset):
            diff = UNSET
        else:
            diff = ChangeTrackingResultDiff.from_dict(_diff)

        _json = d.pop("json", UNSET)
        json: ChangeTrackingResultJson | Unset
        if isinstance(_json, Unset):
            json = UNSET
        else:
            json = ChangeTrackingResultJson.from_dict(_json)

        def _parse_previous_scrape_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_scrape_at_type_0 = datetime.datetime.fromisoformat(data)

                return previous_scrape_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        previous_scrape_at = _parse_previous_scrape_at(d.pop("previousScrapeAt", UNSET))

        def _parse_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tag = _parse_tag(d.pop("tag", UNSET))

        _visibility = d.pop("visibility", UNSET)
        visibility: ChangeTrackingResultVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = ChangeTrackingResultVisibility(_visibility)

        change_tracking_result = cls(
            change_status=change_status,
            diff=diff,
            json=json,
            previous_scrape_at=previous_scrape_at,
            tag=tag,
            visibility=visibility,
        )

        change_tracking_result.additional_properties = d
        return change_tracking_result

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
