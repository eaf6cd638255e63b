from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.circle import Circle
    from ..models.square import Square


T = TypeVar("T", bound="Thing")


@_attrs_define
class Thing:
    """
    Attributes:
        name (str):  Default: 'thing'.
        shape (Circle | Square | Unset):
        size (int | Unset):  Default: 5.
    """

    name: str = "thing"
    shape: Circle | Square | Unset = UNSET
    size: int | Unset = 5
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.circle import Circle  # noqa: PLC0415

        name = self.name

        shape: dict[str, Any] | Unset
        if isinstance(self.shape, Unset):
            shape = UNSET
        elif isinstance(self.shape, Circle):
            shape = self.shape.to_dict()
        else:
            shape = self.shape.to_dict()

        size = self.size

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if shape is not UNSET:
            field_dict["shape"] = shape
        if size is not UNSET:
            field_dict["size"] = size

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.circle import Circle  # noqa: PLC0415
        from ..models.square import Square  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_shape(data: object) -> Circle | Square | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_shape_type_0 = Circle.from_dict(data)

                return componentsschemas_shape_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_shape_type_1 = Square.from_dict(data)

            return componentsschemas_shape_type_1

        shape = _parse_shape(d.pop("shape", UNSET))

        size = d.pop("size", UNSET)

        thing = cls(
            name=name,
            shape=shape,
            size=size,
        )

        thing.additional_properties = d
        return thing

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
