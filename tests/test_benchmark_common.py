"""The two bare-ReportLab floors (benchmarks/build.py, benchmarks/floor.py) draw with one set of helpers."""

from __future__ import annotations

import ast
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SHARED = {"register_fonts", "invariant_reportlab", "place", "marks"}


def _defined(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def _imported_from_common(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "_common"
        for alias in node.names
    }


def test_the_floors_share_their_helpers() -> None:
    assert _defined(BENCHMARKS / "_common.py") >= SHARED
    for name in ("build.py", "floor.py"):
        assert not SHARED & _defined(BENCHMARKS / name), name
        assert _imported_from_common(BENCHMARKS / name) >= SHARED, name
