"""A page's document: parsed with lxml's HTML parser into bs4's tree, the one every part of the
server that reads or acts on a page walks (content formats, the page model, structured data).

Imported on the first page parsed, not with the server (bs4 and soupsieve were about a tenth of a
test's first import); :func:`webdata_server.content.parse_html` is the entry point.
"""

from __future__ import annotations

from typing import Any

from bs4 import BeautifulSoup, Tag
from bs4.builder._lxml import LXMLTreeBuilder
from bs4.element import NavigableString, ResultSet

__all__ = ["MAX_DEPTH", "parse_html"]

# An element this deep keeps its text, not the markup inside it: the markdown conversion recurses
# once per level, and browsers stop nesting too (Blink at 512 levels).
MAX_DEPTH = 200


class _PlainLookups:
    """bs4's lookups by plain tag name or none (``find_all("a", href=True)``, ``find("title")``,
    markdownify's ``find_parent("pre")`` for every element and ``find_previous_sibling()`` for
    every table row) answered by a walk of the elements:
    bs4 builds a matching rule object for every call, and under a limit (``find``, ``find_parent``)
    matches each element through it. Any other lookup is bs4's own. The result is the same list, in
    the same order (``tests/server/test_content.py`` compares)."""

    def _find_all(self, name: Any, attrs: Any, string: Any, limit: Any, generator: Any, **kwargs: Any) -> Any:
        names = _plain_names(name)
        if names is None or string is not None or attrs or any(value is not True or key in _NOT_ATTRIBUTES for key, value in kwargs.items()):
            return super()._find_all(name, attrs, string, limit, generator, **kwargs)  # type: ignore[misc]
        found: list[Tag] = []
        for element in generator:
            if isinstance(element, Tag) and (names is True or element.name in names) and all(element.get(key) is not None for key in kwargs):
                found.append(element)
                if limit and len(found) >= limit:
                    break
        return ResultSet(None, found)

    def find_parent(self, name: Any = None, attrs: Any = None, **kwargs: Any) -> Any:
        names = _plain_names(name)
        if names is None or attrs or kwargs:
            return super().find_parent(name, attrs, **kwargs)  # type: ignore[misc]
        parent = self.parent  # type: ignore[attr-defined]
        while parent is not None and not (names is True or parent.name in names):
            parent = parent.parent
        return parent


# Keywords a find method reads as something other than an attribute name.
_NOT_ATTRIBUTES = frozenset({"text", "string", "class_", "_class"})


def _plain_names(name: Any) -> Any:
    """``True`` (every tag), the set of names ``name`` matches by equality, or None when it is
    anything else (a pattern, a function, a prefixed name, no name)."""
    if name is True or name is None:  # no name: every tag, as bs4 reads it (markdownify's find_previous_sibling())
        return True
    if isinstance(name, str):
        return None if ":" in name else frozenset((name,))
    if isinstance(name, (list, tuple, set, frozenset)) and all(type(item) is str and ":" not in item for item in name):
        return frozenset(name)
    return None


class _Soup(_PlainLookups, BeautifulSoup):
    """bs4's tree, built as bs4 builds it with fewer steps for what an HTML parse gives (elements
    without a namespace, in document order): a start tag makes its element directly (what
    ``Tag.__init__`` and ``handle_starttag`` set, for the lxml HTML builder), a run of text its
    string linked in place (the order of a parse leaves nothing for bs4's linkage fixer to
    change), and an end tag that closes the current element pops it. Anything else is bs4's own.
    ``tests/server/test_content.py`` compares every node and link with bs4's own tree."""

    def handle_starttag(
        self, name: Any, namespace: Any, nsprefix: Any, attrs: Any, sourceline: Any = None, sourcepos: Any = None, namespaces: Any = None
    ) -> Any:
        if namespace is not None or nsprefix is not None or self.parse_only or sourceline is not None or sourcepos is not None:
            return super().handle_starttag(name, namespace, nsprefix, attrs, sourceline=sourceline, sourcepos=sourcepos, namespaces=namespaces)
        if self.current_data:
            self.endData()
        builder: Any = self.builder
        parent: Any = self.currentTag
        previous: Any = self._most_recent_element
        tag = _Tag.__new__(_Tag)
        tag.parser_class = self.__class__
        tag.name = name
        tag.namespace = None
        tag._namespaces = namespaces or {}
        tag.prefix = None
        tag.sourceline = tag.sourcepos = None
        tag.attribute_value_list_class = builder.attribute_value_list_class
        tag.attrs = builder._replace_cdata_list_attribute_values(name, attrs) if attrs is not None else builder.attribute_dict_class()
        tag.known_xml = builder.is_xml
        tag.contents = []
        tag.parent = parent
        tag.previous_element = previous
        if previous is not None:
            previous.next_element = tag
        tag.next_element = tag.next_sibling = None
        siblings = parent.contents
        if siblings:
            tag.previous_sibling = siblings[-1]
            siblings[-1].next_sibling = tag
        else:
            tag.previous_sibling = None
        tag.hidden = False
        if name == "meta":
            builder.set_up_substitutions(tag)
        tag.can_be_empty_element = builder.can_be_empty_element(name)
        tag.cdata_list_attributes = builder.cdata_list_attributes
        tag.preserve_whitespace_tags = builder.preserve_whitespace_tags
        containers = builder.string_containers
        tag.interesting_string_types = {containers[name]} if name in containers else tag.MAIN_CONTENT_STRING_TYPES
        self._most_recent_element = tag
        self.pushTag(tag)
        return tag

    def endData(self, containerClass: Any = None) -> None:
        data = self.current_data
        if not data:
            return
        if containerClass is not None or self.parse_only:
            super().endData(containerClass)
            return
        text = data[0] if len(data) == 1 else "".join(data)
        if not self.preserve_whitespace_tag_stack and not text.strip(self.ASCII_SPACES):
            text = "\n" if "\n" in text else " "  # bs4's: whitespace alone becomes one newline or space
        self.current_data = []
        container: Any = self.element_classes.get(NavigableString, NavigableString)
        if self.string_container_stack and container is NavigableString:
            container = self.builder.string_containers.get(self.string_container_stack[-1].name, container)
        string = container(text)
        parent: Any = self.currentTag
        previous: Any = self._most_recent_element
        string.parent = parent
        string.previous_element = previous
        if previous is not None:
            previous.next_element = string
        siblings = parent.contents
        if siblings:
            string.previous_sibling = siblings[-1]
            siblings[-1].next_sibling = string
        self._most_recent_element = string
        siblings.append(string)

    def handle_endtag(self, name: str, nsprefix: str | None = None) -> None:
        self.endData()
        current: Any = self.currentTag
        if nsprefix is None and current.name == name and current.prefix is None and name != self.ROOT_TAG_NAME and len(self.tagStack) > 1:
            self.popTag()
        else:
            self._popToTag(name, nsprefix)


class _Tag(_PlainLookups, Tag):
    pass


class _HTMLBuilder(LXMLTreeBuilder):
    """bs4's lxml HTML builder without its namespace bookkeeping for the elements that have none
    (an HTML parse gives none; the tree is the same: ``tests/server/test_content.py``); anything
    namespaced is bs4's own."""

    def start(self, tag: Any, attrib: Any, nsmap: Any = None) -> None:
        if nsmap or len(self.nsmaps) > 1 or tag[:1] == "{" or any(name[:1] == "{" for name in attrib):
            super().start(tag, attrib, nsmap or {})
            return
        attributes = self.attribute_dict_class()
        for name, value in attrib.items():
            attributes[name] = value
        self.soup.handle_starttag(tag, None, None, attributes, namespaces=self.active_namespace_prefixes[-1])  # type: ignore[union-attr]

    def end(self, tag: Any) -> None:
        if len(self.nsmaps) > 1 or tag[:1] == "{":
            super().end(tag)
            return
        self.soup.endData()  # type: ignore[union-attr]
        self.soup.handle_endtag(tag, None)  # type: ignore[union-attr]


# The most levels lxml's HTML parser adds to a path on its own (html, head or body, p, ...), with room.
_IMPLIED_LEVELS = 16


def parse_html(html: str) -> BeautifulSoup:
    """A page's document, parsed with lxml's HTML parser (libxml2: linear in the input, where the
    standard library's parser is quadratic on unterminated tags and comments, as a hostile page or
    upload can be), its nesting bounded at :data:`MAX_DEPTH`."""
    soup = _Soup(html, builder=_HTMLBuilder, element_classes={Tag: _Tag})
    if html.count("<") - html.count("</") + _IMPLIED_LEVELS < MAX_DEPTH:
        return soup  # fewer start tags than levels to bound
    stack: list[tuple[Any, int]] = [(soup, 0)]
    while stack:
        element, depth = stack.pop()
        children = [child for child in element.children if getattr(child, "name", None)]
        for child in children:
            if depth + 1 < MAX_DEPTH:
                stack.append((child, depth + 1))
            elif any(getattr(inner, "name", None) for inner in child.children):
                text = child.get_text()
                child.clear()
                child.append(text)
    return soup
