"""A build writes its manifest last, and cleans leftovers of interrupted writes (issue 10)."""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.pipelines import build as pipeline

pytestmark = pytest.mark.slow  # each test here takes seconds: whole builds, subprocesses, a browser


def _build(tiny: Path) -> CliRunner.invoke:
    return CliRunner().invoke(main, ["build", "tiny", "--no-cache"])


def test_the_manifest_names_every_file_with_its_digest(tiny_copy: Path) -> None:
    result = _build(tiny_copy)
    assert result.exit_code == 0, result.output
    out = tiny_copy.parent / "output" / "tiny" / "es"
    manifest = json.loads((out / "build-manifest.json").read_text(encoding="utf-8"))
    assert manifest["complete"] is True
    assert sorted(manifest["files"]) == ["cards-nav.pdf", "cards-supply.pdf", "cards.pdf"]
    for name, entry in manifest["files"].items():
        assert entry["sha256"] == hashlib.sha256((out / name).read_bytes()).hexdigest()


def test_a_build_stopped_halfway_leaves_no_manifest_and_the_next_says_so(
    tiny_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _build(tiny_copy).exit_code == 0
    out = tiny_copy.parent / "output" / "tiny" / "es"
    real_write = pipeline.write_atomic
    count: list[Path] = []

    def killed_after_one(path: Path, data: bytes) -> None:
        count.append(path)
        if len(count) > 1:
            raise OSError(28, "No space left on device")
        real_write(path, data)

    monkeypatch.setattr(pipeline, "write_atomic", killed_after_one)
    assert _build(tiny_copy).exit_code == 1
    assert not (out / "build-manifest.json").exists()  # the set is torn: one new PDF beside old ones
    monkeypatch.setattr(pipeline, "write_atomic", real_write)
    again = _build(tiny_copy)
    assert again.exit_code == 0
    assert "the last build into this folder did not finish (no build manifest)" in again.output
    assert (out / "build-manifest.json").exists()


def test_stale_part_files_in_the_output_and_cache_are_removed(tiny_copy: Path) -> None:
    out = tiny_copy.parent / "output" / "tiny" / "es"
    cache = tiny_copy.parent / "output" / ".cache" / "pdf"
    out.mkdir(parents=True)
    cache.mkdir(parents=True)
    stale = [out / ".cards.pdf.k2j4h6g8.part", cache / ".0123abcd.pdf.q1w2e3r4.part"]
    for path in stale:
        path.write_bytes(b"%PDF-1.4 half")
        os.utime(path, (time.time() - 7200, time.time() - 7200))
    assert CliRunner().invoke(main, ["build", "tiny"]).exit_code == 0
    assert [p.exists() for p in stale] == [False, False]
