"""``webdata-server`` (or ``python -m webdata_server``): run the reference server, or administer its teams and keys.

    webdata-server serve [--host H] [--port P] [--db PATH] [--job-seconds S] [--feedback-window S] [--parse-seconds S] [--web synthetic|real] [--allow-private-fetch]
                         [--threads N] [--cache-copies N] [--head-timeout S] [--body-timeout S] [--shutdown-timeout S]
                         [--stack auto|fast|pure] [--access-log] [--clock system|manual|auto] [--control]
                         [--ready-file PATH] [--exit-with-parent]
    webdata-server admin [--db PATH] create-team --name N [--plan-tokens T]
    webdata-server admin [--db PATH] create-key --team ID [--name N]
    webdata-server admin [--db PATH] revoke-key --key KEY_ID   (alias delete-key)
    webdata-server admin [--db PATH] set-plan --team ID [--plan-tokens T] [--period-start ISO --period-end ISO]
                              [--rate-limit N] [--max-concurrency N] [--threat-protection on|off]
                              [--threat-protection-enforced on|off] [--threat-overrides on|off]
    webdata-server admin [--db PATH] list
    webdata-server admin [--db PATH] outbox [--team ID] [--to ADDRESS]

Flags override the WEBDATA_DB, WEBDATA_HOST, WEBDATA_PORT, WEBDATA_JOB_SECONDS and WEBDATA_THREADS variables.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import math
import os
import sys
from datetime import datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from webdata_server.config import Settings
from webdata_server.domain import Team, iso
from webdata_server.store import Store


def _team_json(team: Team, store: Store) -> dict[str, object]:
    return {
        "id": team.id,
        "name": team.name,
        "planTokens": team.plan_tokens,
        "billingPeriodStart": iso(team.period_start),
        "billingPeriodEnd": iso(team.period_end),
        "rateLimitPerMinute": team.rate_limit_per_minute,
        "maxConcurrency": team.max_concurrency,
        "threatProtection": {"enabled": team.tp_enabled, "enforced": team.tp_enforced, "overridesDisabled": team.tp_overrides_disabled},
        # Identifiers and names only: a key's secret is shown once, when it is created.
        "keys": store.teams.key_details(team.id),
    }


def _on_off(value: str) -> bool:
    if value not in ("on", "off"):
        raise argparse.ArgumentTypeError("expected on or off")
    return value == "on"


def _at_least_one(value: str) -> int:
    number = int(value) if value.strip().lstrip("-").isdigit() else None
    if number is None or number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value!r}")
    return number


def _moment(value: str) -> datetime:
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _versions() -> str:
    found = []
    for distribution in ("webdata-server", "webdata-models"):
        try:
            found.append(f"{distribution} {version(distribution)}")
        except PackageNotFoundError:
            found.append(f"{distribution} (not installed)")
    return ", ".join(found)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="webdata-server", description="Reference server of the Web Data Service API v2.")
    parser.add_argument("--version", action="version", version=_versions())
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the server (uvicorn)")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--db", type=Path)
    serve.add_argument("--job-seconds", type=float, help="how long a job runs before it completes (a batch scrape or crawl: all its pages)")
    serve.add_argument(
        "--feedback-window", type=float, help="seconds after a search, scrape, parse or map during which it may be rated (then 409; default 120, the service's)"
    )
    serve.add_argument("--parse-seconds", type=float, help="how long one conversion of an uploaded PDF, Word or Excel file may take (then 422; default 30)")
    serve.add_argument("--page-size", type=int, help="documents per answer of a batch scrape or crawl status (default 10; next leads to the rest)")
    serve.add_argument(
        "--allow-local-webhooks",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="deliver webhooks to private and loopback receivers (default: only when listening on loopback)",
    )
    serve.add_argument(
        "--cors-local",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="answer browsers' CORS preflights from local pages (a file opened from disk, localhost), as the reference page's Try it needs"
        " (default: only when listening on loopback)",
    )
    serve.add_argument(
        "--web",
        type=_web_source,
        help="where pages come from: synthetic (default: no network), real, or PATH, a folder of saved pages or a WARC file (their URLs only; see --web-fill)",
    )
    serve.add_argument("--web-fill", action="store_true", default=None, help="with --web PATH, serve the pages it lacks from the synthetic web (else 404)")
    serve.add_argument("--allow-private-fetch", action="store_true", default=None, help="with --web real, allow private and loopback targets")
    serve.add_argument("--threads", type=int, help="worker threads that run handlers off the event loop (default 2 on the synthetic web, 8 with --web real)")
    serve.add_argument(
        "--cache-copies", type=_at_least_one, help="copies the scrape cache keeps of one page under one set of options (default 5; the newest win)"
    )
    serve.add_argument("--head-timeout", type=float, help="seconds a connection has to send a request's line and headers before a 408 (default 10)")
    serve.add_argument("--body-timeout", type=float, help="seconds a request's body has to arrive after its head before a 408 (default 30)")
    serve.add_argument("--shutdown-timeout", type=float, help="seconds a stopping server waits for open requests and watchers (default 10)")
    serve.add_argument(
        "--stack",
        choices=("auto", "fast", "pure"),
        default="auto",
        help="event loop and HTTP parser: fast = uvloop and httptools, pure = asyncio and h11, auto (default) = fast where installed",
    )
    serve.add_argument("--access-log", action="store_true", help="log every request (off by default: it costs a sixth of a cheap request)")
    serve.add_argument(
        "--clock",
        choices=("system", "manual", "auto"),
        default="system",
        help=(
            "system (default): jobs run on the wall clock; manual: time stands still until POST /__webdata/clock/advance moves it;"
            " auto: manual, and each read of an unfinished job's status moves it to the job's next step (manual and auto need --control)"
        ),
    )
    serve.add_argument(
        "--control",
        action="store_true",
        help="answer the test control endpoints under /__webdata/ (faults, journal, webhook inbox, clock, fresh teams): loopback only, never with a team's key",
    )
    serve.add_argument(
        "--ready-file",
        type=Path,
        help="once the server answers, write there a JSON object with its url, port, pid, teamId, apiKey and control address"
        " (for a program that starts it, with --port 0); removed when it stops",
    )
    serve.add_argument(
        "--exit-with-parent", action="store_true", help="stop when the process that started this one ends (a test runner killed before its teardown)"
    )
    capture = commands.add_parser("capture", help="save real pages once to a WARC file, for --web PATH to replay offline")
    capture.add_argument("urls", nargs="+", metavar="URL", help="the pages to save")
    capture.add_argument("--out", type=Path, required=True, help="the WARC file to write (.warc, or .warc.gz gzipped)")
    capture.add_argument("--allow-private-fetch", action="store_true", help="allow private and loopback targets (tests)")
    admin = commands.add_parser("admin", help="teams, keys and plans")
    admin.add_argument("--db", type=Path, help="the database (default: the one serve uses, WEBDATA_DB or .data/webdata.sqlite3)")
    actions = admin.add_subparsers(dest="action", required=True)
    create_team = actions.add_parser("create-team")
    create_team.add_argument("--name", required=True)
    create_team.add_argument("--plan-tokens", type=int, help="omit for a team without usage information")
    create_team.add_argument("--no-key", action="store_true", help="do not create a first key")
    _plan_options(create_team)
    create_key = actions.add_parser("create-key")
    create_key.add_argument("--team", required=True)
    create_key.add_argument("--name", default="default")
    revoke_key = actions.add_parser("revoke-key", aliases=["delete-key"], help="delete a key: its secret stops working (history keeps its id)")
    revoke_key.add_argument("--key", required=True, help="the key's identifier (key_…, from admin list)")
    set_plan = actions.add_parser("set-plan")
    set_plan.add_argument("--team", required=True)
    set_plan.add_argument("--plan-tokens", type=int)
    set_plan.add_argument("--period-start", type=_moment)
    set_plan.add_argument("--period-end", type=_moment)
    _plan_options(set_plan)
    actions.add_parser("list")
    outbox = actions.add_parser("outbox", help="the emails monitors sent (confirmations and summaries), oldest first, as JSON")
    outbox.add_argument("--team", help="only this team's")
    outbox.add_argument("--to", help="only those to this address")
    for action in {id(p): p for p in actions.choices.values()}.values():
        # --db before or after the action (admin --db X list, admin list --db X): the same database.
        action.add_argument(
            "--db", type=Path, default=argparse.SUPPRESS, help="the database (default: the one serve uses, WEBDATA_DB or .data/webdata.sqlite3)"
        )
    return parser


def _plan_options(parser: argparse.ArgumentParser) -> None:
    """The plan's limits and entitlements, which create-team (for the new team) and set-plan take."""
    parser.add_argument("--rate-limit", type=int, help="requests per minute, 0 for none")
    parser.add_argument("--max-concurrency", type=int, help="active jobs at once, 0 for none")
    parser.add_argument("--threat-protection", type=_on_off, help="the Threat Protection entitlement")
    parser.add_argument("--threat-protection-enforced", type=_on_off)
    parser.add_argument("--threat-overrides", type=_on_off, help="whether requests may override the policy")


def _plan_fields(args: argparse.Namespace) -> dict[str, object]:
    """The plan options given on the command line, as the teams table names them."""
    fields = {
        "plan_tokens": getattr(args, "plan_tokens", None) if args.action == "set-plan" else None,
        "period_start": getattr(args, "period_start", None),
        "period_end": getattr(args, "period_end", None),
        "rate_limit_per_minute": args.rate_limit,
        "max_concurrency": args.max_concurrency,
        "tp_enabled": args.threat_protection,
        "tp_enforced": args.threat_protection_enforced,
        "tp_overrides_disabled": None if args.threat_overrides is None else not args.threat_overrides,
    }
    return {k: v for k, v in fields.items() if v is not None}


def _admin(args: argparse.Namespace, settings: Settings) -> int:
    store = Store(settings.database)
    try:
        if args.action == "create-team":
            team = store.teams.create(name=args.name, plan_tokens=args.plan_tokens)
            plan = _plan_fields(args)
            if plan:
                team = store.teams.update(team.id, **plan)
            created = _team_json(team, store)
            if not args.no_key:
                # The only time this secret is shown: the store keeps its hash.
                created["apiKey"] = store.teams.create_key(team_id=team.id)
                created["keys"] = store.teams.key_details(team.id)
            print(json.dumps(created, indent=2))
        elif args.action == "create-key":
            if store.teams.get(args.team) is None:
                print(f"no team {args.team}", file=sys.stderr)
                return 1
            key_id, secret = store.teams.create_key_with_id(team_id=args.team, name=args.name)
            # The secret alone on stdout (scripts capture it); it is not stored and not shown again.
            print(secret)
            print(f"key id: {key_id} (the secret above is shown only now)", file=sys.stderr)
        elif args.action in ("revoke-key", "delete-key"):
            if not store.teams.revoke_key(args.key):
                print(f"no key {args.key}", file=sys.stderr)
                return 1
            print(f"revoked {args.key}")
        elif args.action == "set-plan":
            try:
                team = store.teams.update(args.team, **_plan_fields(args))
            except KeyError:
                print(f"no team {args.team}", file=sys.stderr)
                return 1
            print(json.dumps(_team_json(team, store), indent=2))
        elif args.action == "outbox":
            print(json.dumps(store.monitors.outbox(team_id=args.team, recipient=args.to), indent=2))
        else:
            print(json.dumps([_team_json(team, store) for team in store.teams.all()], indent=2))
    finally:
        store.close()
    return 0


SWITCH_INTERVAL = 0.0005  # seconds; see main


def _web_source(value: str) -> str:
    if value in ("synthetic", "real") or Path(value).is_dir() or Path(value).is_file():
        return value
    raise argparse.ArgumentTypeError(f"{value!r} is neither synthetic, real, a folder of saved pages nor a WARC file")


def _capture(args: argparse.Namespace) -> int:
    from webdata_server.localweb import capture

    outcomes = capture(list(args.urls), args.out, allow_private=args.allow_private_fetch)
    for url, outcome in outcomes:
        print(f"{outcome}\t{url}")
    saved = sum(isinstance(outcome, int) for _, outcome in outcomes)
    print(f"{saved} of {len(outcomes)} page(s) saved to {args.out}", file=sys.stderr)
    return 0 if saved == len(outcomes) else 1


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "capture":
        return _capture(args)
    settings = Settings.from_env(
        database=args.db,
        **(
            {
                "host": args.host,
                "port": args.port,
                "job_seconds": args.job_seconds,
                "feedback_window": args.feedback_window,
                "parse_seconds": args.parse_seconds,
                "page_size": args.page_size,
                "allow_local_webhooks": args.allow_local_webhooks,
                "web": args.web,
                "web_fill": args.web_fill,
                "allow_private_fetch": args.allow_private_fetch,
                "threads": args.threads,
                "cache_copies": args.cache_copies,
                "head_timeout": args.head_timeout,
                "body_timeout": args.body_timeout,
                "shutdown_timeout": args.shutdown_timeout,
                "cors_local": args.cors_local,
            }
            if args.command == "serve"
            else {}
        ),
    )
    if args.command == "admin":
        return _admin(args, settings)
    if args.control and not settings.loopback:
        print(f"webdata-server: --control answers only on a loopback address; --host {settings.host} is not one", file=sys.stderr)
        return 2
    if args.clock != "system" and not args.control:
        print(f"webdata-server: --clock {args.clock} needs --control (time moves only through POST /__webdata/clock/advance)", file=sys.stderr)
        return 2
    if settings.web not in ("synthetic", "real"):
        from webdata_server.localweb import LocalWeb

        try:  # a folder or WARC the server cannot read is one line, not a traceback at start
            LocalWeb(Path(settings.web))
        except ValueError as error:
            print(f"webdata-server: {error}", file=sys.stderr)
            return 2
    import dataclasses

    import uvicorn

    from webdata_server import launch
    from webdata_server.app import create_app, ensure_development_team
    from webdata_server.protocols import http_stack, protocol_for

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:  # bound before anything starts: --port 0 is known here, and a port in use is one line
        sock = launch.bind(settings.host, settings.port)
    except OSError as error:
        print(f"webdata-server: {error.strerror}", file=sys.stderr)
        return 2
    settings = dataclasses.replace(settings, port=int(sock.getsockname()[1]))
    url = launch.url_of(settings.host, settings.port)
    store = Store(settings.database, cache_copies=settings.cache_copies)
    created = ensure_development_team(store, settings)
    if created is not None:
        team, key = created
        print(f"Created the development team {team.id}.\nAPI key: {key}\n(also listed by `webdata-server admin list`)", flush=True)
    ready = None
    if args.ready_file is not None:
        team_id, api_key = launch.ready_key(store, created)
        ready = launch.ReadyFile(
            args.ready_file,
            {
                "url": url,
                "host": settings.host,
                "port": settings.port,
                "pid": os.getpid(),
                "teamId": team_id,
                "apiKey": api_key,
                "control": f"{url}/__webdata" if args.control else None,
                "clock": args.clock if args.control else "system",
            },
        )
    store.close()
    # Background jobs render pages in a worker thread. At CPython's default switch interval the
    # event loop, which gives the GIL up at every socket and SQLite call, waits that long to get it
    # back each time while a crawl runs; a shorter one keeps requests quick (benchmarks/README.md).
    sys.setswitchinterval(SWITCH_INTERVAL)
    loop, http = http_stack(args.stack)
    logging.getLogger("webdata_server").info("event loop %s, HTTP parser %s", loop, http)
    controls = None
    if args.control:
        from webdata_server.controls import Controls
        from webdata_server.jobs import ManualClock, SystemClock

        controls = Controls(SystemClock() if args.clock == "system" else ManualClock(auto=args.clock == "auto"), http=True)
        print(f"Test controls on {url}/__webdata/ (clock: {args.clock})", flush=True)
    app = create_app(settings, controls=controls)
    # X-Forwarded-* from the hosts uvicorn trusts by default, read by the app itself (see trust_forwarded).
    app.trust_forwarded(os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1"))
    # The contract, its compiled validators and the models live as long as the process: frozen,
    # the cyclic collector's full collections stop walking them, a pause every request in flight
    # waited out (benchmarks/README.md).
    gc.collect()
    gc.freeze()
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_level="info",
        access_log=args.access_log,
        proxy_headers=False,
        loop=loop,
        http=protocol_for(http, head_seconds=settings.head_timeout),  # uvicorn's, with a head timeout and size bound (webdata_server.protocols)
        timeout_graceful_shutdown=max(1, math.ceil(settings.shutdown_timeout)),
    )
    server = launch.Server(config, url=url, ready=ready)
    if args.exit_with_parent:
        launch.watch_parent(server.stop_soon)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0 if server.started else 3


if __name__ == "__main__":
    sys.exit(main())
