"""The resource limits pnp holds a pack's files and cards to (docs/security.md lists them all).

The limits of a layout file sit with the layout reader (pnp.layout.templates: its size, elements,
layouts per family, depth of `extends`), and those of an icon's SVG with the icon reader
(pnp.assets.icons); the rest are here.

A pack comes from strangers: each limit turns input that would hang or exhaust
the machine into a finding that names the file, card and field.  Each one sits
far above anything a real game needs, so an honest pack never meets them.
"""

from __future__ import annotations

# A TOML file pnp reads (pack.toml, a deck file, glossary.toml, board.toml, a layout).
# The largest bundled deck file is under 100 KB; 5,000 cards of 90-word texts in two languages is about 6 MB.
MAX_FILE_BYTES = 20_000_000

# Tables and lists nested inside one another: real packs use 3 or 4 levels.
MAX_NESTING_DEPTH = 24

# One text field in one language (a title, a card text, a flavour line), in characters.
# A dense rules card holds about 1,200; a whole rulebook page is about 4,000.
MAX_TEXT_CHARS = 5_000

# One word (letters and digits without a space), in characters: the longest Spanish words have about 23;
# "electroencefalografista" would fit three times.  Longer runs are pasted data, not words.
MAX_WORD_CHARS = 64

# Glossary records: [[term]] plus [[keyword]] tables, and forbidden variants in all.
MAX_GLOSSARY_ENTRIES = 10_000
MAX_FORBIDDEN_VARIANTS = 20_000

# Pixels of one image a pack names (card art, a deck back, token and standee faces).
# A tarot card at 600 dpi needs under 5 MP.
MAX_ART_PIXELS = 50_000_000

# Pixels of a board image (`pnp board --image`): a 10 x 20 in board at 600 dpi is 72 MP.
# (Pillow itself refuses images over about 179 MP as possible decompression bombs.)
MAX_BOARD_IMAGE_PIXELS = 150_000_000

# Any length in a pack or a layout ("63mm", "20in"), in millimetres: nothing printed on home paper is 5 m long.
MAX_LENGTH_MM = 5_000.0

# A card's shorter side, in millimetres: the smallest cards sold (mini) are 41 mm wide; a bleed is up to 12 mm.
MIN_CARD_SIDE_MM = 20.0

# A board's width and height, in millimetres: a 1.5 m board tiles over about 70 A4 pages.
MAX_BOARD_SIDE_MM = 1_500.0

# Card copies one build prints: 5,000 cards at up to 9 a sheet, fronts and backs, is about 1,100 pages.
MAX_PRINTED_CARDS = 20_000

# A spreadsheet file pnp imports (xlsx, ods: a zip of XML files).  A 1,000-card pack's export is under
# 1 MB and about 10 MB unzipped; the limits are checked from the zip's directory before anything is read,
# so a zip bomb (a few KB that unzip to gigabytes) is refused unopened.
MAX_SHEET_FILE_BYTES = 50_000_000
MAX_SHEET_UNZIPPED_BYTES = 300_000_000
MAX_SHEET_MEMBERS = 10_000

# Rows of one sheet pnp imports: 5,000 cards of 8 texts each are 40,000 rows.  A sheet past this is
# refused whole, by its row count, before its cells are read.
MAX_SHEET_ROWS = 50_000
