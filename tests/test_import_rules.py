"""Stages one way: each level of pnp imports only its own folder, lower levels and the base.

    level 8  cli/
    level 7  serve/
    level 6  pipelines/
    level 5  proof/    scan/             (do not import each other)
    level 4  export/   translate/        (do not import each other)
    level 3  render/   impose/   check/  (do not import each other)
    level 2  layout/
    level 1  load/     assets/           (do not import each other)
    level 0  the modules at the top of pnp/ (import only each other, without a circle)

Every import counts, at the top of a module or inside a function, and those read only by the
type checker too: a local import is no way round the rule.  Nothing imports cli/ but __main__.py.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pnp"

LEVELS = {
    "model": 0,  # the pack's data model: part of the base, in a folder of its own
    "assets": 1,
    "load": 1,
    "layout": 2,
    "render": 3,
    "impose": 3,
    "check": 3,
    "export": 4,
    "translate": 4,
    "proof": 5,
    "scan": 5,
    "pipelines": 6,
    "serve": 7,
    "cli": 8,
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _folder(module: str) -> str:
    """The stage folder of a module ("layout"), or "" for the base (the top of pnp/)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LEVELS) else ""


def _level(module: str) -> int:
    if module == "pnp.__main__":
        return 9
    return LEVELS.get(_folder(module), 0)


def _describe(module: str) -> str:
    folder = _folder(module)
    where = f"{folder}/" if folder else "the base"
    return f"level {_level(module)}, {where}"


def _imported(name: str) -> str | None:
    """The pnp module an import statement's name reaches: pnp.x.y, or its nearest package."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str) -> set[str]:
    """Every pnp module `module` imports, wherever in it the import stands."""
    found = set()
    for node in ast.walk(ast.parse(MODULES[module].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # `from pnp.cli import translate` imports the module pnp.cli.translate
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        for name in names:
            target = _imported(name) if name.startswith("pnp") else None
            if target is not None and target != module:
                found.add(target)
    return found


GRAPH = {module: _imports(module) for module in MODULES}


def _path(module: str) -> str:
    return str(MODULES[module].relative_to(ROOT))


def _not_allowed(module: str, target: str) -> str | None:
    """Why `module` may not import `target`, or None when it may."""
    if _folder(target) == "cli" and _folder(module) != "cli" and module != "pnp.__main__":
        return "nothing imports cli/ but pnp/__main__.py"
    low, high = _level(target), _level(module)
    if low > high:
        return f"level {high} may not import level {low}"
    if low == high and low > 0 and _folder(target) != _folder(module):
        return f"the folders of level {low} do not import each other"
    return None


def test_each_level_imports_only_itself_and_below() -> None:
    broken = [
        f"{_path(module)} ({_describe(module)}) imports {_path(target)} ({_describe(target)}): {why}"
        for module, targets in GRAPH.items()
        for target in sorted(targets)
        if (why := _not_allowed(module, target))
    ]
    assert not broken, "\n".join(broken)


def test_no_module_imports_itself_round_a_circle() -> None:
    # a package's __init__ importing its own modules is how a package is made, not a circle
    graph = {
        module: {t for t in targets if not module.startswith(f"{t}.") and not t.startswith(f"{module}.")}
        for module, targets in GRAPH.items()
    }
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        circle = " -> ".join(_path(m) for m in exc.args[1])
        raise AssertionError(f"import circle: {circle}") from None


def test_the_rule_names_both_files_and_levels() -> None:
    """The rule itself can fail: a layout module reaching up into the renderer is refused, by name."""
    why = _not_allowed("pnp.layout.plan", "pnp.render.text")
    assert why == "level 2 may not import level 3"
    assert _describe("pnp.render.text") == "level 3, render/"
    assert _describe("pnp.units") == "level 0, the base"
    assert _not_allowed("pnp.render.face", "pnp.check.rule") == "the folders of level 3 do not import each other"
    assert _not_allowed("pnp.pipelines.build", "pnp.cli.common") == "nothing imports cli/ but pnp/__main__.py"
    assert _not_allowed("pnp.pipelines.build", "pnp.render.face") is None


def test_every_module_outside_cli_is_imported_by_another() -> None:
    """A module only tests import is dead code, or a stage nothing runs.  (babel.cfg names pnp's message
    extractor: Babel imports it.)"""
    imported = {target for targets in GRAPH.values() for target in targets}
    imported |= set(re.findall(r"\b(pnp(?:\.\w+)+):", (ROOT / "babel.cfg").read_text(encoding="utf-8")))
    packages = {module for module, path in MODULES.items() if path.name == "__init__.py"}
    lonely = [
        _path(module)
        for module in MODULES
        if module not in imported and module not in packages and _folder(module) != "cli" and module != "pnp.__main__"
    ]
    assert not lonely, "imported by no module of pnp: " + ", ".join(lonely)


STARTUP = """
import sys, runpy
sys.argv = ["pnp", "--help"]
try:
    runpy.run_module("pnp", run_name="__main__")
except SystemExit as exit:
    assert exit.code in (0, None), exit.code
heavy = sorted(name for name in ("reportlab", "pydantic", "tomlkit", "PIL", "jinja2") if name in sys.modules)
print("imported:", *heavy, file=sys.stderr)
"""


def test_help_starts_without_reportlab_or_pydantic() -> None:
    """`pnp --help` imports only the command line: the stages come with the command that runs them."""
    done = subprocess.run([sys.executable, "-c", STARTUP], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "Commands:" in done.stdout
    assert done.stderr.splitlines()[-1] == "imported:", f"pnp --help {done.stderr.splitlines()[-1]}"


LISTED = """
import sys, runpy
sys.argv = ["pnp", "--help"]
try:
    runpy.run_module("pnp", run_name="__main__")
except SystemExit as exit:
    assert exit.code in (0, None), exit.code
print(*sorted(name for name in sys.modules if name == "pnp" or name.startswith("pnp.")), file=sys.stderr)
"""

# what the commands' options need before any command runs: the paper and duplex tables, the option ranges
OPTION_TABLES = {"pnp.impose", "pnp.impose.sheet", "pnp.impose.packing", "pnp.impose.label_sheets", "pnp.pipelines"}


def test_help_imports_the_command_line_and_no_stage() -> None:
    """`pnp --help` loads the command line, the base and the option tables, and no stage: which
    modules, not how long, so that a busy machine cannot fail it (benchmarks/startup.py measures
    the time)."""
    done = subprocess.run([sys.executable, "-c", LISTED], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    imported = done.stderr.splitlines()[-1].split()
    stages = [
        name
        for name in imported
        if name.count(".") > 0
        and _folder(name) not in ("", "cli")
        and name not in OPTION_TABLES
        and not name.endswith("_options")
    ]
    assert not stages, "pnp --help imports stages: " + ", ".join(stages)
    assert len(imported) < 40, f"pnp --help imports {len(imported)} of pnp's modules (85 before the stages were lazy)"


BUILT = """
import sys, runpy
sys.argv = ["pnp", "build", *sys.argv[1:]]
try:
    runpy.run_module("pnp", run_name="__main__")
except SystemExit as exit:
    assert exit.code in (0, None), exit.code
print("imported:", *sorted(name for name in sys.modules if name in LAZY), file=sys.stderr)
"""

# what a build imports only for what it does: the face renderer when a face is drawn, the sticker
# packing when stickers are placed, PIL's drawing when a scan is sampled, its PNG writer when a
# text shows an icon
LAZY = {
    "pnp.render.face",
    "pnp.render.text",
    "pnp.render.pictures",
    "pnp.render.png_stream",
    "pnp.render.scan",
    "pnp.impose.packing",
    "PIL.ImageDraw",
    "PIL.ImageStat",
    "PIL.PngImagePlugin",
    "reportlab.platypus",
}


def _built_imports(pack: Path, out: Path) -> list[str]:
    script = f"LAZY = {sorted(LAZY)!r}\n{BUILT}"
    done = subprocess.run(
        [sys.executable, "-c", script, str(pack), "--output", str(out), "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.splitlines()[-1].split()[1:]


def test_a_build_that_draws_no_face_imports_no_renderer(tmp_path: Path) -> None:
    """A rebuild whose faces are all in the cache (a card edited, then edited back) reads the deck
    again and draws nothing: it imports neither the face renderer nor anything else only drawing,
    stickers or scans need."""
    pack, out = tmp_path / "tiny", tmp_path / "out"
    shutil.copytree(ROOT / "examples" / "tiny", pack)
    deck = pack / "supply.toml"
    text = deck.read_text(encoding="utf-8")
    assert 'title.es = "' in text
    assert "pnp.render.face" in _built_imports(pack, out)  # the first build draws every face
    deck.write_text(text.replace('title.es = "', 'title.es = "Nuevo ', 1), encoding="utf-8")
    assert "pnp.render.face" in _built_imports(pack, out)  # the edited card is drawn
    deck.write_text(text, encoding="utf-8")
    assert _built_imports(pack, out) == []
