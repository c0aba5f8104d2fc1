"""The site's icon: linked by every page as /favicon.svg, and /favicon.ico for browsers that ask."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ElementTree
import zlib

from fastapi.testclient import TestClient


def test_the_icon_is_served_as_svg_and_ico(client: TestClient) -> None:
    page = client.get("/").text
    assert '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' in page
    svg = client.get("/favicon.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    root = ElementTree.fromstring(svg.text)
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 7  # a 3-4 domino: seven pips
    ico = client.get("/favicon.ico")
    assert ico.status_code == 200 and ico.headers["content-type"] == "image/x-icon"
    data = ico.content
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 1)
    width, height, _, _, _, bits, size, offset = struct.unpack("<BBBBHHII", data[6:22])
    assert (width, height, bits, offset, size) == (32, 32, 32, 22, len(data) - 22)
    png = data[offset:]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (32, 32)
    # the picture: opaque tile pixels in the middle, transparent corners
    length = struct.unpack(">I", png[33:37])[0]
    assert png[37:41] == b"IDAT"
    pixels = zlib.decompress(png[41 : 41 + length])
    row = 1 + 32 * 4
    assert len(pixels) == 32 * row
    assert pixels[1 + 3] == 0  # top-left corner: transparent
    middle = 10 * row + 1 + 16 * 4
    assert pixels[middle + 3] == 255


def test_the_table_page_explains_the_marks_of_the_layout(client: TestClient) -> None:
    english = client.get("/table/abc").text
    assert 'id="legend"' in english and "orange frame: the spinner" in english
    assert 'id="drawer-toggle"' in english and 'class="toast-region"' in english
    russian = client.get("/table/abc?lang=ru").text
    assert "оранжевая рамка" in russian and "orange frame" not in russian
