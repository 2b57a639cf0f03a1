"""The work a build does not repeat: art embedded once per document, faces drawn once in parts
on several cores, repeated checks taken from the cache.  No timings:
each test counts the work done."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

import pnp.export.sheets
from pnp.cache import Cache, CacheKind
from pnp.check import RULES, Rule, cached, check_pack
from pnp.check.cached import cached_check
from pnp.check.entry import BESIDE_LAYOUT, checked_before
from pnp.check.rule import Parts
from pnp.check.text import lexicon
from pnp.errors import Finding
from pnp.layout import memo
from pnp.load import load_pack
from pnp.model import PackData
from pnp.pipelines.build import BuildOptions, build
from pnp.pipelines.findings import pack_findings
from pnp.render.pictures import draw_image_once


def test_a_picture_is_embedded_and_digested_once_however_many_faces_show_it(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    original = Canvas.drawImage

    def counting(self: Canvas, image: object, *args: object, **kwargs: object) -> object:
        calls.append(image)
        return original(self, image, *args, **kwargs)

    monkeypatch.setattr(Canvas, "drawImage", counting)
    picture = Image.new("RGB", (60, 40), "#d02020")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 100))
    for x in (10, 110):  # two faces on one page, as two forms would place it
        draw_image_once(canvas, ("art/x.png", 60, 40, "cover"), picture, x, 30, 60, 40)
    canvas.showPage()
    canvas.save()
    assert len(calls) == 1  # ReportLab copied and hashed the RGB bytes once, not once per face
    data = buffer.getvalue()
    assert len(re.findall(rb"/Subtype /Image", data)) == 1
    page = pdfium.PdfDocument(data)[0].render(scale=1).to_pil().convert("RGB")
    assert page.getpixel((40, 50)) == page.getpixel((140, 50)) == (208, 32, 32)


def test_a_picture_is_compressed_at_the_faster_level_and_kept_lossless() -> None:
    import zlib

    from reportlab.pdfbase import pdfdoc

    from pnp.render.pictures import IMAGE_ZLIB_LEVEL

    picture = Image.effect_noise((60, 40), 30).convert("RGB")
    canvas = Canvas(io.BytesIO(), pagesize=(200, 100))
    draw_image_once(canvas, ("art/noise.png", 60, 40, "cover"), picture, 10, 30, 60, 40)
    assert pdfdoc.zlib is zlib  # ReportLab's own again once the picture is in
    streams = [o.streamContent for o in canvas._doc.idToObject.values() if type(o).__name__ == "PDFImageXObject"]
    assert [zlib.decompress(s) for s in streams] == [picture.tobytes()]  # every pixel as it was
    assert streams == [zlib.compress(picture.tobytes(), IMAGE_ZLIB_LEVEL)]


def test_a_plain_png_goes_into_the_pdf_as_its_file_holds_it_with_the_same_pixels(tmp_path: Path) -> None:
    from pnp.render.png_stream import draw_png, png_stream

    picture = Image.effect_noise((60, 40), 40).convert("RGB")
    picture.save(tmp_path / "art.png")
    png = png_stream(tmp_path / "art.png")
    assert png is not None and (png.width, png.height, png.colours) == (60, 40, 3)
    pages = []
    for draw in ("drawImage", "as the file holds it"):
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=(120, 80))
        for x in (0, 60):  # twice, embedded once
            if draw == "drawImage":
                canvas.drawImage(str(tmp_path / "art.png"), x, 20, 60, 40)
            else:
                draw_png(canvas, png, x, 20, 60, 40)
        canvas.showPage()
        canvas.save()
        data = buffer.getvalue()
        assert len(re.findall(rb"/Subtype /Image", data)) == 1
        pages.append(pdfium.PdfDocument(data)[0].render(scale=2).to_pil().convert("RGB"))
    assert png.data in data  # not decoded and compressed again
    assert pages[0].tobytes() == pages[1].tobytes()  # the same pixels
    Image.new("RGBA", (6, 4)).save(tmp_path / "alpha.png")
    Image.new("P", (6, 4)).save(tmp_path / "palette.png")
    assert png_stream(tmp_path / "alpha.png") is None and png_stream(tmp_path / "palette.png") is None


@pytest.mark.slow
def test_a_large_deck_is_drawn_in_parts_that_assemble_into_its_file(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8").replace("count = 2", "count = 9"), encoding="utf-8")
    manifest = tiny_copy / "pack.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("expected_count = 5\n", "expected_count = 19\n", 1), encoding="utf-8")
    whole = build(tiny_copy, BuildOptions(output=tmp_path / "whole", cache=False))
    monkeypatch.setattr(pnp.export.sheets, "FACES_PER_PART", 1)
    split = build(tiny_copy, BuildOptions(output=tmp_path / "split", cache=False))
    assert split.ok and whole.ok
    # one part per deck, or one per face: 8 faces in all (the two decks' designs and backs)
    assert (whole.ranges_drawn, split.ranges_drawn) == (2, 8)

    def pages(out: Path) -> list[str]:
        document = pdfium.PdfDocument(str(out / "tiny" / "es" / "cards-supply.pdf"))
        return [" ".join(page.get_textpage().get_text_range().split()) for page in document]

    assert pages(tmp_path / "split") == pages(tmp_path / "whole")  # the same pages, from one part per face
    fronts = pages(tmp_path / "split")[0::2]
    assert ["Suministro · 1/2" in fronts[0], "Suministro · 2/2" in fronts[1]] == [True, True]


def _checked_cards(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many cards each run of the per-card rules saw."""
    seen: list[int] = []
    original = cached.only_cards

    def counting(pack: PackData, card_ids: set[str]) -> PackData:
        seen.append(len(card_ids))
        return original(pack, card_ids)

    monkeypatch.setattr(cached, "only_cards", counting)
    return seen


def _loaded(pack: Path) -> PackData:
    result = load_pack(pack)
    assert result.pack is not None
    return result.pack


def test_checks_after_an_edit_judge_only_the_changed_card_and_find_what_a_full_check_finds(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _checked_cards(monkeypatch)
    cache = Cache(tmp_path / "cache", ".json")
    first = cached_check(_loaded(tiny_copy), cache)
    assert sorted(first, key=repr) == sorted(check_pack(_loaded(tiny_copy)), key=repr)
    assert cached_check(_loaded(tiny_copy), cache) == first
    supply = tiny_copy / "supply.toml"
    text = supply.read_text(encoding="utf-8")
    supply.write_text(text.replace("Gana 2 {fuel}.", "Gana 2 {fuel} con el Engine  rapido"), encoding="utf-8")
    edited = cached_check(_loaded(tiny_copy), cache)
    every = len(_loaded(tiny_copy).cards())
    assert seen == [every, every, 1, 1]  # in each group of rules: every card, then none, then the edited one
    assert sorted(edited, key=repr) == sorted(check_pack(_loaded(tiny_copy)), key=repr)
    codes = {f.code for f in edited if f.card == "fuel-cell"}
    assert {"text/untranslated", "text/spelling", "text/typography"} <= codes


def _counted(rule: Rule, runs: list[str]) -> Rule:
    """The rule, with each of its runs (whole, in phases, in parts) told in `runs`."""

    def run(pack: PackData) -> list[Finding]:
        runs.append(rule.id)
        return rule.run(pack)

    def read(pack: PackData) -> Parts:  # a rule in two phases: each card read, then combined
        runs.append(rule.id)
        assert rule.read is not None
        return rule.read(pack)

    def combine(pack: PackData, parts: Parts) -> list[Finding]:
        runs.append(rule.id)
        assert rule.combine is not None
        return rule.combine(pack, parts)

    def alone(pack: PackData) -> object:  # a rule with a part no card changes: that part, then the rest
        runs.append(rule.id)
        assert rule.alone is not None
        return rule.alone(pack)

    def with_cards(pack: PackData, part: object) -> list[Finding]:
        runs.append(rule.id)
        assert rule.with_cards is not None
        return rule.with_cards(pack, part)

    if rule.alone is not None:
        return replace(rule, run=run, alone=alone, with_cards=with_cards)
    if rule.read is None:
        return replace(rule, run=run)
    return replace(rule, run=run, read=read, combine=combine)


def test_a_check_with_no_card_changed_runs_no_rule_and_reads_no_dictionary(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs: list[str] = []
    rules = tuple(_counted(rule, runs) for rule in RULES)
    cache = Cache(tmp_path / "cache", ".json")
    first = cached_check(_loaded(tiny_copy), cache, rules)
    assert set(runs) == {rule.id for rule in RULES}
    ran = len(runs)
    monkeypatch.setattr(lexicon, "_SPELLERS", {})  # a new process: nothing in memory
    assert cached_check(_loaded(tiny_copy), cache, rules) == first
    assert len(runs) == ran  # no rule ran again
    assert all(speller._read is None for speller in lexicon._SPELLERS.values())


def test_a_first_check_shares_the_rules_between_its_two_processes_and_finds_what_one_process_finds(
    tiny_copy: Path, tmp_path: Path
) -> None:
    """At a pack's first check the process that lays out runs a group of rules too; the findings
    come out in the same order as with no cache and as a check after it, and the two groups'
    entries are those a build's checks (one process, both groups) take without running a rule."""
    pack, out = _loaded(tiny_copy), tmp_path / "out"
    cache = Cache.open(out, CacheKind.CHECK)
    assert not checked_before(pack, cache)
    uncached = pack_findings(pack)
    first = pack_findings(pack, out)  # the group BESIDE_LAYOUT in this process, the others in the other
    assert checked_before(pack, cache)
    assert first == uncached
    assert pack_findings(_loaded(tiny_copy), out) == first  # both groups in the other process now
    runs: list[str] = []
    rules = tuple(_counted(rule, runs) for rule in RULES)
    assert cached_check(_loaded(tiny_copy), cache, rules) == check_pack(_loaded(tiny_copy))
    assert runs == []  # as a build's checks: every rule taken from the two entries
    assert {rule.id for rule in RULES} >= set(BESIDE_LAYOUT)
    assert [rule.id for rule in RULES if rule.id in BESIDE_LAYOUT] == list(BESIDE_LAYOUT)  # in the rules' order


@pytest.mark.slow
def test_a_rebuild_lays_out_only_the_faces_whose_card_changed(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    laid: list[str] = []
    original = memo.layout_card

    def counting(template: Any, size: Any, context: dict[str, Any], where: Any = None) -> Any:
        laid.append(context["card"]["id"])
        return original(template, size, context, where)

    monkeypatch.setattr(memo, "layout_card", counting)
    out = tmp_path / "out"
    assert build(tiny_copy, BuildOptions(output=out)).ok
    every_card = len(laid)
    assert every_card == len(_loaded(tiny_copy).cards())
    assert build(tiny_copy, BuildOptions(output=out)).ok
    assert len(laid) == every_card  # nothing laid out again
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8").replace("Gana 2 {fuel}.", "Gana 2 {fuel} hoy."), "utf-8")
    assert build(tiny_copy, BuildOptions(output=out)).ok
    assert laid[every_card:] == ["fuel-cell"]
    assert build(tiny_copy, BuildOptions(output=out, cache=False)).ok
    assert len(laid) == 2 * every_card + 1  # --no-cache lays out every card again


@pytest.mark.slow
def test_a_check_fits_only_the_faces_that_changed_and_recalls_the_dictionarys_answers(
    tiny_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pnp.cli.check import _load_and_check
    from pnp.pipelines import fitting

    fitted: list[str | None] = []
    original = fitting.fit_face

    def counting(face: Any, ctx: Any) -> None:
        fitted.append(face.card)
        original(face, ctx)

    monkeypatch.setattr(fitting, "fit_face", counting)
    out = tmp_path / "out"
    first = _load_and_check(tiny_copy, out)
    every_face = len(fitted)
    assert every_face >= len(_loaded(tiny_copy).cards())
    monkeypatch.setattr(lexicon, "_SPELLERS", {})  # a new process
    assert _load_and_check(tiny_copy, out) == first
    assert len(fitted) == every_face  # nothing fitted again
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8").replace("Gana 2 {fuel}.", "Gana 2 {fuel}. Gana 2."), "utf-8")
    monkeypatch.setattr(lexicon, "_SPELLERS", {})
    _load_and_check(tiny_copy, out)
    assert fitted[every_face:] == ["fuel-cell"]
    # every word of the edited card was judged before: the dictionary is not read
    assert all(speller._read is None for speller in lexicon._SPELLERS.values())
