"""bash code: the ``agent-browser`` command line over the page model, read as words, never run.

Lines are split into commands at ``&&`` (the next runs only if this one succeeded), ``;`` and line
ends, each command into words as a POSIX shell would quote them (:mod:`shlex`). Every command is
``agent-browser <verb> …`` (or ``echo``); :data:`VERBS` lists the verbs read, with agent-browser's
arguments (``@e1`` refs from the last ``snapshot``, or CSS selectors). Another program answers
``command not found`` (127), as a shell would; a failing command writes its reason to stderr and
exits 1. At most :data:`MAX_COMMANDS` commands run per call.
"""

from __future__ import annotations

import shlex
from typing import Any

from webdata_server.browser.outcome import Outcome
from webdata_server.browser.page import BrowserPage, PageError, Query, query_of

__all__ = ["MAX_COMMANDS", "VERBS", "CommandError", "run", "split"]

MAX_COMMANDS = 500
VERBS = (
    "open", "goto", "navigate", "snapshot", "click", "dblclick", "fill", "type", "select", "check", "uncheck", "press", "keyboard", "hover",
    "focus", "scroll", "get", "wait", "find", "eval", "back", "reload", "screenshot", "close", "is",
)  # fmt: skip


class CommandError(Exception):
    """A command failed (its message goes to stderr) or is not supported here."""


def split(code: str) -> list[tuple[list[str], str]]:
    """Each command's words and how the next follows it (``&&``, ``;``)."""
    commands: list[tuple[list[str], str]] = []
    for line in code.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        words: list[str] = []
        try:
            for token in lexer:
                if token in ("&&", ";"):
                    if words:
                        commands.append((words, token))
                    words = []
                elif token in ("|", "||", "&"):
                    raise CommandError(f"bash: '{token}' is not supported by the reference server (commands, && and ; only)")
                else:
                    words.append(token)
        except ValueError as error:
            raise CommandError(f"bash: syntax error: {error}") from None
        if words:
            commands.append((words, ";"))
        if len(commands) > MAX_COMMANDS:
            raise CommandError(f"bash: more than {MAX_COMMANDS} commands in one call, the reference server's bound")
    return commands


def run(page: BrowserPage, code: str, *, timeout_s: float, allow_open: bool = True, max_output: int | None = None) -> Outcome:
    """Runs ``code``; what it printed, its last output as ``result``, its exit code. Past
    ``max_output`` characters of output the run stops (``killed``; the caller says which budget)."""
    outcome = Outcome()
    out: list[str] = []
    err: list[str] = []
    try:
        commands = split(code)
    except CommandError as error:
        return Outcome(stderr=str(error) + "\n", exit_code=2)
    status = 0
    skipping = False
    last = ""
    printed = 0
    for words, follower in commands:
        if not skipping:
            try:
                last = command(page, words, allow_open=allow_open)
                status = 0
                if last:
                    out.append(last)
                    printed += len(last) + 1
                    if max_output is not None and printed > max_output:
                        outcome.killed = True
                        status = 137
                        break
            except CommandError as error:
                message = str(error)
                status = 127 if message.endswith("command not found") else 1
                err.append(message)
                last = ""
            except PageError as error:
                status = 1
                err.append(f"✗ {error}")
                last = ""
            if page.waited_ms > timeout_s * 1000:
                outcome.killed = True
                status = 137
                err.append(f"Execution timed out after {int(timeout_s)}s")
                break
        skipping = follower == "&&" and status != 0
    outcome.stdout = "".join(line + "\n" for line in out)
    outcome.stderr = "".join(line + "\n" for line in err)
    outcome.exit_code = status
    outcome.result = last
    return outcome


def _target(words: list[str], position: int, verb: str) -> Query:
    if len(words) <= position:
        raise CommandError(f"✗ {verb}: missing the element (a ref such as @e1 from snapshot, or a CSS selector)")
    return query_of(words[position])


def _text(words: list[str], position: int, verb: str) -> str:
    if len(words) <= position:
        raise CommandError(f"✗ {verb}: missing the text")
    return words[position]


def command(page: BrowserPage, words: list[str], *, allow_open: bool = True) -> str:
    """One command's output (empty for actions)."""
    program, args = words[0], words[1:]
    if program == "echo":
        return " ".join(args)
    if program != "agent-browser":
        raise CommandError(f"bash: {program}: command not found")
    if not args:
        raise CommandError("✗ agent-browser: missing a command")
    verb, rest = args[0], args[1:]
    if verb in ("open", "goto", "navigate"):
        if not allow_open:
            raise CommandError("Blocked: opening new tabs/URLs is not allowed. Use click to navigate within the site.")
        page.goto(_text(rest, 0, verb))
        return ""
    if verb == "snapshot":
        scope = rest[rest.index("-s") + 1] if "-s" in rest and rest.index("-s") + 1 < len(rest) else None
        return page.snapshot(interactive="-i" in rest, scope=scope)
    if verb in ("click", "dblclick"):
        page.click(_target(rest, 0, verb))
        return ""
    if verb == "fill":
        page.fill(_target(rest, 0, verb), _text(rest, 1, verb))
        return ""
    if verb == "type":
        page.type(_target(rest, 0, verb), _text(rest, 1, verb))
        return ""
    if verb == "select":
        page.select_option(_target(rest, 0, verb), _text(rest, 1, verb))
        return ""
    if verb in ("check", "uncheck"):
        page.check(_target(rest, 0, verb), verb == "check")
        return ""
    if verb == "press":
        page.press(_text(rest, 0, verb))
        return ""
    if verb == "keyboard":
        if rest[:1] == ["type"]:
            page.type(None, _text(rest, 1, "keyboard type"))
            return ""
        if rest[:1] == ["press"]:
            page.press(_text(rest, 1, "keyboard press"))
            return ""
        raise CommandError("✗ keyboard: the reference server reads 'keyboard type' and 'keyboard press'")
    if verb in ("hover", "focus"):
        page.one(_target(rest, 0, verb), verb)
        return ""
    if verb == "scroll":
        page.scroll(rest[0] if rest and rest[0] in ("up", "down") else "down")
        return ""
    if verb == "get":
        return _get(page, rest)
    if verb == "is":
        if rest[:1] == ["visible"]:
            return "true" if page.find(_target(rest, 1, "is visible")) else "false"
        if rest[:1] == ["checked"]:
            return "true" if page.is_checked(_target(rest, 1, "is checked")) else "false"
        raise CommandError("✗ is: the reference server reads 'is visible' and 'is checked'")
    if verb == "wait":
        return _wait(page, rest)
    if verb == "find":
        return _find(page, rest)
    if verb == "eval":
        value = page.evaluate(_text(rest, 0, verb))
        if value.get("type") == "undefined":
            raise CommandError(
                "✗ eval: the reference server reads document.title, document.querySelectorAll(selector).length, location.href, document.body.innerText and arithmetic"
            )
        found = value.get("value")
        return "" if found is None else str(found)
    if verb == "back":
        page.back()
        return ""
    if verb == "reload":
        page.reload()
        return ""
    if verb == "screenshot":
        return page.screenshot(full_page="--full" in rest)
    if verb == "close":
        return ""
    raise CommandError(f"✗ agent-browser {verb} is not supported by the reference server (it reads: {', '.join(VERBS)})")


def _get(page: BrowserPage, rest: list[str]) -> str:
    what = rest[0] if rest else ""
    if what == "title":
        return page.title()
    if what == "url":
        return page.url
    if what == "text":
        return page.inner_text(_target(rest, 1, "get text"))
    if what == "html":
        return str(page.one(_target(rest, 1, "get html"), "get html").decode_contents())
    if what == "value":
        return page.input_value(_target(rest, 1, "get value"))
    if what == "attr":
        found = page.get_attribute(_target(rest, 1, "get attr"), _text(rest, 2, "get attr"))
        return "" if found is None else found
    if what == "count":
        return str(len(page.find(_target(rest, 1, "get count"))))
    raise CommandError("✗ get: the reference server reads get title|url|text|html|value|attr|count")


def _wait(page: BrowserPage, rest: list[str]) -> str:
    if not rest:
        raise CommandError("✗ wait: missing what to wait for")
    if rest[0].isdigit():
        page.wait(int(rest[0]))
    elif rest[0] == "--text":
        page.wait_for_text(_text(rest, 1, "wait --text"))
    elif rest[0] == "--load":
        pass
    elif rest[0] == "--url":
        wanted = _text(rest, 1, "wait --url").replace("**", "")
        if wanted not in page.url:
            raise PageError(f"wait: Timeout 30000ms exceeded waiting for the URL {wanted!r} (the page is at {page.url})")
    else:
        page.wait_for(_target(rest, 0, "wait"))
    return ""


def _find(page: BrowserPage, rest: list[str]) -> str:
    """``find <text|role|placeholder|label> <value> <action> [text] [--name N] [--exact]``."""
    options: dict[str, Any] = {}
    words: list[str] = []
    position = 0
    while position < len(rest):
        if rest[position] == "--name" and position + 1 < len(rest):
            options["name"] = rest[position + 1]
            position += 2
        elif rest[position] == "--exact":
            options["exact"] = True
            position += 1
        else:
            words.append(rest[position])
            position += 1
    if len(words) < 3 or words[0] not in ("text", "role", "placeholder", "label"):
        raise CommandError("✗ find: the reference server reads find text|role|placeholder|label <value> <click|fill|type|hover|text> [text]")
    kind, value, action = words[0], words[1], words[2]
    query = Query(kind, value, name=options.get("name"), exact=bool(options.get("exact")))
    if action == "click":
        page.click(query)
    elif action in ("fill", "type"):
        (page.fill if action == "fill" else page.type)(query, _text(words, 3, f"find {kind} {action}"))
    elif action == "hover":
        page.one(query, "hover")
    elif action == "text":
        return page.inner_text(query)
    else:
        raise CommandError(f"✗ find: the reference server does not read the action {action!r}")
    return ""
