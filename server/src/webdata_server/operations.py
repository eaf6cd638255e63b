"""One table of the operations: what each operation is, read once from the contract, with the
handler the resources give it. Every reader asks this table: the front (:mod:`webdata_server.app`)
and its Starlette fallback routes, the watch routes, the request checks (:mod:`webdata_server.ingress`:
the body's validators, where its scrape options are, whether its ``url`` is given a scheme) and
the test controls (which operation a request is, which statuses it documents).

What comes from the contract: the method and path (a template's parameters match one path
segment), the documented statuses, whether the body names one page by ``url``, where the body
carries scrape options (at its top when it has ``formats``, under ``scrapeOptions`` when it has
that; a multipart upload's ``options`` part by its ``contentSchema``), the ``x-watch`` socket, and
the JSON Schema checks of the body. What comes from the resources (:class:`~webdata_server.resources.Operation`):
the body's model, the handler and where it runs, and the job kind a watched path reports.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from webdata_server.contract import Contract
from webdata_server.domain import JobKind

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = ["Handled", "OperationTable", "Route"]


class Handled(Protocol):
    """What the table reads of a handler's record (:class:`~webdata_server.resources.Operation`)."""

    @property
    def operation_id(self) -> str: ...

    @property
    def url_as_sent(self) -> bool: ...

    @property
    def watches(self) -> JobKind | None: ...

    @property
    def forms(self) -> Mapping[str, type[BaseModel]]: ...


H = TypeVar("H", bound=Handled)


@dataclass(frozen=True)
class Route(Generic[H]):
    """One operation of the contract and its handler."""

    operation_id: str
    method: str
    path: str
    # A templated path's pattern (each parameter one segment, as Starlette's ``{name}``); None: literal.
    pattern: re.Pattern[str] | None
    documented: frozenset[int]
    # The body names one page by ``url``: a URL without a scheme is taken as http.
    url_field: bool = False
    # Where the body carries scrape options (``()``: at its top), None: it carries none; the codes
    # their location's country may take (the contract's x-values of Location.country).
    scrape_options_at: tuple[str, ...] | None = None
    countries: frozenset[str] = frozenset()
    # The path also accepts the x-watch WebSocket.
    watch: bool = False
    # The body may be left out (requestBody.required false): an empty one is no body, not a 400.
    body_optional: bool = False
    # The JSON Schema checks of the body (or of an upload's options part): the full validator, the
    # size bounds alone (checked first), and the fast compiled yes/no (None where unavailable).
    validator: Validator | None = None
    bounds: Validator | None = None
    gate: Callable[[Any], bool] | None = None
    # A body of several forms (ScrapeUrlBody's oneOf): the checks of each form beyond the first, by
    # the key that tells it apart (`alexandria`); a body without any such key is the first form's.
    variants: dict[str, Route[H]] = field(default_factory=dict, compare=False)
    operation: H | None = field(default=None, compare=False)

    @property
    def gives_scheme(self) -> bool:
        """Whether the checks give the body's ``url`` its scheme (the scrape keeps it as sent and
        gives it one itself: its document names the URL as sent)."""
        return self.url_field and not (self.operation is not None and self.operation.url_as_sent)

    def match(self, path: str) -> dict[str, str] | None:
        """The path parameters when ``path`` is this route's (a literal path: ``{}``)."""
        if self.pattern is None:
            return {} if path == self.path else None
        found = self.pattern.match(path)
        return found.groupdict() if found is not None else None


class OperationTable(Generic[H]):
    """Every operation of the contract, by operationId, by path and by (method, path)."""

    def __init__(self, contract: Contract, operations: Iterable[H] = ()) -> None:
        self.contract = contract
        countries = frozenset(contract.resolve({"$ref": "#/components/schemas/Location"})["properties"]["country"].get("x-values", []))
        self._routes: dict[str, Route[H]] = {operation_id: _route(contract, operation_id, countries) for operation_id in contract.operations}
        for operation in operations:
            route = self._routes.get(operation.operation_id)
            if route is None:
                raise ValueError(f"{operation.operation_id} has a handler but no operation in the contract")
            if route.watch != (operation.watches is not None):
                raise ValueError(f"{operation.operation_id}: the contract's x-watch and the handler's watched job kind disagree")
            if set(route.variants) != set(operation.forms):
                raise ValueError(
                    f"{operation.operation_id}: the contract's body forms {sorted(route.variants)} and the handler's models {sorted(operation.forms)} disagree"
                )
            self._routes[operation.operation_id] = replace(route, operation=operation)
        # Literal paths first: GET /v2/crawl/active is not a status read of a job called "active",
        # and a method a literal path lacks is not looked for among the templates.
        self._literal: dict[str, dict[str, Route[H]]] = {}
        templated: dict[str, dict[str, Route[H]]] = {}
        for route in self._routes.values():
            (templated if route.pattern is not None else self._literal).setdefault(route.path, {})[route.method] = route
        self._templated = [(next(iter(by_method.values())).pattern, by_method) for _, by_method in sorted(templated.items())]

    def __getitem__(self, operation_id: str) -> Route[H]:
        return self._routes[operation_id]

    def __iter__(self) -> Iterator[Route[H]]:
        return iter(self._routes.values())

    def handled(self) -> list[Route[H]]:
        """The routes that have a handler."""
        return [route for route in self._routes.values() if route.operation is not None]

    def by_path(self) -> list[tuple[str, dict[str, Route[H]]]]:
        """Each path with its routes by method: literal paths first, then the templates."""
        return [*self._literal.items(), *((next(iter(m.values())).path, m) for _, m in self._templated)]

    def find(self, method: str, path: str) -> tuple[Route[H], dict[str, str]] | None:
        """The route of a request and its path parameters (HEAD is answered as GET), or None."""
        method = "GET" if method == "HEAD" else method
        by_method = self._literal.get(path)
        if by_method is not None:
            route = by_method.get(method)
            return (route, {}) if route is not None else None
        for pattern, candidates in self._templated:
            assert pattern is not None
            found = pattern.match(path)
            if found is not None:
                route = candidates.get(method)
                return (route, found.groupdict()) if route is not None else None
        return None


def _template(path: str) -> re.Pattern[str] | None:
    if "{" not in path:
        return None
    return re.compile("^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(path)) + "$")


def _route(contract: Contract, operation_id: str, countries: frozenset[str]) -> Route[Any]:
    described = contract.operations[operation_id]
    content = described.get("requestBody", {}).get("content", {})
    route: Route[Any] = Route(
        operation_id=operation_id,
        method=described["method"],
        path=described["path"],
        pattern=_template(described["path"]),
        documented=frozenset(int(s) for s in described.get("responses", {}) if s.isdigit()),
        watch="x-watch" in described,
        countries=countries,
        body_optional="requestBody" in described and not described["requestBody"].get("required", False),
    )
    if "application/json" in content:
        schema = content["application/json"]["schema"]
        forms = [member["$ref"].rsplit("/", 1)[1] for member in contract.resolve(schema).get("oneOf", []) if "$ref" in member]
        if forms:
            # Each form is checked by its own schema (its errors name its fields, as the service's
            # controller for that form names them), chosen by the key only it requires.
            first, *others = [_form(contract, route, name) for name in forms]
            return replace(first, variants={_telling_key(contract, name, forms): form for name, form in zip(forms[1:], others, strict=True)})
        return _checked_by(
            contract,
            route,
            schema,
            validator=contract.request_validator(operation_id),
            bounds=contract.bounds_validator(operation_id),
            gate=contract.request_gate(operation_id),
        )
    if "multipart/form-data" in content:
        # An upload's options part: a JSON object of its own schema, checked as a body is.
        part = _properties(contract, content["multipart/form-data"]["schema"]).get("options", {})
        reference = part.get("contentSchema", {}).get("$ref")
        if reference is not None:
            name = reference.rsplit("/", 1)[1]
            options = _properties(contract, {"$ref": reference})
            return replace(
                route,
                scrape_options_at=_scrape_options_at(options),
                validator=contract.component_validator(name),
                bounds=contract.component_bounds_validator(name),
            )
    return route


def _checked_by(
    contract: Contract, route: Route[Any], schema: dict[str, Any], *, validator: Validator, bounds: Validator, gate: Callable[[Any], bool] | None
) -> Route[Any]:
    """``route`` checking a JSON body of ``schema`` with those validators, and what the schema says
    of the body: whether it names one page by ``url``, where it carries scrape options."""
    properties = _properties(contract, schema)
    return replace(
        route,
        # The page it names: a required `url` (feedback's optional one names the page it is about).
        url_field="url" in properties and "url" in contract.resolve(schema).get("required", []),
        scrape_options_at=_scrape_options_at(properties),
        validator=validator,
        bounds=bounds,
        gate=gate,
    )


def _form(contract: Contract, route: Route[Any], name: str) -> Route[Any]:
    """``route`` checking a body of one form of its oneOf: the component ``name``."""
    reference = {"$ref": "#/components/schemas/" + name}
    return _checked_by(
        contract,
        route,
        reference,
        validator=contract.component_validator(name),
        bounds=contract.component_bounds_validator(name),
        gate=contract.component_gate(name),
    )


def _telling_key(contract: Contract, name: str, forms: list[str]) -> str:
    """The key a body of form ``name`` requires and no other form declares."""
    others = set().union(*(_properties(contract, {"$ref": "#/components/schemas/" + other}) for other in forms if other != name))
    required = contract.resolve({"$ref": "#/components/schemas/" + name}).get("required", [])
    return str(next(key for key in required if key not in others))


def _properties(contract: Contract, schema: dict[str, Any]) -> dict[str, Any]:
    """The properties of a schema, through references and ``allOf``."""
    schema = contract.resolve(schema)
    properties = dict(schema.get("properties", {}))
    for part in schema.get("allOf", []):
        properties |= _properties(contract, part)
    return properties


def _scrape_options_at(properties: dict[str, Any]) -> tuple[str, ...] | None:
    if "formats" in properties:
        return ()
    if "scrapeOptions" in properties:
        return ("scrapeOptions",)
    return None
