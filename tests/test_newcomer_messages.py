"""Messages a Spanish-speaking newcomer met in English, or in a library's words, on a first try of pnp."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
import xlsxwriter
from click.testing import CliRunner
from jinja2.sandbox import SandboxedEnvironment

from pnp.cli import main
from pnp.cli.build import _report_build
from pnp.errors import Severity, error
from pnp.i18n import set_ui_language
from pnp.layout.expressions import undefined_name, unsafe_name
from pnp.load.toml import read_toml
from pnp.pipelines.build_options import BuildResult
from pnp.proof.html import finding_html
from pnp.translate.csvfile import decode_csv
from pnp.translate.glossary_apply import Change


def test_a_build_note_is_said_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    set_ui_language("es")
    _report_build(BuildResult(notes=["imprímelo a doble cara"]), quiet=False, images_asked=False)
    out = capsys.readouterr().out
    assert "nota: imprímelo a doble cara" in out and "note:" not in out


def test_an_import_change_names_card_and_field_in_spanish() -> None:
    set_ui_language("es")
    change = Change("supply.toml", 20, "gun-hand", "title.es", "Pistolero", "Pistolero a sueldo")
    assert change.shown().startswith('supply.toml:20: carta "gun-hand" campo "title.es": ')


def test_a_proof_finding_located_on_a_card_names_it_in_spanish() -> None:
    set_ui_language("es")
    finding = error("card/x", "supply.toml", "algo", line=3, card="pilot")
    assert "carta &quot;pilot&quot;" in finding_html(finding, located=True)


def test_the_guessed_encoding_of_a_csv_is_named_in_spanish() -> None:
    set_ui_language("es")
    text, findings = decode_csv("card;field;en;es;base\nx;title;Fuel;Célula;b\n".encode("cp1252"), "a.csv")
    assert text is not None
    notes = [f.message for f in findings if f.severity is Severity.INFO]
    assert notes and "Excel en " in notes[0] and " on " not in notes[0]


def test_a_count_out_of_range_in_a_new_card_row_is_said_as_pnp_check_says_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "islas", "--game", "Islas", "--languages", "es,en"]).exit_code == 0
    book = xlsxwriter.Workbook(str(tmp_path / "c.xlsx"))
    sheet = book.add_worksheet()
    for r, row in enumerate([["nombre", "cantidad"], ["Isla", 1_000_000]]):
        sheet.write_row(r, 0, row)
    book.close()
    result = CliRunner().invoke(main, ["import-cards", "islas", "c.xlsx"])
    assert result.exit_code == 1
    assert "row 2, column B (cantidad): expected a whole number from 1 to 999, got 1000000" in result.output
    assert "Input should" not in result.output


@pytest.mark.parametrize(
    ("toml", "said"),
    [
        ("a = 1 2\n", "something follows the value on this line"),
        ("[a\n", "a table header is not closed"),
        ('a = "x', "a text is not closed"),
        ("= 1\n", "this line is not key = value"),
    ],
)
def test_tomli_wording_is_said_the_way_a_pack_writer_thinks(tmp_path: Path, toml: str, said: str) -> None:
    path = tmp_path / "pack.toml"
    path.write_text(toml, encoding="utf-8")
    _data, findings = read_toml(path, "pack.toml")
    assert len(findings) == 1 and said in findings[0].message


def test_jinja2_english_is_reduced_to_the_name_the_layout_used() -> None:
    env = SandboxedEnvironment(undefined=jinja2.StrictUndefined)
    with pytest.raises(jinja2.UndefinedError) as undefined:
        env.from_string("{{ undefined_thing.x }}").render()
    assert undefined_name(undefined.value) == "undefined_thing"
    with pytest.raises(jinja2.UndefinedError) as missing:
        env.from_string("{{ card.nope }}").render(card={})
    assert undefined_name(missing.value) == "nope"
    with pytest.raises(jinja2.exceptions.SecurityError) as unsafe:
        env.from_string("{{ card.__class__ }}").render(card={})
    assert unsafe_name(unsafe.value) == "__class__"


# --- a second trial: messages met on bad input, each said once, in Spanish, at its file and line ----------

LIBRARY_WORDS = ("Traceback", "Error:", "unexpected", "expected token", "Jinja", "parsing", "line 3, column", "Errno")


def _es(args: list[str]) -> str:
    """pnp's output in Spanish, as a Spanish-speaking user meets it."""
    result = CliRunner().invoke(main, ["--ui-lang", "es", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert not any(word in result.output for word in LIBRARY_WORDS), result.output
    return result.output


def _add_element(pack: Path, lines: str) -> int:
    """An element appended to the pack's own nav layout; the line of its [[element]] header."""
    layout = pack / "templates" / "firefly" / "nav.toml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text + "\n[[element]]\n" + lines, encoding="utf-8")
    return text.count("\n") + 2


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ('"{{ card.title "', "un «{{» no se cierra: ciérralo con «}}»"),
        ('"{% if card.cost %}x"', "el bloque {% if %} no se cierra: termínalo con {% endif %}"),
        ('"{% endif %}"', "{% endif %} cierra un bloque que no se ha abierto: ¿falta un {% if %}?"),
        ('"{{ card.title | nofilter }}"', "no hay ningún filtro llamado «nofilter»"),
    ],
)
def test_a_template_syntax_error_is_said_in_spanish_once_at_its_line(tiny_copy: Path, value: str, said: str) -> None:
    line = _add_element(tiny_copy, f'name = "oops"\nkind = "text"\ntext = {value}\n')
    out = _es(["check", str(tiny_copy)])
    found = [row for row in out.splitlines() if "element.oops" in row]
    assert len(found) == 1, out  # not once per card drawn with the layout
    # at the line of `text = `, three below the element's [[element]]
    assert found[0].startswith(f"tiny/templates/firefly/nav.toml:{line + 3}: error: "), found[0]
    assert 'campo "element.oops.text"' in found[0] and said in found[0], found[0]
    assert "(en 3 cartas: " in found[0] and "storm" in found[0]


def test_a_bad_layout_length_is_said_once_as_written(tiny_copy: Path) -> None:
    _add_element(tiny_copy, 'name = "oops"\nkind = "text"\ntext = "x"\nx = "1mm"\ny = "1mm"\nheight = "-3.5mm"\n')
    out = _es(["check", str(tiny_copy)])
    found = [row for row in out.splitlines() if "element.oops" in row]
    assert len(found) == 1, out
    assert "height tiene que ser mayor que cero, y se ha indicado -3.5mm (en 3 cartas: " in found[0], found[0]
    assert "3.50001" not in out


def test_once_per_place_keeps_findings_of_other_places_apart() -> None:
    from pnp.errors import once_per_place

    same = [error("layout/x", "a.toml", "mal", line=3, card=c, field="element.t.size") for c in ("a", "b", "c", "d")]
    other = error("layout/x", "a.toml", "mal", line=9, card="a", field="element.t.size")
    merged = once_per_place([*same, other, same[0]])
    assert len(merged) == 2 and merged[1] == other
    assert merged[0].card is None and merged[0].message == "mal (on 4 cards: a, b, c…)"


def test_a_broken_svg_icon_is_said_in_spanish_with_its_line_once(tiny_copy: Path) -> None:
    (tiny_copy / "icons" / "sail.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  <polygon points="1,2 3,4"\n</svg>\n',
        encoding="utf-8",
    )
    out = _es(["check", str(tiny_copy)])
    found = [row for row in out.splitlines() if "sail.svg" in row]
    assert len(found) == 1, out
    assert found[0].startswith("tiny/icons/sail.svg:3: error: "), found[0]
    assert 'campo "icon_files.sail"' in found[0] and "el SVG no es XML bien formado, en la columna 1:" in found[0]
    assert "un atributo está mal escrito" in found[0] and "línea" not in found[0]  # the line is the place, once
    assert "corrige esa línea o vuelve a guardar el dibujo como SVG simple" in out  # broken, not unsafe: its hint
    assert "referencias externas" not in out


def test_an_icon_outside_the_pack_is_one_error(tiny_copy: Path) -> None:
    pack_toml = tiny_copy / "pack.toml"
    pack_toml.write_text(pack_toml.read_text(encoding="utf-8").replace("icons/sail.svg", "../sail.svg"), "utf-8")
    (tiny_copy.parent / "sail.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    out = _es(["check", str(tiny_copy)])
    errors = [row for row in out.splitlines() if ": error: " in row]
    assert len(errors) == 1, out  # not the cards that draw the icon, again, as drawing one with no drawing
    assert errors[0].startswith("tiny/pack.toml:2: error: ") and "sale de la carpeta del paquete" in errors[0]


def test_a_scan_that_breaks_while_decoding_is_said_without_the_exception(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PIL import Image

    from pnp.scan import page

    set_ui_language("es")
    path = tmp_path / "pagina.png"
    Image.new("RGB", (40, 30), "white").save(path)

    def cut(image: Image.Image) -> Image.Image:
        raise OSError("image file is truncated (3 bytes not processed)")

    monkeypatch.setattr(page.ImageOps, "exif_transpose", cut)
    _page, findings = page.read_page(path)
    assert len(findings) == 1
    message = findings[0].message
    assert message.startswith("no se puede leer el escaneo: el archivo se corta antes de tiempo"), message
    assert "OSError" not in message and "truncated" not in message


def _cards_sheet(path: Path, rows: list[list[object]]) -> None:
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet()
    for r, row in enumerate(rows):
        sheet.write_row(r, 0, row)
    book.close()


def test_import_cards_says_every_problem_of_a_row_a_huge_number_and_a_repeated_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "islas", "--game", "Islas", "--languages", "es,en"]).exit_code == 0
    rows = [["nombre", "cantidad", "coste", "tipo"], ["Isla", 1, 1e30], ["Barco", -1, "abc", "nave"], ["Isla", 2, 3]]
    _cards_sheet(tmp_path / "c.xlsx", rows)
    out = _es(["import-cards", "islas", "c.xlsx"])
    assert "c.xlsx:2: error: fila 2, columna C (coste): «1E+30» es un número demasiado grande para una carta" in out
    assert "19884624838656" not in out
    row3 = [line for line in out.splitlines() if line.startswith("c.xlsx:3: ")]
    assert len(row3) == 3, out  # the cost, the type and the count of one row, at once
    assert any("columna D (tipo): «nave» no es un tipo de carta" in line for line in row3)
    assert any("columna B (cantidad): se esperaba un número entero de 1 a 999" in line for line in row3)
    note = next(line for line in out.splitlines() if line.startswith("c.xlsx:4: nota: "))
    assert "el título «Isla» también es el de la fila 2: esta fila será la carta «isla-2»" in note, note


def test_the_proof_names_the_sizes_of_the_fields_in_words() -> None:
    from pnp.proof.html import sizes_line

    set_ui_language("es")
    line = sizes_line((("title", 10.0), ("source-text", 7.5), ("outcome-2", 7.5), ("plate-a", 6.0)))
    assert line == "tamaño de letra: título 10 pt · texto original 7,5 pt · resultado 2 7,5 pt · «plate-a» 6 pt"


def test_an_output_folder_that_is_a_file_is_named(tiny_copy: Path) -> None:
    (tiny_copy.parent / "salida").write_text("x", encoding="utf-8")
    out = _es(["build", str(tiny_copy), "-o", "salida/hojas"])
    assert "salida: error: es un archivo, no una carpeta: no se puede escribir nada dentro" in out, out
    assert "Not a directory" not in out


def test_an_image_that_is_a_text_file_says_so(tiny_copy: Path) -> None:
    (tiny_copy / "art" / "spare-parts.png").write_text("no soy una imagen\n", encoding="utf-8")
    out = _es(["check", str(tiny_copy)])
    assert 'carta "spare-parts" campo "art": la imagen spare-parts.png es un archivo de texto, no una imagen' in out


def test_a_card_id_used_twice_names_both_lines(tiny_copy: Path) -> None:
    supply = tiny_copy / "supply.toml"
    supply.write_text(supply.read_text(encoding="utf-8").replace('id = "spare-parts"', 'id = "fuel-cell"'), "utf-8")
    out = _es(["check", str(tiny_copy)])
    assert 'carta "fuel-cell" campo "id": el identificador de carta "fuel-cell" se usa dos veces' in out
    assert "también está en tiny/supply.toml:2;" in out


def test_a_system_refusal_is_said_in_the_interface_language() -> None:
    import errno

    from pnp.files import os_reason

    set_ui_language("es")
    assert os_reason(OSError(errno.ENOSPC, "No space left on device")) == "el disco está lleno"
    assert os_reason(OSError(errno.EACCES, "Permission denied")) == "no tienes permiso para ello"
    assert "error 999" in os_reason(OSError(999, "Something English"))


def test_the_csv_modules_english_is_said_in_spanish() -> None:
    import csv
    import io

    from pnp.translate.csvfile import csv_reason

    set_ui_language("es")
    with pytest.raises(csv.Error) as raised:
        list(csv.reader(io.StringIO("a," + "x" * (csv.field_size_limit() + 1) + "\n")))
    said = csv_reason(raised.value)
    assert said == f"una celda tiene más de {csv.field_size_limit()} caracteres", said
