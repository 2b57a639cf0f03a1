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

# A text's size (and smallest size) in a layout, in points: letters 35 cm tall, far above any card or
# board; the fitting steps down from it 0.25 pt at a time, so 1e308 would never end.
MAX_TEXT_POINTS = 1_000.0

# A card's shorter side, in millimetres: the smallest cards sold (mini) are 41 mm wide; a bleed is up to 12 mm.
MIN_CARD_SIDE_MM = 20.0

# A board's width and height, in millimetres: a 1.5 m board tiles over about 70 A4 pages.
MAX_BOARD_SIDE_MM = 1_500.0

# Card copies one build prints: 5,000 cards at up to 9 a sheet, fronts and backs, is about 1,100 pages.
MAX_PRINTED_CARDS = 20_000

# Layout expressions (pnp.layout.budget), per card face.  A face of a bundled layout takes under 200
# steps (a call, a filter or test, a loop pass) and a millisecond; a loop over every character of a
# 5,000-character card text takes about 10,000 steps.
MAX_FACE_STEPS = 200_000
MAX_FACE_SECONDS = 2.0
# Characters of a string one step of an expression may make, or of a list as it would be written out
# (its items and what they hold): 20 card texts at their limit.
MAX_EXPRESSION_ITEMS = 100_000
# What an expression may leave in a field, in characters: a card's longest text is 5,000.
MAX_EXPRESSION_TEXT = 20_000
# Bits of a whole number an expression may make (about 1,200 digits): money and counts need under 64.
MAX_EXPRESSION_INT_BITS = 4_096

# An SVG icon as it is drawn, after every <use> is expanded (pnp.assets.svg_budget): a detailed icon has
# a few hundred elements and a few thousand path points; the set symbol drawn on every card is one icon.
MAX_SVG_DRAWN_ELEMENTS = 50_000
MAX_SVG_PATH_POINTS = 250_000
# Elements inside elements, each <use> with its target counted as one level deeper (the XML parser's own limit is 256).
MAX_SVG_DEPTH = 256

# A pack at an old revision (`pnp proof --since REV`): the files a pack reads (TOML, images, icons) are
# copied to a temporary folder, each TOML within MAX_FILE_BYTES and each image within 200 MB (50 MP at
# 4 bytes a pixel, however it is stored); a large game has a few hundred files and under 1 GB.
MAX_REVISION_FILES = 10_000
MAX_REVISION_IMAGE_BYTES = 200_000_000
MAX_REVISION_BYTES = 2_000_000_000
# A spreadsheet file pnp imports (xlsx, ods: a zip of XML files).  A 1,000-card pack's export is under
# 1 MB and about 10 MB unzipped; the limits are checked from the zip's directory before anything is read,
# so a zip bomb (a few KB that unzip to gigabytes) is refused unopened.
MAX_SHEET_FILE_BYTES = 50_000_000
MAX_SHEET_UNZIPPED_BYTES = 300_000_000
MAX_SHEET_MEMBERS = 10_000

# Rows of one sheet pnp imports: 5,000 cards of 8 texts each are 40,000 rows.  A sheet past this is
# refused whole, by its row count, before its cells are read.
MAX_SHEET_ROWS = 50_000
