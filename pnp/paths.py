"""Where pnp's bundled data lives: fonts and layout families are package data.

They are read through importlib.resources so that a wheel installed outside the
checkout (pip, pipx) finds them exactly as an editable install does.
"""

from importlib.resources import files
from pathlib import Path

PACKAGE_DIR = Path(str(files("pnp")))
FONTS_DIR = PACKAGE_DIR / "fonts"
TEMPLATES_DIR = PACKAGE_DIR / "templates"
