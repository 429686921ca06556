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
_LINE = ("br", "li", "tr")                                # a new line before
_BLOCK = ("p", "div", "h1", "h2", "h3", "h4", "ul", "ol")  # a blank line after


class _Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in _LINE:
            self.parts.append("\n- " if tag == "li" else "\n")

    def handle_endtag(self, tag):
        if tag in _BLOCK:
            self.parts.append("\n\n")

    def handle_data(self, data):
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
    """Text wrapped to width columns; paragraphs (blank-line separated) kept apart, list lines kept."""
    text = ascii_text(text).replace("\r\n", "\n").replace("\t", " ")
    paras = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    out = []
    for para in paras:
        lines = []
        for line in para.split("\n"):
            line = " ".join(line.split())
            if line:
                lines += textwrap.wrap(line, width, break_long_words=True, break_on_hyphens=True,
                                       subsequent_indent="  " if line.startswith("- ") else "")
        out.append("\n".join(lines))
    return "\n\n".join(out)


def slug(title):
    s = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:24].strip("-")
    return s if s and s[0].isalnum() else ("r-" + s)[:24].strip("-") or "rules"


def packs_from(feed):
    """[pack dict] from a parsed JSON Feed; ValueError with a reason if it is not one."""
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
        pid = base = slug(title)
        k = 2
        while pid in seen:
            pid = "%s-%d" % (base[:21], k)
            k += 1
        seen.add(pid)
        rules = wrap(body)
        if len(rules) > MAX_RULES:
            rules = rules[:MAX_RULES - 4].rsplit("\n", 1)[0] + "\n..."
        pack = {"id": pid, "name": title[:40], "version": 1, "rules": rules}
        if item.get("url"):
            pack["source"] = item["url"]
        out.append(pack)
    return out


def dumps(pack):
    return json.dumps(pack, indent=2) + "\n"
