"""What datamodel-code-generator cannot express, as base classes of the models.

``WireModel`` (every model): a field whose only value is fixed (a variant's ``type``) has that
value as default and is always dumped, so ``JsonFormat(prompt="...")`` needs no ``type="json"``
and still says what it is on the wire. ``PropertyCountModel``: ``minProperties`` and
``maxProperties`` of a component, and an ``anyOf`` of ``required`` lists (at least one of the
field sets present; its message is the schema's ``x-message`` where it has one).

The fields ``json`` and ``schema`` keep their wire names although ``BaseModel`` has deprecated
methods of those names, so that ``document.json`` is the document's JSON (as in firecrawl-py) and
``JsonFormat(schema=...)`` type-checks; pydantic warns when such a class is created, and that
warning is silenced for this package's classes alone.

Copied into the package by the generator's models stage from generator/runtime/webdata_models/. Do not edit the copy.
"""

import warnings
from typing import Annotated, Any, ClassVar, Literal, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    model_validator,
)

from ._property_bounds import PROPERTY_BOUNDS, REQUIRED_ANY

__all__ = ["PROPERTY_BOUNDS", "REQUIRED_ANY", "OpenEnum", "PropertyCountModel", "WireModel", "values"]

warnings.filterwarnings(
    "ignore",
    message=r'Field name "(json|schema)" in "\w+" shadows an attribute in parent',
    category=UserWarning,
    module=r"webdata_models(\.|$)",
)


def _known_or_any_string(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    try:
        return handler(value)
    except ValidationError:
        if isinstance(value, str):
            return value
        raise


def values(enum: Any) -> tuple[str, ...]:
    """The values of one of the contract's enums, in the contract's order:
    ``values(MonitorCheckStatus)`` is ``("queued", "running", "completed", ...)``.

    The enums are ``Literal`` type aliases (what the type checker reads, and what a JSON answer
    holds), so ``list(MonitorCheckStatus)`` cannot work; this reads the alias. A value that is not
    such an enum raises ``TypeError``.
    """
    target = getattr(enum, "__value__", enum)
    while get_origin(target) is Annotated:
        target = get_args(target)[0]
    if get_origin(target) is Literal and all(isinstance(v, str) for v in get_args(target)):
        return tuple(get_args(target))
    raise TypeError(f"{enum!r} is not one of the contract's enums (a Literal type alias of strings)")


# On a response-only enum, ``Annotated[Literal[...], OpenEnum]``: the type checker sees the values
# this version knows (a misspelt status is an error), and a newer server's value is still read.
OpenEnum = WrapValidator(_known_or_any_string)


class WireModel(BaseModel):
    """Base of every model.

    Its validators are built when a model is first used, not when the package is imported
    (``defer_build``): importing the package defines some 230 models, and a program uses a few of
    them (issue 59: the import was most of a test's start)."""

    model_config = ConfigDict(defer_build=True)

    __fixed_fields__: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls.__fixed_fields__ = frozenset(
            name
            for name, field in cls.model_fields.items()
            if get_origin(field.annotation) is Literal
            and len(get_args(field.annotation)) == 1
            and field.default == get_args(field.annotation)[0]
        )

    @model_validator(mode="before")
    @classmethod
    def _schema_from_a_model_class(cls, data: Any) -> Any:
        # A pydantic model class given where a JSON Schema goes (``JsonFormat(schema=Product)``,
        # ``ExtractRequest(schema=Product)``) stands for its ``model_json_schema()``, as
        # firecrawl-py takes it; the class is never sent.
        if isinstance(data, dict) and isinstance(data.get("schema"), type) and issubclass(data["schema"], BaseModel):
            return {**data, "schema": data["schema"].model_json_schema()}
        return data

    def model_post_init(self, context: Any, /) -> None:
        self.__pydantic_fields_set__.update(self.__fixed_fields__)

    def __repr_args__(self) -> Any:
        # repr() and str() stay short: a job status prints its state, counts and credits, not the
        # 30 KB of its documents (``on_status=print``), and fields that are None are left out; the
        # values themselves are untouched.
        for name, value in super().__repr_args__():
            if value is None:
                continue
            if isinstance(value, list) and len(value) > _SHOWN_ITEMS:
                yield name, _Elided(f"<{len(value)} items>")
            elif isinstance(value, str) and len(value) > _SHOWN_CHARACTERS:
                yield name, _Elided(repr(value[:_SHOWN_CHARACTERS]) + f"…<{len(value)} characters>")
            else:
                yield name, value


_SHOWN_ITEMS, _SHOWN_CHARACTERS = 3, 120


class _Elided(str):
    """A shortened value in a model's repr: shown as is, without quotes."""

    def __repr__(self) -> str:
        return str(self)


class PropertyCountModel(WireModel):
    """Base of the models whose schema bounds how many properties an instance carries."""

    @model_validator(mode="after")
    def _check_property_count(self) -> Any:
        low, high = PROPERTY_BOUNDS.get(type(self).__name__, (None, None))
        present = set(self.model_fields_set)  # a property given as null counts, as in JSON Schema
        present |= set(self.model_extra or {})
        count = len(present)
        if (low is not None and count < low) or (high is not None and count > high):
            # The rule in the schema's words (its description is the class's docstring).
            rule = " ".join((type(self).__doc__ or "").split())
            bound = f"at least {low}" if low is not None and count < low else f"at most {high}"
            fields = type(self).model_fields
            given = ", ".join(sorted(fields[n].alias or n if n in fields else n for n in present))
            raise ValueError(f"{bound} fields, got {count} ({given})" + (f": {rule}" if rule else ""))
        alternatives = REQUIRED_ANY.get(type(self).__name__)
        if alternatives and not any(
            all(getattr(self, _field_named(type(self), wire), None) is not None for wire in names)
            for names in alternatives
        ):
            raise ValueError(
                "one of " + " or ".join(repr(" and ".join(names)) for names in alternatives) + " must be provided"
            )
        return self


def _field_named(model: type[BaseModel], wire: str) -> str:
    """The attribute of a wire name (``existingSessionId`` -> ``existing_session_id``)."""
    for name, field in model.model_fields.items():
        if (field.alias or name) == wire:
            return name
    return wire
