"""Layout: templates/<family>/<card-type>.toml + a card -> a FaceLayout of boxes in points.

Templates are data.  String fields may hold jinja2 expressions over the card
record, run in a sandbox with StrictUndefined: packs and templates are shared
between strangers, so neither may reach outside its data.
"""

from pnp.layout.faces import FaceLayout, LaidOutElement, layout_back, layout_card
from pnp.layout.schema import ELEMENT_KINDS
from pnp.layout.templates import Template, TemplateSet, load_family

__all__ = [
    "ELEMENT_KINDS",
    "FaceLayout",
    "LaidOutElement",
    "Template",
    "TemplateSet",
    "layout_back",
    "layout_card",
    "load_family",
]
