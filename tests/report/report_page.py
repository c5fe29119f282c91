"""The generated report page read back as a reader sees it: per section, its paragraphs, tables
(header, row and cell classes), figures (image, link, caption), plus every link and id on the
page and the page's CSS. Shared by the report checks in this folder."""
import html.parser
import re


class Page:
    def __init__(self):
        self.sections = {}   # id -> list of blocks, in page order
        self.prose = []      # (tag, text) of every text a reader reads as prose
        self.links = []      # (attribute, value) of every href and src
        self.ids = set()
        self.style = ""


class _Reader(html.parser.HTMLParser):
    PROSE = {"h1", "h2", "h3", "h4", "p", "li", "figcaption", "th", "summary"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.section = self.page.sections.setdefault("", [])
        self.text = None        # text being collected for a prose element
        self.table = None
        self.figure = None
        self.in_style = False
        self.in_pre = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.page.ids.add(a["id"])
        for key in ("href", "src"):
            if key in a:
                self.page.links.append((key, a[key]))
        if tag == "style":
            self.in_style = True
        elif tag == "pre":
            self.in_pre = True
        elif tag == "section":
            self.section = self.page.sections.setdefault(a.get("id", ""), [])
        elif tag == "table":
            self.table = {"kind": "table", "headers": [], "rows": []}
        elif tag == "tr" and self.table is not None:
            self.table["rows"].append({"cls": a.get("class", ""), "cells": []})
        elif tag == "td" and self.table is not None:
            self.table["rows"][-1]["cells"].append([a.get("class", ""), ""])
            self.text = ""
        elif tag == "figure":
            self.figure = {"kind": "figure", "img": None, "alt": "", "href": None, "caption": ""}
        elif tag == "img" and self.figure is not None:
            self.figure["img"], self.figure["alt"] = a.get("src"), a.get("alt", "")
            self.page.prose.append(("img alt", a.get("alt", "")))
        elif tag == "a" and self.figure is not None:
            self.figure["href"] = a.get("href")
        if tag in self.PROSE:
            self.text = ""

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False
        elif tag == "pre":
            self.in_pre = False
        elif tag == "td" and self.table is not None:
            self.table["rows"][-1]["cells"][-1][1] = self.text.strip()
            self.text = None
        elif tag == "table" and self.table is not None:
            self.table["rows"] = [r for r in self.table["rows"] if r["cells"]]
            self.section.append(self.table)
            self.table = None
        elif tag == "figure" and self.figure is not None:
            self.section.append(self.figure)
            self.figure = None
        elif tag in self.PROSE and self.text is not None:
            text = " ".join(self.text.split())
            self.page.prose.append((tag, text))
            if tag == "p":
                self.section.append({"kind": "p", "text": text})
            elif tag == "th" and self.table is not None:
                self.table["headers"].append(text)
            elif tag == "figcaption" and self.figure is not None:
                self.figure["caption"] = text
            self.text = None

    def handle_data(self, data):
        if self.in_style:
            self.page.style += data
        elif self.text is not None and not self.in_pre:
            self.text += data


def read_page(text):
    reader = _Reader()
    reader.feed(text)
    return reader.page


def css_background(style, cls):
    """The background colour (r, g, b) the page's CSS gives a row or cell of class `cls`."""
    for rule in re.finditer(r"([^{}]+)\{([^}]*)\}", style):
        selectors = [s.strip() for s in rule.group(1).split(",")]
        if f"td.{cls}" in selectors or f"tr.{cls} td" in selectors:
            m = re.search(r"background:\s*#([0-9a-fA-F]{6})", rule.group(2))
            if m:
                return tuple(int(m.group(1)[i:i + 2], 16) for i in (0, 2, 4))
    return None


def table_of(blocks, index):
    """The table a paragraph at blocks[index] describes: the first table after it in its
    section, else the last one before it."""
    after = [b for b in blocks[index + 1:] if b["kind"] == "table"]
    if after:
        return after[0]
    before = [b for b in blocks[:index] if b["kind"] == "table"]
    return before[-1] if before else None
