"""webdata_models keeps every construct of the spec: defaults, bounds, closed objects, unions."""

from __future__ import annotations

import json

from typing import Any

import pytest
import webdata_models as models
from pydantic import TypeAdapter, ValidationError

from tests.spec.schemas import errors
from tests.spec.test_payloads import INVALID, VALID

# The smallest valid instance of every component that declares a default.
MINIMAL: dict[str, dict[str, Any]] = {
    "ScrapeOptions": {},
    "SearchScrapeOptions": {},
    "MonitorScheduleInput": {"text": "hourly"},
    "MonitorSearchTarget": {"type": "search", "queries": ["coffee"]},
    "MonitorCreateRequest": {"name": "m", "schedule": {"cron": "0 * * * *"}, "targets": [{"type": "scrape", "urls": ["https://example.com"]}]},
    "ExtractRequest": {"urls": []},
    "ScrapeRequest": {"url": "https://example.com"},
    "AlexandriaScrapeRequest": {"alexandria": {"provider": "package-registry", "capability": "npm/package"}},
    "BatchScrapeRequest": {"urls": ["https://a.example"]},
    "CrawlOptions": {},
    "CrawlRequest": {"url": "https://example.com"},
    "CrawlParamsPreviewData": {"url": "https://example.com"},
    "AgentRequest": {"prompt": "p"},
    "CrawlParamsPreviewRequest": {"url": "https://example.com", "prompt": "p"},
    "Location": {},
    "Profile": {"name": "p"},
    "PdfParser": {"type": "pdf"},
    "ScreenshotFormat": {"type": "screenshot"},
    "JsonFormat": {"type": "json"},
    "ChangeTrackingFormat": {"type": "changeTracking"},
    "QueryFormat": {"type": "query", "prompt": "p"},
    "ScreenshotAction": {"type": "screenshot"},
    "ClickAction": {"type": "click", "selector": "a"},
    "ScrollAction": {"type": "scroll"},
    "PdfAction": {"type": "pdf"},
    "MapRequest": {"url": "https://example.com"},
    "SearchRequest": {"query": "q"},
    "ParseOptions": {},
    "InteractRequest": {"code": "1"},
    "BrowserCreateRequest": {},
    "BrowserExecuteRequest": {"code": "agent-browser get url"},
}


def _defaults(bundle: dict[str, Any], name: str) -> dict[str, Any]:
    """Property -> default, following allOf into the components it extends."""
    schema = bundle["components"]["schemas"][name]
    found: dict[str, Any] = {}
    for member in schema.get("allOf", []):
        if "$ref" in member:
            found |= _defaults(bundle, member["$ref"].rsplit("/", 1)[1])
        found |= {k: v["default"] for k, v in member.get("properties", {}).items() if "default" in v}
    found |= {k: v["default"] for k, v in schema.get("properties", {}).items() if "default" in v}
    return found


def test_minimal_instances_cover_every_component_with_defaults(bundle: dict[str, Any]) -> None:
    with_defaults = {name for name in bundle["components"]["schemas"] if _defaults(bundle, name)}
    assert with_defaults == set(MINIMAL)


@pytest.mark.parametrize("name", sorted(MINIMAL))
def test_defaults_survive(bundle: dict[str, Any], name: str) -> None:
    instance = getattr(models, name).model_validate(MINIMAL[name])
    dumped = instance.model_dump(mode="json", by_alias=True)
    for prop, default in _defaults(bundle, name).items():
        value = dumped[prop]
        if isinstance(default, dict):  # a nested model also dumps its unset optional fields as None
            value = {k: v for k, v in value.items() if v is not None}
        assert value == default, f"{name}.{prop}"
    assert errors(name, instance.model_dump(mode="json", by_alias=True, exclude_none=True)) == []


def test_scrape_options_defaults_as_the_seed_states_them() -> None:
    options = models.ScrapeOptions()
    assert options.timeout == 60000
    assert options.max_age == 172800000
    assert options.parsers == ["pdf"]
    assert options.proxy == "auto"
    assert options.location is not None and options.location.country == "US"
    assert (options.only_main_content, options.remove_base64_images, options.block_ads, options.skip_tls_verification, options.store_in_cache) == (True,) * 5
    assert (options.only_clean_content, options.mobile, options.lockdown, options.redact_pii, options.wait_for) == (False, False, False, False, 0)


MIXED = {
    "formats": [
        "markdown",
        {"type": "screenshot", "fullPage": True, "quality": 80, "viewport": {"width": 1280, "height": 800}},
        {"type": "json", "schema": {"type": "object", "properties": {"title": {"type": "string"}}}},
    ],
    "parsers": ["pdf", {"type": "pdf", "mode": "ocr", "maxPages": 3}],
}


def test_mixed_unions_round_trip() -> None:
    options = models.ScrapeOptions.model_validate(MIXED)
    formats = options.formats or []
    assert formats[0] == "markdown"
    assert isinstance(formats[1], models.ScreenshotFormat) and formats[1].full_page is True
    assert isinstance(formats[2], models.JsonFormat) and formats[2].schema is not None
    assert isinstance(options.parsers[1], models.PdfParser) and options.parsers[1].mode == "ocr"
    dumped = options.model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert dumped == MIXED
    assert errors("ScrapeOptions", dumped) == []


def test_discriminator_picks_the_variant_and_names_it_in_errors() -> None:
    actions: TypeAdapter[models.Action] = TypeAdapter(models.Action)
    assert isinstance(actions.validate_python({"type": "click", "selector": "#go"}), models.ClickAction)
    with pytest.raises(ValidationError) as raised:
        actions.validate_python({"type": "click"})
    assert "click.selector" in str(raised.value).replace("\n", " ").replace(" ", ".")


# Enums of response-only schemas are open on purpose (generator/models.py, open_response_enums): a
# value a newer server adds must not make the response unreadable. These invalid cases parse.
OPEN_ENUM_CASES = {"unknown coded 404"}
# Job ids are str in the models, every job's alike (generator/config/models.toml, type-mappings):
# their uuid format is the contract's, checked against the bundle (tests/spec, the conformance suite).
FORMAT_ONLY_CASES = {"active crawl id not a UUID"}


@pytest.mark.parametrize(("label", "component", "instance"), INVALID, ids=[case[0] for case in INVALID])
def test_models_reject_what_the_schema_rejects(label: str, component: str, instance: Any) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(models, component))
    if label in FORMAT_ONLY_CASES:
        assert adapter.validate_python(instance).id == instance["id"]  # read as the str it is
        return
    if label in OPEN_ENUM_CASES:
        parsed = adapter.validate_python(instance, extra="ignore")
        assert adapter.dump_python(parsed, mode="json", by_alias=True, exclude_unset=True) == instance
        return
    with pytest.raises(ValidationError):
        adapter.validate_python(instance)


@pytest.mark.parametrize("label", sorted(VALID))
def test_models_accept_and_return_what_the_schema_accepts(label: str) -> None:
    # As a reader of the wire (the server, the client reading responses): unknown fields are ignored.
    component, instance = VALID[label]
    adapter: TypeAdapter[Any] = TypeAdapter(getattr(models, component))
    dumped = adapter.dump_python(adapter.validate_python(instance, extra="ignore"), mode="json", by_alias=True, exclude_unset=True)
    assert errors(component, dumped) == []
    known = {k: v for k, v in instance.items() if k in dumped}
    assert dumped == known


def test_request_models_refuse_unknown_fields_by_name() -> None:
    with pytest.raises(ValidationError) as raised:
        models.ScrapeRequest.model_validate({"url": "https://example.com", "onlyMainContnet": False})
    assert "onlyMainContnet" in str(raised.value)
    with pytest.raises(ValidationError, match="onlyMainContnet"):
        models.ScrapeRequest(url="https://example.com", onlyMainContnet=False)  # type: ignore[call-arg]


@pytest.mark.parametrize(("field", "value"), [("maxAge", "5000"), ("timeout", 1.5), ("timeout", "5000"), ("onlyMainContent", "yes"), ("waitFor", True)])
def test_scalars_are_strict(field: str, value: Any) -> None:
    with pytest.raises(ValidationError):
        models.ScrapeRequest.model_validate({"url": "https://example.com", field: value})


def test_numbers_take_integers() -> None:
    threat = models.ThreatProtectionOverride.model_validate({"riskScoreThreshold": 1})
    assert threat.risk_score_threshold == 1.0


def test_python_names_and_wire_names() -> None:
    request = models.BatchScrapeRequest(urls=["https://a.example"], ignore_invalid_urls=False, remove_base64_images=False)
    assert request.model_dump(mode="json", by_alias=True, exclude_unset=True) == {
        "urls": ["https://a.example"],
        "ignoreInvalidURLs": False,
        "removeBase64Images": False,
    }
    assert models.BatchScrapeRequest.model_validate({"urls": ["https://a.example"], "ignoreInvalidURLs": False}).ignore_invalid_urls is False
    assert models.Document.model_validate({"rawHtml": "<p/>", "metadata": {"sourceURL": "u", "statusCode": 200}}).raw_html == "<p/>"


def test_json_and_schema_are_the_fields_not_pydantics_deprecated_methods() -> None:
    document = models.Document.model_validate({"json": {"price": 3}, "metadata": {"sourceURL": "u", "statusCode": 200}})
    assert document.json == {"price": 3}
    assert models.Document.model_validate({"metadata": {"sourceURL": "u", "statusCode": 200}}).json is None
    assert models.ScrapeRequest.model_validate({"url": "https://a.example", "formats": [{"type": "json", "schema": {"type": "object"}}]}).formats
    assert json.loads(document.model_dump_json(by_alias=True, exclude_none=True))["json"] == {"price": 3}


def test_schema_is_a_keyword_and_dumps() -> None:
    schema = {"type": "object", "properties": {"title": {"type": "string"}}}
    by_keyword = models.JsonFormat.model_validate({"type": "json", "schema": schema})
    by_attribute = models.JsonFormat(type="json", schema=schema)
    for fmt in (by_keyword, by_attribute):
        assert fmt.schema == schema
        assert fmt.model_dump(mode="json", by_alias=True, exclude_unset=True) == {"type": "json", "schema": schema}


def test_response_models_read_newer_servers() -> None:
    body = {"success": True, "status": "paused", "completed": 0, "total": 1, "creditsUsed": 0, "data": [], "newField": 1}
    status = models.JobStatusResponse.model_validate(body, extra="allow")
    # Typed as the statuses this version knows (a misspelling fails mypy), read as sent.
    assert status.status == "paused"  # type: ignore[comparison-overlap]
    assert status.model_extra == {"newField": 1}
    assert status.model_dump(mode="json", by_alias=True)["status"] == "paused"
    with pytest.raises(ValidationError):
        models.JobStatusResponse.model_validate({**body, "status": 3})


def test_a_variant_needs_no_type_and_always_says_it() -> None:
    fmt = models.ScreenshotFormat(full_page=True)
    assert fmt.model_dump(mode="json", by_alias=True, exclude_unset=True) == {"type": "screenshot", "fullPage": True}
    wait = models.WaitAction(milliseconds=5)
    assert wait.model_dump(mode="json", by_alias=True, exclude_unset=True) == {"type": "wait", "milliseconds": 5}
    with pytest.raises(ValidationError, match="literal_error|Input should be 'json'"):
        models.JsonFormat.model_validate({"type": "markdown"})


def test_a_status_prints_short() -> None:
    """``on_status=print`` shows a job's state, counts and credits, not every document (nor every None)."""
    document = {"markdown": "x" * 5000, "metadata": {"sourceURL": "https://example.com/a", "statusCode": 200}}
    body = {"success": True, "status": "scraping", "total": 25, "completed": 20, "creditsUsed": 20, "expiresAt": "2026-01-01T00:00:00Z"}
    status = models.JobStatusResponse.model_validate({**body, "data": [document] * 20, "next": None})
    shown = repr(status)
    assert len(shown) < 300 and "data=<20 items>" in shown and "next=" not in shown
    assert "status='scraping'" in shown and "completed=20" in shown and "credits_used=20" in shown and "total=25" in shown
    assert str(status).startswith("completed=20 credits_used=20 data=<20 items>")
    page = repr(status.data[0])
    assert "…<5000 characters>" in page and len(page) < 400
    assert len(status.data) == 20 and len(status.data[0].markdown or "") == 5000  # the values are whole
