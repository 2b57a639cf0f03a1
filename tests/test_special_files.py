"""Named pipes in a pack are refused, never waited on or copied (issue 28, item 5).

Opening a named pipe for reading waits for a writer forever: each command runs in a process of
its own under a time limit, so code that opens one fails the test instead of hanging the suite.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile import run_pnp

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")

FIX = "Repuestos >> Recambios\n"  # changes supply.toml and glossary.toml of the tiny pack


@pytest.mark.parametrize("name", ["pack.toml", "supply.toml", "glossary.toml", "templates/firefly/nav.toml"])
def test_check_refuses_a_named_pipe_in_place_of_a_pack_file(tiny_copy: Path, name: str) -> None:
    (tiny_copy / name).unlink()
    os.mkfifo(tiny_copy / name)
    done = run_pnp(["check", "tiny"], cwd=tiny_copy.parent, timeout=30)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"tiny/{name}: error: this is a named pipe or a device, not a file: pnp reads only plain files" in (
        done.stdout
    )
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "command",
    [["glossary", "apply", "tiny", "fixes.txt", "--write"], ["import", "tiny", "texts.csv", "--write"]],
    ids=["glossary apply", "import"],
)
def test_edits_write_beside_a_named_pipe(tiny_copy: Path, command: list[str]) -> None:
    (tiny_copy.parent / "fixes.txt").write_text(FIX, encoding="utf-8")
    exported = run_pnp(["export", "tiny", "--format", "csv", "-o", "texts.csv"], cwd=tiny_copy.parent)
    assert exported.returncode == 0, exported.stdout + exported.stderr
    csv = tiny_copy.parent / "texts.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Repuestos", "Recambios"), encoding="utf-8")
    os.mkfifo(tiny_copy / "art" / "a-pipe")
    done = run_pnp(command, cwd=tiny_copy.parent, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Recambios" in (tiny_copy / "supply.toml").read_text(encoding="utf-8")
    assert "internal error" not in done.stdout + done.stderr


def test_a_workbench_save_writes_beside_a_named_pipe(tiny_copy: Path) -> None:
    testclient = pytest.importorskip("starlette.testclient", reason="pnp serve's extra is not installed")
    from pnp.serve.app import create_app
    from tests.test_serve import form_of

    os.mkfifo(tiny_copy / "art" / "a-pipe")
    client = testclient.TestClient(create_app(tiny_copy, tiny_copy.parent / "output", hosts=("testserver",)))
    form = form_of(client.get("/card/spare-parts").text)
    form["v.title.es"] = "Recambios"
    response = client.post("/card/spare-parts/save", data=form)
    assert response.status_code == 200, response.text[:500]
    assert "Saved: title (es)." in response.text
    assert "Recambios" in (tiny_copy / "supply.toml").read_text(encoding="utf-8")
