from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_config_events_item import WebhookConfigEventsItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_config_headers import WebhookConfigHeaders
    from ..models.webhook_config_metadata import WebhookConfigMetadata


T = TypeVar("T", bound="WebhookConfig")


@_attrs_define
class WebhookConfig:
    """Webhook with headers and event filter.

    Attributes:
        url (str):
        events (list[WebhookConfigEventsItem] | Unset):
        headers (WebhookConfigHeaders | Unset):
        metadata (WebhookConfigMetadata | Unset):
    """

    url: str
    events: list[WebhookConfigEventsItem] | Unset = UNSET
    headers: WebhookConfigHeaders | Unset = UNSET
    metadata: WebhookConfigMetadata | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events
        if headers is not UNSET:
            field_dict["headers"] = headers
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_config_headers import WebhookConfigHeaders  # noqa: PLC0415
        from ..models.webhook_config_metadata import WebhookConfigMetadata  # noqa: PLC0415

        d = dict(src_dict)
        url = d.pop("url")

        _events = d.pop("events", UNSET)
        events: list[WebhookConfigEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookConfigEventsItem(events_item_data)

                events.append(events_item)

        _headers = d.pop("headers", UNSET)
        headers: WebhookConfigHeaders | Unset
        if isinstance(_headers, Unset):
            headers = UNSET
        else:
            headers = WebhookConfigHeaders.from_dict(_headers)

        _metadata = d.pop("metadata", UNSET)
        metadata: WebhookConfigMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = WebhookConfigMetadata.from_dict(_metadata)

        webhook_config = cls(
            url=url,
            events=events,
            headers=headers,
            metadata=metadata,
        )

        webhook_config.additional_properties = d
        return webhook_config

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
