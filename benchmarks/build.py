"""Benchmark: pnp's PDF build against a bare-ReportLab floor that draws the same sheets.

    python benchmarks/build.py [--cards 500 2000] [--repeat 3] [--profile]

For each N it generates a pack of N distinct firefly cards (gear, crew, nav in
three mini-american decks; every 7th card has 2 or 3 copies; Spanish and
English text, seeded), checks it with pnp.load.load_pack, then times, each in
a fresh subprocess and interleaved:

- pnp:   pnp.pipelines.build.build(pack, BuildOptions(output=tmp)), PDF only, long-edge
         duplex.  It writes one PDF per deck AND cards.pdf (all decks), so every
         face is rendered twice.
- floor: bare ReportLab drawing the same printed cards on the same sheet plan
         (pnp.impose.sheet.plan_sheet with the pipeline's SheetSpec): per card a few
         rects and pre-wrapped text with drawString, crop marks, and a back page
         with a rect and a label per card.  No forms, one PDF.

Seconds are the best of --repeat runs of the timed call alone (imports, pack
generation and, for the floor, font registration and text wrapping are
outside it).  Peak memory is each child's own high-water RSS (VmHWM from
/proc/self/status, read by the child at its end), so it includes the
interpreter and imports; the max over the runs is shown.  Not ru_maxrss or
RUSAGE_CHILDREN: on Linux a child's ru_maxrss starts at its parent's RSS, and
RUSAGE_CHILDREN is the maximum over every child reaped so far.  --profile runs
one pnp build under cProfile instead of the table.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGE = "es"  # the pack's first target language: what build() renders by default

# id, name, card types, back label, back colour
DECKS = (
    ("supply", {"en": "Supply", "es": "Suministro"}, ("gear", "crew"), {"en": "SUPPLY", "es": "SUMINISTRO"}, "#2b4c7e"),
    ("salvage", {"en": "Salvage", "es": "Chatarra"}, ("gear", "crew"), {"en": "SALVAGE", "es": "CHATARRA"}, "#4e6b2b"),
    ("nav", {"en": "Nav", "es": "Navegación"}, ("nav",), {"en": "NAV", "es": "NAVEGACIÓN"}, "#7e2b2b"),
)
TYPE_NAMES = {
    "gear": {"en": "Gear", "es": "Equipo"},
    "crew": {"en": "Crew", "es": "Tripulación"},
    "nav": {"en": "Nav", "es": "Navegación"},
}

# (English, Spanish) sentence pairs; {n} is a number, {fuel} stays as the icon markup.
SENTENCES = (
    ("Gain {n} {fuel}.", "Gana {n} {fuel}."),
    ("Draw {n} cards.", "Roba {n} cartas."),
    (
        "**Keep:** discard this card to ignore one Breakdown.",
        "**Guardar:** descarta esta carta para ignorar una avería.",
    ),
    ("Move {n} extra sectors when you fly.", "Mueve {n} sectores adicionales cuando vuelas."),
    ("Each crew member with a tech skill gains {n} pay.", "Cada tripulante con habilidad técnica gana {n} de paga."),
    ("Pay {n} {fuel} to take one more action this turn.", "Paga {n} {fuel} para hacer una acción más este turno."),
    ("When you are boarded, roll {n} extra dice.", "Cuando te aborden, tira {n} dados adicionales."),
    (
        "**Once per turn:** look at the top {n} cards of any deck.",
        "**Una vez por turno:** mira las {n} primeras cartas de cualquier mazo.",
    ),
    (
        "If a Reaver is within {n} sectors, you may not refuel.",
        "Si hay un Reaver a {n} sectores o menos, no puedes repostar.",
    ),
    ("Discard {n} cargo to avoid the patrol.", "Descarta {n} de carga para evitar la patrulla."),
    ("Your ship may carry {n} more passengers.", "Tu nave puede llevar {n} pasajeros más."),
    (
        "At the end of your turn, recover {n} disgruntled crew.",
        "Al final de tu turno, recupera {n} tripulantes descontentos.",
    ),
    ("Full Burn ends; lose {n} {fuel}.", "El vuelo a toda potencia termina; pierde {n} {fuel}."),
    (
        "Shuffle {n} cards from the discard pile back into the deck.",
        "Baraja {n} cartas del descarte de nuevo en el mazo.",
    ),
    ("All players must pay {n} credits to the bank.", "Todos los jugadores deben pagar {n} créditos a la banca."),
    (
        "**Smuggler:** hide up to {n} contraband from inspections.",
        "**Contrabandista:** esconde hasta {n} de contrabando en las inspecciones.",
    ),
    ("Roll a die; on a {n} or more, nothing happens.", "Tira un dado; con {n} o más, no pasa nada."),
    (
        "This card counts as {n} crew for Fight tests.",
        "Esta carta cuenta como {n} tripulantes en las pruebas de Lucha.",
    ),
)
# Spanish adjectives that do not change with gender, so any noun takes any of them.
ADJECTIVES = (
    ("Green", "verde"),
    ("Blue", "azul"),
    ("Grey", "gris"),
    ("Rebel", "rebelde"),
    ("Reliable", "fiable"),
    ("Bright", "brillante"),
    ("Wild", "salvaje"),
    ("Imperial", "imperial"),
    ("Military", "militar"),
    ("Civil", "civil"),
    ("Stellar", "estelar"),
    ("Orbital", "orbital"),
    ("Lunar", "lunar"),
    ("Central", "central"),
    ("Frontier", "fronteriza"),
    ("Silent", "silenciosa"),
)
GEAR = (
    ("Fuel Cell", "Célula de combustible"),
    ("Stun Gun", "Pistola aturdidora"),
    ("Med Kit", "Botiquín"),
    ("Grappling Hook", "Garfio"),
    ("Radar", "Radar"),
    ("Crate", "Caja"),
    ("Engine", "Motor"),
    ("Decoy", "Señuelo"),
    ("Cloak", "Capa"),
    ("Toolbox", "Caja de herramientas"),
    ("Sniper Rifle", "Rifle de francotirador"),
    ("Shuttle", "Lanzadera"),
)
NAV = (
    ("Storm", "Tormenta"),
    ("Reaver Patrol", "Patrulla reaver"),
    ("Cruiser Patrol", "Patrulla del crucero"),
    ("Clear Skies", "Cielo despejado"),
    ("Asteroid Field", "Campo de asteroides"),
    ("Distress Call", "Llamada de auxilio"),
    ("Drift", "Deriva"),
    ("Salvage Run", "Ruta de chatarra"),
    ("Mechanical Failure", "Avería mecánica"),
    ("Customs Check", "Control de aduanas"),
)
FIRST = ("Mal", "Zoe", "Kaylee", "Jayne", "Inara", "Simon", "River", "Wash", "Book", "Saffron", "Bester", "Lund")
LAST = ("Reynolds", "Alleyne", "Frye", "Cobb", "Serra", "Tam", "Washburne", "Harken", "Niska", "Badger", "Crow")
ROLES = (
    ("Pilot", "Piloto"),
    ("Mechanic", "Mecánica"),
    ("Medic", "Médico"),
    ("Mercenary", "Mercenario"),
    ("Companion", "Acompañante"),
    ("Soldier", "Soldado"),
)


# --- the pack -----------------------------------------------------------------


def make_cards(count: int, seed: int = 7) -> list[dict]:
    """`count` distinct cards, spread over the decks; every 7th has 2 or 3 copies."""
    rng = random.Random(seed)
    seen: set[tuple[str, str]] = set()
    cards = []
    for index in range(count):
        deck_id, _, types, _, _ = DECKS[index % len(DECKS)]
        card_type = types[(index // len(DECKS)) % len(types)]
        while True:
            card = _random_card(rng, card_type)
            key = (card["title"]["es"] + card.get("subtitle", {}).get("es", ""), card["text"]["es"])
            if key not in seen:  # distinct faces: equal faces would share one form
                seen.add(key)
                break
        card["id"] = f"card-{index + 1:05d}"
        card["deck"] = deck_id
        card["type"] = card_type
        card["count"] = (2 if (index // 7) % 2 else 3) if index % 7 == 0 else 1
        cards.append(card)
    return cards


def _random_card(rng: random.Random, card_type: str) -> dict:
    adjective_en, adjective_es = rng.choice(ADJECTIVES)
    card: dict = {}
    if card_type == "crew":
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        card["title"] = {"en": name, "es": name}
        role_en, role_es = rng.choice(ROLES)
        card["subtitle"] = {"en": role_en, "es": role_es}
        card["skills"] = {"fight": rng.randint(0, 2), "tech": rng.randint(0, 2), "negotiate": rng.randint(0, 2)}
    else:
        noun_en, noun_es = rng.choice(GEAR if card_type == "gear" else NAV)
        card["title"] = {"en": f"{adjective_en} {noun_en}", "es": f"{noun_es} {adjective_es}"}
    if card_type != "nav":
        card["cost"] = rng.choice((0, 100, 200, 300, 500, 800, 1200, 2000))
    picked = rng.sample(SENTENCES, rng.randint(1, 3))
    numbers = [rng.randint(1, 6) for _ in picked]
    # a sentence starting with a bold keyword is its own paragraph, as on printed cards
    joins = ["\n\n" if es.startswith("**") else " " for _, es in picked[1:]]
    for language, position in (("en", 0), ("es", 1)):
        parts = [pair[position].format(n=n, fuel="{fuel}") for pair, n in zip(picked, numbers, strict=True)]
        text = parts[0] + "".join(join + part for join, part in zip(joins, parts[1:], strict=True))
        card.setdefault("text", {})[language] = text
    return card


def _q(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's (json.dumps never writes \\/)."""
    return json.dumps(text, ensure_ascii=False)


def _localized(field: str, values: dict[str, str]) -> list[str]:
    return [f"{field}.{language} = {_q(value)}" for language, value in values.items()]


def write_pack(root: Path, cards: list[dict]) -> None:
    root.mkdir(parents=True)
    lines = [
        'id = "bench"',
        'name.en = "Benchmark Pack"',
        'name.es = "Paquete de prueba"',
        'game = "Firefly: The Game (generated for benchmarks/build.py)"',
        'source_language = "en"',
        'target_languages = ["es"]',
        'template_family = "firefly"',
        'icons = ["fuel", "parts"]',
        # crew names and "Reaver" are right as they are: keep the spelling checks quiet
        "words = [" + ", ".join(_q(w) for w in sorted({*FIRST, *LAST, "Reaver"})) + "]",
        "",
    ]
    for type_id, names in TYPE_NAMES.items():
        lines += ["[[card_type]]", f'id = "{type_id}"', *_localized("name", names)]
        lines += ['requires = ["cost"]', ""] if type_id != "nav" else [""]
    for deck_id, names, types, label, color in DECKS:
        total = sum(c["count"] for c in cards if c["deck"] == deck_id)
        lines += [
            "[[deck]]",
            f'id = "{deck_id}"',
            *_localized("name", names),
            'card_size = "mini-american"',
            f"expected_count = {total}",
            "card_types = [" + ", ".join(_q(t) for t in types) + "]",
            "back = { label = { "
            + ", ".join(f"{k} = {_q(v)}" for k, v in label.items())
            + f' }}, color = "{color}" }}',
            "",
        ]
    (root / "pack.toml").write_text("\n".join(lines), encoding="utf-8")
    for deck_id, *_ in DECKS:
        out = []
        for card in (c for c in cards if c["deck"] == deck_id):
            out += ["[[card]]", f'id = "{card["id"]}"', f'type = "{card["type"]}"']
            out += [f"count = {card['count']}"] if card["count"] > 1 else []
            out += _localized("title", card["title"])
            out += _localized("subtitle", card.get("subtitle", {}))
            out += _localized("text", card["text"])
            out += [f"cost = {card['cost']}"] if "cost" in card else []
            if "skills" in card:
                out.append("skills = { " + ", ".join(f"{k} = {v}" for k, v in card["skills"].items()) + " }")
            out += ['status.es = "reviewed"', ""]
        (root / f"{deck_id}.toml").write_text("\n".join(out), encoding="utf-8")


def floor_spec(cards: list[dict]) -> dict:
    """What the floor draws: the Spanish text of each card, per deck, in deck order."""
    decks = []
    for deck_id, _, _, label, color in DECKS:
        decks.append(
            {
                "id": deck_id,
                "label": label[LANGUAGE],
                "color": color,
                "cards": [
                    {
                        "title": c["title"][LANGUAGE],
                        "type": TYPE_NAMES[c["type"]][LANGUAGE].upper()
                        + (f" · {c['subtitle'][LANGUAGE]}" if "subtitle" in c else ""),
                        "text": c["text"][LANGUAGE],
                        "count": c["count"],
                    }
                    for c in cards
                    if c["deck"] == deck_id
                ],
            }
        )
    return {"decks": decks}


def check_pack_loads(pack: Path) -> None:
    from pnp.errors import has_errors
    from pnp.load import load_pack

    loaded = load_pack(pack)
    if loaded.pack is None or has_errors(loaded.findings):
        raise SystemExit("the generated pack does not load:\n" + "\n".join(str(f) for f in loaded.findings))
    if loaded.findings:
        print(f"  load_pack: {len(loaded.findings)} non-error findings, first: {loaded.findings[0]}")


# --- workers (each in a fresh process) ----------------------------------------


def _sheet_spec():
    from pnp.impose.sheet import SheetSpec
    from pnp.units import mm, paper_size, parse_card_size

    # as pnp.pipelines.sheet_sets.impose_deck builds it with the default BuildOptions
    return SheetSpec(
        paper=paper_size("a4"),
        card=parse_card_size("mini-american").portrait(),
        bleed=mm(3),
        margin=mm(5),
        mark_length=mm(3),
        duplex="long",
    )


def _pdf_pages(data: bytes) -> int:
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    try:
        return len(document)
    finally:
        document.close()


def _rss_mb() -> float:
    """This process's peak RSS in MB.

    VmHWM, not ru_maxrss: Linux carries the parent's RSS at fork/exec into the
    child's ru_maxrss (a child of a 300 MB parent reports 300 MB), whereas
    VmHWM belongs to the address space exec created.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 1024 / 1024 if sys.platform == "darwin" else rss / 1024


def _accel() -> str:
    from reportlab.lib import rl_accel

    c_funcs = sorted(getattr(rl_accel, "_c_funcs", {}))
    module = getattr(rl_accel.fp_str, "__module__", "?")
    return (
        f"fp_str from {module} ({'C' if module == '_rl_accel' else 'pure Python'}); C functions: {', '.join(c_funcs)}"
    )


def worker_pnp(pack: Path, out: Path) -> dict:
    import pnp.pipelines.build as pipeline
    from pnp.errors import has_errors

    base = _rss_mb()
    marks: dict[str, tuple[float, float]] = {}

    def timed(name: str, function):  # instrumentation only: which stage takes how long
        def wrapper(*args, **kwargs):
            begin = time.perf_counter()
            value = function(*args, **kwargs)
            marks[name] = (begin, time.perf_counter())
            return value

        return wrapper

    if hasattr(pipeline, "draw_documents"):  # faces drawn once in parts, documents assembled from them
        pipeline.draw_documents = timed("draw decks", pipeline.draw_documents)
    else:  # an older pnp: ranges drawn per deck, then joined
        pipeline.draw_decks = timed("draw decks", pipeline.draw_decks)
        pipeline.joined = timed("merge cards.pdf", pipeline.joined)  # its last call joins cards.pdf
    start = time.perf_counter()
    # decks on sheets of their own, as the floor places them: the same pages to draw
    result = pipeline.build(pack, pipeline.BuildOptions(output=out, cache=False, mix_decks=False))
    seconds = time.perf_counter() - start
    if has_errors(result.findings) or not result.written:
        raise SystemExit("pnp build failed:\n" + "\n".join(str(f) for f in result.findings[:20]))
    files = {p.name: p.stat().st_size for p in result.written}
    everything = next(p for p in result.written if p.name == "cards.pdf")
    return {
        "seconds": seconds,
        "cards": result.cards,
        "faces": result.faces,
        "sheets": result.sheets,
        "findings": len(result.findings),
        "files": files,
        "pages": _pdf_pages(everything.read_bytes()),
        "stages": _stages(start, seconds, marks),
        "base_mb": base,
        # the decks are drawn in worker processes: the peak is the larger of ours and theirs
        "peak_mb": max(_rss_mb(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024),
    }


def _stages(start: float, seconds: float, marks: dict[str, tuple[float, float]]) -> dict[str, float]:
    """The build's time split at its drawing and merging calls."""
    if "draw decks" not in marks:
        return {}
    draw_begin, draw_end = marks["draw decks"]
    stages = {"load+check+layout": draw_begin - start, "draw decks (parallel)": draw_end - draw_begin}
    if "merge cards.pdf" in marks:
        merge_begin, merge_end = marks["merge cards.pdf"]
        stages["merge cards.pdf"] = merge_end - merge_begin
        stages["write"] = start + seconds - merge_end
    return stages


def worker_floor(spec_path: Path, out: Path) -> dict:
    from _common import BODY, TITLE, invariant_reportlab, marks, place, register_fonts

    rl_config = invariant_reportlab()
    from reportlab.lib.colors import HexColor
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    from pnp.impose.sheet import plan_sheet
    from pnp.units import mm

    base = _rss_mb()
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    body, title = BODY, TITLE
    register_fonts()
    sheet = _sheet_spec()
    plan = plan_sheet(sheet)
    w, h, b = sheet.card.width, sheet.card.height, sheet.bleed

    def fit(text: str, font: str, size: float, low: float, width: float, height: float, leading: float):
        while True:  # the largest size, in 0.5 pt steps, whose wrapped lines fit the box
            lines = simpleSplit(text, font, size, width)
            if len(lines) * size * leading <= height or size - 0.5 < low:
                return lines, size
            size -= 0.5

    # wrapped once per distinct card, outside the timed part; plain text (no bold, icons as bullets)
    wrap_start = time.perf_counter()
    decks = []
    for deck in spec["decks"]:
        prepared = []
        for card in deck["cards"]:
            plain = card["text"].replace("**", "").replace("{fuel}", "•").replace("\n\n", " ")
            title_lines, title_size = fit(card["title"], title, 10.5, 6, mm(25.5), mm(8), 1.0)
            body_lines, body_size = fit(plain, body, 7, 4.5, mm(35), mm(17.5), 1.18)
            prepared += [(title_lines, title_size, card["type"], body_lines, body_size)] * card["count"]
        decks.append((HexColor(deck["color"]), deck["label"], prepared))
    wrap_seconds = time.perf_counter() - wrap_start
    cream, dark, tan, ink = (HexColor(c) for c in ("#f3ede0", "#2a2a2a", "#e2d8c3", "#000000"))
    white, grey = HexColor("#ffffff"), HexColor("#555555")

    def front(canvas: Canvas, color, card) -> None:
        title_lines, title_size, type_line, body_lines, body_size = card
        canvas.setFillColor(cream)
        canvas.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        canvas.setFillColor(color)
        canvas.rect(-b, h - mm(11), w + 2 * b, mm(11) + b, stroke=0, fill=1)
        canvas.setFillColor(dark)
        canvas.rect(-b, h - mm(15.5), w + 2 * b, mm(4.5), stroke=0, fill=1)
        canvas.setFillColor(tan)
        canvas.rect(mm(3), h - mm(33), mm(35), mm(16), stroke=0, fill=1)
        canvas.setStrokeColor(color)
        canvas.setLineWidth(0.6)
        canvas.rect(mm(1), mm(1), mm(39), mm(61), stroke=1, fill=0)
        canvas.setFillColor(white)
        canvas.setFont(title, title_size)
        y = h - mm(2) - title_size
        for line in title_lines:
            canvas.drawString(mm(3), y, line)
            y -= title_size
        canvas.setFillColor(cream)
        canvas.setFont(title, 6)
        canvas.drawString(mm(3), h - mm(11.6) - 6, type_line)
        canvas.setFillColor(ink)
        canvas.setFont(body, body_size)
        y = h - mm(35) - body_size
        for line in body_lines:
            canvas.drawString(mm(3), y, line)
            y -= body_size * 1.18

    def back(canvas: Canvas, color, label: str) -> None:
        canvas.setFillColor(color)
        canvas.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        canvas.setFillColor(cream)
        canvas.setFont(title, 11)
        canvas.drawCentredString(w / 2, h - mm(44), label)

    start = time.perf_counter()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    per_sheet = len(plan.fronts)
    for color, label, cards in decks:
        sheets = [cards[i : i + per_sheet] for i in range(0, len(cards), per_sheet)]
        for number, on_sheet in enumerate(sheets, start=1):
            canvas.setPageSize((plan.page.width, plan.page.height))
            for card, slot in zip(on_sheet, plan.fronts, strict=False):
                place(canvas, slot, w, h, front, color, card)
            marks(canvas, plan.marks, ink)
            canvas.setFillColor(grey)
            canvas.setFont(title, 6)
            canvas.drawString(mm(6), mm(2.5), f"{label} · {number}/{len(sheets)}")
            canvas.showPage()
            canvas.setPageSize((plan.page.width, plan.page.height))
            for _, slot in zip(on_sheet, plan.backs, strict=False):
                place(canvas, slot, w, h, back, color, label)
            marks(canvas, plan.back_marks, ink)
            canvas.showPage()
    canvas.save()
    data = buffer.getvalue()
    target = out / "floor.pdf"
    target.write_bytes(data)
    seconds = time.perf_counter() - start
    return {
        "seconds": seconds,
        "wrap_seconds": wrap_seconds,
        "cards": sum(len(cards) for _, _, cards in decks),
        "files": {target.name: target.stat().st_size},
        "pages": _pdf_pages(data),
        "accel": _accel(),
        "invariant": rl_config.invariant,
        "useA85": rl_config.useA85,
        "base_mb": base,
        "peak_mb": _rss_mb(),
    }


def worker_profile(pack: Path, out: Path) -> None:
    import cProfile
    import pstats

    from pnp.pipelines.build import BuildOptions, build

    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    result = build(pack, BuildOptions(output=out))
    profiler.disable()
    print(f"profiled build: {time.perf_counter() - start:.2f} s under cProfile, {result.cards} printed cards")
    for order in ("cumulative", "tottime"):
        print(f"\n--- top 25 by {order} ---")
        pstats.Stats(profiler, stream=sys.stdout).strip_dirs().sort_stats(order).print_stats(25)


# --- driver -------------------------------------------------------------------


def run_worker(kind: str, source: Path, out: Path) -> dict:
    """Run one measurement in a fresh interpreter, which reports its own peak memory."""
    out.mkdir(parents=True)
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", kind, str(source), str(out)]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, check=False)
    if done.returncode:
        raise SystemExit(f"the {kind} worker failed (exit {done.returncode})")
    data = json.loads(done.stdout.strip().splitlines()[-1])
    shutil.rmtree(out)  # keep the disk free between runs
    return data


def _mb(size: int) -> float:
    return size / 1e6


def report(n: int, printed: int, floor: list[dict], pnp: list[dict]) -> None:
    best_floor = min(floor, key=lambda r: r["seconds"])
    best_pnp = min(pnp, key=lambda r: r["seconds"])
    fs, ps = best_floor["seconds"], best_pnp["seconds"]
    f_peak, p_peak = max(r["peak_mb"] for r in floor), max(r["peak_mb"] for r in pnp)
    f_pdf = _mb(sum(best_floor["files"].values()))
    p_all = _mb(sum(best_pnp["files"].values()))
    p_one = _mb(best_pnp["files"]["cards.pdf"])
    pages = best_pnp["pages"]
    print(
        f"\nN = {n} distinct cards, {printed} printed (copies included), {pages // 2} sheets = {pages} pages, "
        f"{best_pnp['faces']} faces"
    )
    print(f"  {'':12}{'seconds':>9}{'cards/s':>10}{'peak MB':>10}  PDF MB")
    print(f"  {'floor':12}{fs:9.2f}{printed / fs:10.0f}{f_peak:10.1f}  {f_pdf:.2f} (one PDF)")
    print(f"  {'pnp':12}{ps:9.2f}{printed / ps:10.0f}{p_peak:10.1f}  {p_all:.2f} total; cards.pdf {p_one:.2f}")
    print(
        f"  {'pnp/floor':12}{ps / fs:8.2f}x{fs / ps:9.2f}x{p_peak / f_peak:9.2f}x  "
        f"{p_all / f_pdf:.2f}x total; cards.pdf {p_one / f_pdf:.2f}x"
    )
    stages = ", ".join(f"{name} {value:.2f}" for name, value in best_pnp["stages"].items())
    print(f"  pnp stages (s, fastest run): {stages}")
    runs = {name: " ".join(f"{r['seconds']:.2f}" for r in rows) for name, rows in (("floor", floor), ("pnp", pnp))}
    print(f"  runs (s): floor {runs['floor']}; pnp {runs['pnp']}")
    print(f"  floor text fitting with simpleSplit, untimed: {best_floor['wrap_seconds']:.2f} s")
    print(f"  peak RSS after imports (MB): floor {best_floor['base_mb']:.1f}, pnp {best_pnp['base_mb']:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, nargs="+", default=[500, 2000], help="distinct cards per pack")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement; the best is shown")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="cProfile one pnp build at the largest --cards")
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "SOURCE", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.repeat < 1 or min(args.cards) < 1:
        parser.error("--repeat and --cards take whole numbers from 1")

    if args.worker:
        kind, source, out = args.worker
        if kind == "profile":
            worker_profile(Path(source), Path(out))
            return
        result = (worker_pnp if kind == "pnp" else worker_floor)(Path(source), Path(out))
        print(json.dumps(result))
        return

    import reportlab

    print(f"python {sys.version.split()[0]}, reportlab {reportlab.Version}, {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        work = Path(tmp)
        sizes = [max(args.cards)] if args.profile else args.cards
        for n in sizes:
            cards = make_cards(n, args.seed)
            pack = work / f"pack-{n}"
            write_pack(pack, cards)
            check_pack_loads(pack)
            spec = work / f"floor-{n}.json"
            spec.write_text(json.dumps(floor_spec(cards), ensure_ascii=False), encoding="utf-8")
            printed = sum(c["count"] for c in cards)
            if args.profile:
                out = work / "profile-out"
                subprocess.run(
                    [sys.executable, str(Path(__file__).resolve()), "--worker", "profile", str(pack), str(out)],
                    check=True,
                    cwd=ROOT,
                )
                return
            floor_runs, pnp_runs = [], []
            for run in range(args.repeat):  # interleaved, so a noisy spell hits both
                floor_runs.append(run_worker("floor", spec, work / f"out-floor-{n}-{run}"))
                pnp_runs.append(run_worker("pnp", pack, work / f"out-pnp-{n}-{run}"))
            floor, built = floor_runs[0], pnp_runs[0]
            if n == sizes[0]:
                print(f"floor: {floor['accel']}; invariant={floor['invariant']}, useA85={floor['useA85']}")
            if floor["cards"] != printed or built["cards"] != printed or floor["pages"] != built["pages"]:
                raise SystemExit(
                    f"geometry differs: printed {printed}, floor {floor['cards']} cards / {floor['pages']} pages, "
                    f"pnp {built['cards']} cards / {built['pages']} pages"
                )
            if built["findings"]:
                print(f"  note: the pnp build reported {built['findings']} findings (warnings or notes)")
            if built["faces"] != n + len(DECKS):
                print(f"  note: pnp drew {built['faces']} distinct faces, expected {n + len(DECKS)}")
            report(n, printed, floor_runs, pnp_runs)


if __name__ == "__main__":
    main()
