from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.action_results import ActionResults
    from ..models.branding_profile import BrandingProfile
    from ..models.change_tracking_result import ChangeTrackingResult
    from ..models.document_metadata import DocumentMetadata
    from ..models.pdf_page import PdfPage
    from ..models.pdf_page_blocks import PdfPageBlocks


T = TypeVar("T", bound="Document")


@_attrs_define
class Document:
    """A scraped document; each format requested fills its field.

    Attributes:
        metadata (DocumentMetadata): Metadata of the page and of the scrape.
        actions (ActionResults | Unset): Results of the actions, in order of execution per kind.
        blocks (list[PdfPageBlocks] | Unset): Per-page layout blocks, when the PDF parser's `blocks` is true.
        branding (BrandingProfile | Unset): Colours and fonts taken from the page's CSS.
        change_tracking (ChangeTrackingResult | Unset): Result of the changeTracking format.
        html (str | Unset):
        images (list[str] | Unset):
        json (Any | Unset): Data extracted by the json format.
        links (list[str] | Unset):
        markdown (str | Unset):
        pages (list[PdfPage] | Unset): Per-page markdown, when the PDF parser's `pages` is true.
        raw_base_64 (str | Unset):
        raw_html (str | Unset):
        screenshot (str | Unset): Link to the screenshot image.
        summary (str | Unset):
        warning (str | Unset):
    """

    metadata: DocumentMetadata
    actions: ActionResults | Unset = UNSET
    blocks: list[PdfPageBlocks] | Unset = UNSET
    branding: BrandingProfile | Unset = UNSET
    change_tracking: ChangeTrackingResult | Unset = UNSET
    html: str | Unset = UNSET
    images: list[str] | Unset = UNSET
    json: Any | Unset = UNSET
    links: list[str] | Unset = UNSET
    markdown: str | Unset = UNSET
    pages: list[PdfPage] | Unset = UNSET
    raw_base_64: str | Unset = UNSET
    raw_html: str | Unset = UNSET
    screenshot: str | Unset = UNSET
    summary: str | Unset = UNSET
    warning: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        metadata = self.metadata.to_dict()

        actions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.actions, Unset):
            actions = self.actions.to_dict()

        blocks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.blocks, Unset):
            blocks = []
            for blocks_item_data in self.blocks:
                blocks_item = blocks_item_data.to_dict()
                blocks.append(blocks_item)

        branding: dict[str, Any] | Unset = UNSET
        if not isinstance(self.branding, Unset):
            branding = self.branding.to_dict()

        change_tracking: dict[str, Any] | Unset = UNSET
        if not isinstance(self.change_tracking, Unset):
            change_tracking = self.change_tracking.to_dict()

        html = self.html

        images: list[str] | Unset = UNSET
        if not isinstance(self.images, Unset):
            images = self.images

        json = self.json

        links: list[str] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = self.links

        markdown = self.markdown

        pages: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.pages, Unset):
            pages = []
            for pages_item_data in self.pages:
                pages_item = pages_item_data.to_dict()
                pages.append(pages_item)

        raw_base_64 = self.raw_base_64

        raw_html = self.raw_html

        screenshot = self.screenshot

        summary = self.summary

        warning = self.warning

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "metadata": metadata,
            }
        )
        if actions is not UNSET:
            field_dict["actions"] = actions
        if blocks is not UNSET:
            field_dict["blocks"] = blocks
        if branding is not UNSET:
            field_dict["branding"] = branding
        if change_tracking is not UNSET:
            field_dict["changeTracking"] = change_tracking
        if html is not UNSET:
            field_dict["html"] = html
        if images is not UNSET:
            field_dict["images"] = images
        if json is not UNSET:
            field_dict["json"] = json
        if links is not UNSET:
            field_dict["links"] = links
        if markdown is not UNSET:
            field_dict["markdown"] = markdown
        if pages is not UNSET:
            field_dict["pages"] = pages
        if raw_base_64 is not UNSET:
            field_dict["rawBase64"] = raw_base_64
        if raw_html is not UNSET:
            field_dict["rawHtml"] = raw_html
        if screenshot is not UNSET:
            field_dict["screenshot"] = screenshot
        if summary is not UNSET:
            field_dict["summary"] = summary
        if warning is not UNSET:
            field_dict["warning"] = warning

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_results import ActionResults  # noqa: PLC0415
        from ..models.branding_profile import BrandingProfile  # noqa: PLC0415
        from ..models.change_tracking_result import ChangeTrackingResult  # noqa: PLC0415
        from ..models.document_metadata import DocumentMetadata  # noqa: PLC0415
        from ..models.pdf_page import PdfPage  # noqa: PLC0415
        from ..models.pdf_page_blocks import PdfPageBlocks  # noqa: PLC0415

        d = dict(src_dict)
        metadata = DocumentMetadata.from_dict(d.pop("metadata"))

        _actions = d.pop("actions", UNSET)
        actions: ActionResults | Unset
        if isinstance(_actions, Unset):
            actions = UNSET
        else:
            actions = ActionResults.from_dict(_actions)

        _blocks = d.pop("blocks", UNSET)
        blocks: list[PdfPageBlocks] | Unset = UNSET
        if _blocks is not UNSET:
            blocks = []
            for blocks_item_data in _blocks:
                blocks_item = PdfPageBlocks.from_dict(blocks_item_data)

                blocks.append(blocks_item)

        _branding = d.pop("branding", UNSET)
        branding: BrandingProfile | Unset
        if isinstance(_branding, Unset):
            branding = UNSET
        else:
            branding = BrandingProfile.from_dict(_branding)

        _change_tracking = d.pop("changeTracking", UNSET)
        change_tracking: ChangeTrackingResult | Unset
        if isinstance(_change_tracking, Unset):
            change_tracking = UNSET
        else:
            change_tracking = ChangeTrackingResult.from_dict(_change_tracking)

        html = d.pop("html", UNSET)

        images = cast(list[str], d.pop("images", UNSET))

        json = d.pop("json", UNSET)

        links = cast(list[str], d.pop("links", UNSET))

        markdown = d.pop("markdown", UNSET)

        _pages = d.pop("pages", UNSET)
        pages: list[PdfPage] | Unset = UNSET
        if _pages is not UNSET:
            pages = []
            for pages_item_data in _pages:
                pages_item = PdfPage.from_dict(pages_item_data)

                pages.append(pages_item)

        raw_base_64 = d.pop("rawBase64", UNSET)

        raw_html = d.pop("rawHtml", UNSET)

        screenshot = d.pop("screenshot", UNSET)

        summary = d.pop("summary", UNSET)

        warning = d.pop("warning", UNSET)

        document = cls(
            metadata=metadata,
            actions=actions,
            blocks=blocks,
            branding=branding,
            change_tracking=change_tracking,
            html=html,
            images=images,
            json=json,
            links=links,
            markdown=markdown,
            pages=pages,
            raw_base_64=raw_base_64,
            raw_html=raw_html,
            screenshot=screenshot,
            summary=summary,
            warning=warning,
        )

        document.additional_properties = d
        return document

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
