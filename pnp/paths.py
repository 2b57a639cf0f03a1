"""Where pnp's bundled data lives, and how a path is shown in a message.

The layout families and fonts pnp ships sit at the repository's root
(templates/, fonts/), beside the pack folders; the wheel carries them inside
the package (pyproject.toml maps them to pnp/templates/ and pnp/fonts/).
`bundled` finds them both ways, so a wheel installed outside the checkout
(pip, pipx) reads them exactly as a checkout or an editable install does.
"""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent  # importlib.resources would cost `pnp --help` a tenth of its time


def bundled(name: str) -> Path:
    """The bundled folder `name` ("templates", "fonts"): inside an installed package, else at the checkout's root."""
    installed = PACKAGE_DIR / name
    return installed if installed.is_dir() else PACKAGE_DIR.parent / name


FONTS_DIR = bundled("fonts")
TEMPLATES_DIR = bundled("templates")


def shown_path(path: Path) -> str:
    """Paths in messages are relative to where the user stands, when they can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
