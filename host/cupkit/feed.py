"""JSON Feed 1.1 of game rules -> reference-only rule packs for the device's rules screen.

The device shows rules on a 128x64 display in 6x8 cells: 21 columns. Each feed
item becomes a pack without an engine (id from its title, name, the text wrapped
to 21 columns, source = the item's URL).
"""

import html.parser
import json
import re
import textwrap
import unicodedata

COLUMNS = 21
MAX_RULES = 4000  # the schema's limit on "rules"
_ASCII = {0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"', 0x2013: "-", 0x2014: "-", 0x2026: "...",
          0x00D7: "x", 0x2022: "-", 0x00A0: " "}
_LINE = ("br", "li", "dt", "dd")                          # a new line before
_BLOCK = ("p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "blockquote", "table", "figure",
          "hr")                                             # a blank line after
_SKIP = ("style", "script", "svg", "img", "template")      # nothing a text screen can show


class _Text(html.parser.HTMLParser):
    """HTML to plain text: block elements become paragraphs, list items "- " lines, a table row one
    "cell | cell" line; pictures, styles and hidden elements (heading anchors) are left out."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.skip = None   # [tag, depth] of the element being left out
        self.row = None    # the cells of the table row being read
        self.tables = 0    # open <table>s: text between their cells is only layout

    def handle_starttag(self, tag, attrs):
        if self.skip:
            self.skip[1] += tag == self.skip[0]
        elif tag in _SKIP or ("aria-hidden", "true") in attrs:
            if tag not in ("img", "hr", "br"):
                self.skip = [tag, 1]
        elif tag == "table":
            self.tables += 1
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.row.append("")
        elif tag in _LINE and self.row is None:
            self.parts.append("\n- " if tag == "li" else "\n")

    def handle_endtag(self, tag):
        if self.skip:
            if tag == self.skip[0]:
                self.skip[1] -= 1
                if not self.skip[1]:
                    self.skip = None
        elif tag == "tr" and self.row is not None:
            self.parts.append("\n" + " | ".join(" ".join(c.split()) for c in self.row))
            self.row = None
        elif tag in _BLOCK and self.row is None:
            self.tables -= tag == "table" and self.tables > 0
            self.parts.append("\n\n")

    def handle_data(self, data):
        if self.skip:
            return
        data = re.sub(r"\s+", " ", data)  # in HTML a line break in the source is a space
        if self.row:
            self.row[-1] += data
        elif self.row is None and not self.tables:
            self.parts.append(data)


def html_text(markup):
    p = _Text()
    p.feed(markup)
    p.close()
    return "".join(p.parts)


def ascii_text(text):
    """The device's 6x8 font is ASCII: typographic marks become their ASCII look-alikes, accents drop."""
    text = text.translate(_ASCII)
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def wrap(text, width=COLUMNS):
    """Text wrapped to width columns; paragraphs (blank-line separated) kept apart, list lines and
    table rows kept, their continuations indented."""
    text = ascii_text(text).replace("\r\n", "\n").replace("\t", " ")
    paras = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    out = []
    for para in paras:
        lines = []
        for line in para.split("\n"):
            line = " ".join(line.split())
            if line:
                lines += textwrap.wrap(line, width, break_long_words=True, break_on_hyphens=True,
                                       subsequent_indent="  " if line.startswith("- ") or " | " in line else "")
        out.append("\n".join(lines))
    return "\n\n".join(out)


def slug(title):
    s = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:24].strip("-")
    return s if s and s[0].isalnum() else ("r-" + s)[:24].strip("-") or "rules"


def packs_from(feed, playable=()):
    """[(pack dict, the id it would have had or None)] from a parsed JSON Feed; ValueError with a
    reason if it is not one. A pack never takes an id in playable (packs with a game): one whose
    title would give such an id is ID-rules, named "NAME rules", so it never hides the game."""
    if not isinstance(feed, dict) or not str(feed.get("version", "")).startswith("https://jsonfeed.org/version/"):
        raise ValueError("not a JSON Feed (no \"version\": \"https://jsonfeed.org/version/1.1\")")
    items = feed.get("items")
    if not isinstance(items, list):
        raise ValueError("the feed has no \"items\" list")
    out, seen = [], set()
    for n, item in enumerate(items):
        if not isinstance(item, dict):
            raise ValueError("item %d is not an object" % n)
        title = (item.get("title") or "").strip()
        body = item.get("content_text") or (html_text(item["content_html"]) if item.get("content_html") else "") \
            or item.get("summary") or ""
        if not title or not body.strip():
            raise ValueError("item %d (%s) needs a title and content_text, content_html or summary"
                             % (n, item.get("id", "?")))
        wanted = pid = base = slug(title)
        if pid in playable:
            pid = base = base[:18].rstrip("-") + "-rules"
            title = title[:34] + " rules"
        k = 2
        while pid in seen or pid in playable:
            pid = "%s-%d" % (base[:21], k)
            k += 1
        seen.add(pid)
        rules = wrap(body)
        if len(rules) > MAX_RULES:
            rules = rules[:MAX_RULES - 4].rsplit("\n", 1)[0] + "\n..."
        pack = {"id": pid, "name": title[:40], "version": 1, "rules": rules}
        if item.get("url"):
            pack["source"] = item["url"]
        out.append((pack, wanted if wanted != pid else None))
    return out


def dumps(pack):
    return json.dumps(pack, indent=2) + "\n"
