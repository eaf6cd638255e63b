"""A page's markdown without bs4: the content filters and markdownify's conversion (with the
options :func:`webdata_server.content.to_markdown` gives it) over lxml's own tree of the page.

:func:`webdata_server.content.filter_html` and :func:`~webdata_server.content.to_markdown` build
bs4's tree in Python from lxml's parse, an element at a time, and markdownify walks it through
bs4's lookups: most of a page's render. Here the same parse builds its tree in C, and one walk
makes a small node per element and string: what bs4 keeps of them that the filters and the
conversion read (a name, attributes, a parent, children). The filters and the conversion below
are those steps, written against these nodes.

The output is the other path's, byte for byte: ``tests/server/test_page_markdown.py`` compares
both over the synthetic web, thousands of pages of random markup and real documentation pages.
Where a page holds what this path does not model (a node of the body that is neither element,
text nor comment; a doctype after the page began; elements nested as deep as
:data:`~webdata_server.dom.MAX_DEPTH`; a tag named ``_document_``), :func:`markdown` answers
None and the caller takes the other path.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any
from urllib.parse import urljoin, urlsplit

from webdata_server import content, urls

__all__ = ["markdown"]

# What bs4's parse makes of a string that is whitespace alone outside these (one space or newline),
# and of which spaces.
_KEEPS_WHITESPACE = frozenset({"pre", "textarea"})
_ASCII_SPACES = "\x20\x0a\x09\x0c\x0d"
# The filters' names (content.py): removed always, when not main content, as controls.
_NEVER = frozenset(content.UNRENDERED)
_NOT_MAIN = frozenset(content.NOT_MAIN)
_CONTROLS = frozenset(content.CONTROLS)
# The names the tree keeps a note of as it is made (_Tree._met).
_MET = _CONTROLS | {"body", "main", "a"}
# dom.MAX_DEPTH (dom imports bs4; a test holds them equal): a page whose elements nest this deep
# (less one, to be sure) is left to the other path, which bounds the nesting.
_MAX_DEPTH = 200


_COMMENT: Any = None  # the tag of a comment in lxml's tree (lxml is imported with the first page)


class _Node:
    """An element: what bs4's Tag holds that the filters and markdownify read."""

    __slots__ = ("attrs", "children", "name", "parent")

    def __init__(self, name: str, attrs: dict[str, str], parent: _Node | None) -> None:
        self.name = name
        self.attrs = attrs
        self.parent = parent
        self.children: list[Any] = []


class _Comment:
    """A comment: skipped by the conversion, but a sibling its neighbours see (false when empty,
    as bs4's string is)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __bool__(self) -> bool:
        return bool(self.text)


def markdown(html: str, base_url: str, *, only_main: bool, block_ads: bool) -> str | None:
    """The page's markdown as ``to_markdown(filter_html(html, only_main=..., include_tags=None,
    exclude_tags=None, block_ads=...), base_url)`` gives it, or None where this path does not
    model the page (the caller then takes that one)."""
    lowered = html.lower()
    doctype = lowered.find("<!doctype")
    if doctype >= 0 and (lowered.find("<!doctype", doctype + 1) >= 0 or not _prologue(html[:doctype])):
        return None  # a doctype after the page began: bs4 keeps it where it stands
    tree = _Tree(only_main=only_main, block_ads=block_ads)
    if not tree.parse(html) or tree.body is None:
        return None
    root = (tree.main or tree.body) if only_main else tree.body
    if any(ancestor.name in ("pre", "ul") for ancestor in _ancestors(root)):
        return None  # markdownify reads ancestors beyond the root for these
    scheme = urlsplit(base_url).scheme
    for anchor in tree.anchors:
        href = anchor.attrs["href"]
        joined = _with_host(scheme, href)
        anchor.attrs["href"] = urls.as_written(base_url, href) if joined is None else joined
    for control in tree.controls:
        if control.parent is not None and any(ancestor is root for ancestor in _ancestors(control)):
            control.parent.children.remove(control)
            control.parent = None
    try:
        text = _Converter().tag(root, frozenset())
    except (_Unmodelled, ValueError):  # ValueError: a heading's level too long for int(), as there
        return None
    return content.tidy(text)


class _Tree:
    """The document as bs4 builds it from lxml's parse (which this one is: the same parser, its
    tree made in C), with the filters' elements left out as it is built: what filter_html removes
    from the body (always, as ads, as not main content) is a matter of each element's own name
    and attributes, so leaving one out as it is met removes what removing it later would. The
    controls, which to_markdown removes only from the element chosen as the root, are listed
    (the root may be a ``main`` inside one), as are the links to make absolute."""

    def __init__(self, *, only_main: bool, block_ads: bool) -> None:
        self.block_ads = block_ads
        # What filter_html removes from the body by name.
        self.removed = _NEVER | _NOT_MAIN if only_main else _NEVER
        self.body: _Node | None = None
        self.main: _Node | None = None
        self.anchors: list[_Node] = []
        self.controls: list[_Node] = []

    def parse(self, html: str) -> bool:
        """Parses ``html``; False where lxml makes no document or it holds what this path does
        not model."""
        global _COMMENT
        import lxml.etree  # type: ignore[import-untyped]

        _COMMENT = lxml.etree.Comment
        if html[:1] == "\N{BYTE ORDER MARK}":
            html = html[1:]  # as bs4 gives lxml the markup
        parser = lxml.etree.HTMLParser(recover=True)
        try:
            parser.feed(html)
            top = parser.close()
        except (lxml.etree.LxmlError, UnicodeDecodeError, LookupError, ValueError):
            return False
        if top is None:
            return False
        return self._attach(top, _Node("[document]", {}, None), False, False)

    def _attach(self, element: Any, parent: _Node, keeping: bool, in_body: bool, depth: int = 1) -> bool:
        """Appends ``element`` (its subtree, then its tail) to ``parent``, unless the filters
        remove it (its tail stays, as bs4's ``decompose`` leaves it); False where it is what this
        path does not model. ``keeping``: inside ``pre`` or ``textarea``; ``in_body``: inside the body."""
        tag = element.tag
        if tag is _COMMENT:
            parent.children.append(_Comment(_string(element.text or "", keeping, comment=True)))
        elif type(tag) is not str:
            return False  # an entity or a processing instruction
        else:
            items = element.items()
            attrs = dict(items) if items else {}
            if not (in_body and (tag in self.removed or (items and self.block_ads and content.is_ad(attrs)))):
                node = _Node(tag, attrs, parent)
                parent.children.append(node)
                if tag in _MET:
                    self._met(tag, node, in_body)
                    in_body = in_body or node is self.body
                inner = keeping or tag in _KEEPS_WHITESPACE
                text = element.text
                if text:
                    node.children.append(text if text.strip(_ASCII_SPACES) else _string(text, inner))
                if tag != "head":  # nothing the markdown reads is in the head: its elements are not made
                    if depth >= _MAX_DEPTH - 1 and len(element):
                        return False  # as deep as dom bounds: the other path flattens it
                    attach = self._attach
                    for child in element:
                        if not attach(child, node, inner, in_body, depth + 1):
                            return False
        tail = element.tail
        if tail:
            parent.children.append(tail if tail.strip(_ASCII_SPACES) else _string(tail, keeping))
        return True

    def _met(self, tag: str, node: _Node, in_body: bool) -> None:
        """Keeps what the rest of the path needs of an element by its name: the body, the first
        main, the links and controls in the body."""
        if tag == "body":
            if self.body is None:
                self.body = node
        elif in_body:
            if tag == "a":
                if "href" in node.attrs:
                    self.anchors.append(node)
            elif tag == "main":
                if self.main is None:
                    self.main = node
            else:
                self.controls.append(node)


@lru_cache(maxsize=4096)
def _with_host(scheme: str, href: str) -> str | None:
    """``urljoin(base, href)`` for any base of this scheme where ``href`` names its host (then
    urljoin reads nothing else of the base: a site's links, the same on each of its pages, are
    joined once); None where it does not."""
    try:
        if not href or not urlsplit(href).netloc:
            return None
        return urljoin(f"{scheme}://base.invalid/", href)
    except ValueError:
        return None  # no URL Python reads: the caller keeps it as written


def _prologue(text: str) -> bool:
    """Whether ``text`` (what comes before a doctype) is whitespace, comments and processing
    instructions alone (an XHTML page's ``<?xml ...?>``): nothing bs4 keeps in the body."""
    position = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position == len(text):
            return True
        if text.startswith("<!--", position):
            end = text.find("-->", position + 4)
            position = end + 3 if end >= 0 else -1
        elif text.startswith("<?", position):
            end = text.find(">", position + 2)
            position = end + 1 if end >= 0 else -1
        else:
            return False
        if position < 0:
            return False


def _string(text: str, keeping: bool, *, comment: bool = False) -> str:
    """bs4's string of parsed text: whitespace alone (even none, for a comment) becomes one
    newline or space, except inside ``pre`` and ``textarea``."""
    if keeping or text.strip(_ASCII_SPACES) or (not text and not comment):
        return text
    return "\n" if "\n" in text else " "


def _descendants(root: _Node) -> Any:
    """The elements under ``root`` in document order."""
    stack = [child for child in reversed(root.children) if type(child) is _Node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(child for child in reversed(node.children) if type(child) is _Node)


def _ancestors(node: _Node) -> Any:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


class _Unmodelled(Exception):
    """The page holds an element this path does not convert."""


# markdownify's (1.2.3) patterns and names.
_HEADING = re.compile(r"h(\d+)")
_LINE_WITH_CONTENT = re.compile(r"^(.*)", flags=re.MULTILINE)
_WHITESPACE = re.compile(r"[\t ]+")
_ALL_WHITESPACE = re.compile(r"[\t \r\n]+")
_NEWLINE_WHITESPACE = re.compile(r"[\t \r\n]*[\r\n][\t \r\n]*")
_PRE_LSTRIP = re.compile(r"^[ \n]*\n")
_PRE_RSTRIP = re.compile(r"[ \n]*$")
_EXTRACT_NEWLINES = re.compile(r"^(\n*)((?:.*[^\n])?)(\n*)$", flags=re.DOTALL)
_BACKTICK_RUNS = re.compile(r"`+")
_BLOCK_INSIDE = frozenset(
    {"p", "blockquote", "article", "div", "section", "ol", "ul", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th"}
)
# markdownify's attributes named convert_<x>, by <x>: what a tag of that name is converted with.
# One it has no conversion of ours for ("_document_", the document's own) sends the page to the
# other path; those that are not conversions ("soup", "fn_cache") are not read as one there
# either (content._markdown).
_INLINE = {"b": "**", "strong": "**", "em": "*", "i": "*", "del": "~~", "s": "~~", "sub": "", "sup": ""}
_NOT_OURS = frozenset({"_document_"})
_CONVERSIONS = frozenset(_INLINE) | _NOT_OURS | {"a", "div", "article", "section", "dl", "p", "ul", "ol", "list", "li", "code", "kbd", "samp", "pre",
    "img", "td", "th", "tr", "table", "br", "hr", "blockquote", "video", "q", "script", "style", "caption", "figcaption", "dd", "dt"}  # fmt: skip


def _inside(node: Any) -> bool:
    """markdownify's should_remove_whitespace_inside."""
    if type(node) is not _Node:
        return False
    name = node.name
    found = _BLOCKS.get(name)
    if found is None:
        found = name in _BLOCK_INSIDE or _HEADING.match(name) is not None
        if len(_BLOCKS) < 4096:  # a page can hold any names
            _BLOCKS[name] = found
    return found


# Each name met, whether markdownify's whitespace rules read it as a block; its conversion's key.
_BLOCKS: dict[str, bool] = {}
_KEYS: dict[str, str] = {}
# The names a tag's children are converted under (markdownify's parent_tags), by its own and its parent's.
_CHILD_TAGS: dict[tuple[frozenset[str], str], frozenset[str]] = {}


def _outside(node: Any) -> bool:
    """markdownify's should_remove_whitespace_outside."""
    return type(node) is _Node and (node.name == "pre" or _inside(node))


def _chomp(text: str) -> tuple[str, str, str]:
    prefix = " " if text and text[0] == " " else ""
    suffix = " " if text and text[-1] == " " else ""
    return prefix, suffix, text.strip()


def _previous_tag(node: _Node) -> _Node | None:
    """bs4's ``find_previous_sibling()``: the element before ``node`` among its parent's."""
    if node.parent is None:
        return None
    found = None
    for child in node.parent.children:
        if child is node:
            return found
        if type(child) is _Node:
            found = child
    return found


def _find_all(node: _Node, names: tuple[str, ...]) -> list[_Node]:
    return [found for found in _descendants(node) if found.name in names]


class _Converter:
    """markdownify's MarkdownConverter(heading_style="ATX", bullets="-") over the nodes."""

    def tag(self, node: _Node, parent_tags: frozenset[str]) -> str:
        name = node.name
        inside = _inside(node)
        child_tags = _CHILD_TAGS.get((parent_tags, name))
        if child_tags is None:
            inner = set(parent_tags)
            inner.add(name)
            if _HEADING.match(name) is not None or name in ("td", "th"):
                inner.add("_inline")
            if name in ("pre", "code", "kbd", "samp"):
                inner.add("_noformat")
            child_tags = frozenset(inner)
            if len(_CHILD_TAGS) < 4096:  # a page can nest any names
                _CHILD_TAGS[(parent_tags, name)] = child_tags
        children = node.children
        last = len(children) - 1
        strings = []
        for index, child in enumerate(children):
            kind = type(child)
            if kind is _Node:
                converted = self.tag(child, child_tags)
            elif kind is _Comment:
                continue
            else:
                previous = children[index - 1] if index else None
                following = children[index + 1] if index < last else None
                if not child.strip():
                    if inside and (not previous or not following):
                        continue
                    if _outside(previous) or _outside(following):
                        continue
                converted = self.text(child, previous, following, inside, child_tags)
            if converted:
                strings.append(converted)
        if name != "pre" and "pre" not in parent_tags:
            collapsed = [""]
            for string in strings:
                if string[0] != "\n" and string[-1] != "\n":
                    leading, content, trailing = "", string, ""  # what the pattern finds in most
                else:
                    leading, content, trailing = _EXTRACT_NEWLINES.match(string).groups()  # type: ignore[union-attr]
                if collapsed[-1] and leading:
                    previous_trailing = collapsed.pop()
                    leading = "\n" * min(2, max(len(previous_trailing), len(leading)))
                collapsed += (leading, content, trailing)
            strings = collapsed
        return self.convert(node, "".join(strings), parent_tags)

    @staticmethod
    def text(text: str, previous: Any, following: Any, inside: bool, parent_tags: frozenset[str]) -> str:
        """A string's markdown (``inside``: whether its parent is a block, by markdownify's rule)."""
        if "pre" not in parent_tags:
            if "\n" in text or "\r" in text:
                text = _NEWLINE_WHITESPACE.sub("\n", text)
            if "\t" in text or "  " in text:  # else nothing for the pattern to shorten
                text = _WHITESPACE.sub(" ", text)
        if "_noformat" not in parent_tags and text:
            text = text.replace("*", r"\*").replace("_", r"\_")
        if _outside(previous) or (inside and not previous):
            text = text.lstrip(" \t\r\n")
        if _outside(following) or (inside and not following):
            text = text.rstrip()
        return text

    def convert(self, node: _Node, text: str, parent_tags: frozenset[str]) -> str:
        key = _KEYS.get(node.name)
        if key is None:
            key = content.conversion_key(node.name)
            key = key if key in _CONVERSIONS or _HEADING.match(key) is not None else ""
            if len(_KEYS) < 4096:
                _KEYS[node.name] = key
        if not key:
            return text  # no conversion: the children's text as it is
        if key in _NOT_OURS:
            raise _Unmodelled(key)
        if key in _INLINE:
            if "_noformat" in parent_tags:
                return text
            prefix, suffix, text = _chomp(text)
            mark = _INLINE[key]
            return f"{prefix}{mark}{text}{mark}{suffix}" if text else ""
        if key == "a":
            return self.anchor(node, text, parent_tags)
        if key in ("div", "article", "section", "dl"):
            if "_inline" in parent_tags:
                return " " + text.strip() + " "
            text = text.strip()
            return f"\n\n{text}\n\n" if text else ""
        if key == "p":
            if "_inline" in parent_tags:
                return " " + text.strip(" \t\r\n") + " "
            text = text.strip(" \t\r\n")
            return f"\n\n{text}\n\n" if text else ""
        if key in ("ul", "ol", "list"):
            return self.list(node, text, parent_tags)
        if key == "li":
            return self.item(node, text)
        if key in ("code", "kbd", "samp"):
            return self.code(text, parent_tags)
        if key == "pre":
            if not text:
                return ""
            text = _PRE_RSTRIP.sub("", _PRE_LSTRIP.sub("", text))
            return f"\n\n```\n{text}\n```\n\n"
        if key == "img":
            return self.image(node, parent_tags)
        if key in ("td", "th"):
            return " " + text.strip().replace("\n", " ") + " |" * _span(node)
        if key == "tr":
            return self.row(node, text)
        if key == "table":
            return "\n\n" + text.strip() + "\n\n"
        if key == "br":
            if "_inline" in parent_tags:
                return text + " " if text else " "
            return "  \n" + text
        if key == "hr":
            return "\n\n---\n\n"
        if key == "blockquote":
            text = (text or "").strip(" \t\r\n")
            if "_inline" in parent_tags:
                return " " + text + " "
            if not text:
                return "\n"
            return "\n" + _LINE_WITH_CONTENT.sub(lambda m: "> " + m.group(1) if m.group(1) else ">", text) + "\n\n"
        if key == "video":
            return self.video(node, text, parent_tags)
        if key == "q":
            return '"' + text + '"'
        if key in ("script", "style"):
            return ""
        if key == "caption":
            return text.strip() + "\n\n"
        if key == "figcaption":
            return "\n\n" + text.strip() + "\n\n"
        if key == "dd":
            text = (text or "").strip()
            if "_inline" in parent_tags:
                return " " + text + " "
            if not text:
                return "\n"
            text = _LINE_WITH_CONTENT.sub(lambda m: "    " + m.group(1) if m.group(1) else "", text)
            return ":" + text[1:] + "\n"
        if key == "dt":
            text = _ALL_WHITESPACE.sub(" ", (text or "").strip())
            if "_inline" in parent_tags:
                return " " + text + " "
            return f"\n\n{text}\n" if text else "\n"
        heading = _HEADING.match(key)
        if heading is not None:
            if "_inline" in parent_tags:
                return text
            level = max(1, min(6, int(heading.group(1))))
            return "\n\n{} {}\n\n".format("#" * level, _ALL_WHITESPACE.sub(" ", text.strip()))
        return text

    @staticmethod
    def anchor(node: _Node, text: str, parent_tags: frozenset[str]) -> str:
        if "_noformat" in parent_tags:
            return text
        prefix, suffix, text = _chomp(text)
        if not text:
            return ""
        href = node.attrs.get("href")
        title = node.attrs.get("title")
        if text.replace(r"\_", "_") == href and not title:
            return f"<{href}>"
        title_part = ' "{}"'.format(title.replace('"', r"\"")) if title else ""
        return f"{prefix}[{text}]({href}{title_part}){suffix}" if href else text

    @staticmethod
    def code(text: str, parent_tags: frozenset[str]) -> str:
        if "_noformat" in parent_tags:
            return text
        prefix, suffix, text = _chomp(text)
        if not text:
            return ""
        backticks = max((len(run) for run in _BACKTICK_RUNS.findall(text)), default=0)
        delimiter = "`" * (backticks + 1)
        if backticks > 0:
            text = " " + text + " "
        return f"{prefix}{delimiter}{text}{delimiter}{suffix}"

    @staticmethod
    def image(node: _Node, parent_tags: frozenset[str]) -> str:
        alt = node.attrs.get("alt") or ""
        src = node.attrs.get("src") or ""
        title = node.attrs.get("title") or ""
        title_part = ' "{}"'.format(title.replace('"', r"\"")) if title else ""
        if "_inline" in parent_tags:
            return alt
        return f"![{alt}]({src}{title_part})"

    @staticmethod
    def video(node: _Node, text: str, parent_tags: frozenset[str]) -> str:
        if "_inline" in parent_tags:
            return text
        src = node.attrs.get("src") or ""
        if not src:
            source = next((found for found in _find_all(node, ("source",)) if "src" in found.attrs), None)
            src = (source.attrs.get("src") or "") if source is not None else ""
        poster = node.attrs.get("poster") or ""
        if src and poster:
            return f"[![{text}]({poster})]({src})"
        if src:
            return f"[{text}]({src})"
        if poster:
            return f"![{text}]({poster})"
        return text

    @staticmethod
    def list(node: _Node, text: str, parent_tags: frozenset[str]) -> str:
        before_paragraph = False
        following = _next_content(node)
        if following is not None and (type(following) is not _Node or following.name not in ("ul", "ol")):
            before_paragraph = True
        if "li" in parent_tags:
            return "\n" + text.rstrip()
        return "\n\n" + text + ("\n" if before_paragraph else "")

    @staticmethod
    def item(node: _Node, text: str) -> str:
        text = (text or "").strip()
        if not text:
            return "\n"
        parent = node.parent
        if parent is not None and parent.name == "ol":
            start = int(parent.attrs["start"]) if content.readable_number(parent.attrs.get("start")) else 1
            before = 0
            for child in parent.children:
                if child is node:
                    break
                if type(child) is _Node and child.name == "li":
                    before += 1
            bullet = f"{start + before}. "
        else:
            bullet = "- "
        indent = " " * len(bullet)
        text = _LINE_WITH_CONTENT.sub(lambda m: indent + m.group(1) if m.group(1) else "", text)
        return bullet + text[len(bullet) :] + "\n"

    @staticmethod
    def row(node: _Node, text: str) -> str:
        cells = _find_all(node, ("td", "th"))
        parent = node.parent
        parent_name = parent.name if parent is not None else None
        is_first_row = _previous_tag(node) is None
        is_headrow = all(cell.name == "th" for cell in cells) or (parent_name == "thead" and parent is not None and len(_find_all(parent, ("tr",))) == 1)
        grandparent = parent.parent if parent is not None else None
        is_head_row_missing = (is_first_row and parent_name != "tbody") or (
            is_first_row and parent_name == "tbody" and len(_find_all(grandparent, ("thead",)) if grandparent is not None else []) < 1
        )
        full_colspan = 0
        for cell in cells:
            full_colspan += _span(cell)
        overline = underline = ""
        if is_headrow and is_first_row:
            underline = "| " + " | ".join(["---"] * full_colspan) + " |\n"
        elif is_head_row_missing or (
            is_first_row and (parent_name == "table" or (parent_name == "tbody" and parent is not None and _previous_tag(parent) is None))
        ):
            overline = "| " + " | ".join([""] * full_colspan) + " |\n"
            overline += "| " + " | ".join(["---"] * full_colspan) + " |\n"
        return overline + "|" + text + "\n" + underline


def _span(cell: _Node) -> int:
    """A cell's columns: its ``colspan`` from 1 to 1,000, 1 when it has none Python reads."""
    colspan = cell.attrs.get("colspan")
    return max(1, min(1000, int(colspan))) if colspan is not None and content.readable_number(colspan) else 1


def _next_content(node: _Node) -> Any:
    """markdownify's _next_block_content_sibling: the next element or text that is not
    whitespace alone, else None."""
    if node.parent is None:
        return None
    siblings = node.parent.children
    for child in siblings[siblings.index(node) + 1 :]:
        if type(child) is _Node:
            return child
        if type(child) is str and child.strip() != "":
            return child
    return None
