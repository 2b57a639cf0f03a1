"""Where pnp's bundled data lives, and how a path is shown in a message.

Fonts and layout families are package data.

They are read through importlib.resources so that a wheel installed outside the
checkout (pip, pipx) finds them exactly as an editable install does.
"""

from importlib.resources import files
from pathlib import Path

PACKAGE_DIR = Path(str(files("pnp")))
FONTS_DIR = PACKAGE_DIR / "fonts"
TEMPLATES_DIR = PACKAGE_DIR / "templates"


def shown_path(path: Path) -> str:
    """Paths in messages are relative to where the user stands, when they can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
