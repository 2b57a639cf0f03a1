"""pnp: a card and rules database with a print-and-play generator."""

__version__ = "0.1.0"
