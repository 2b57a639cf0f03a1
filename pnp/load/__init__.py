"""Loading: TOML files under cards/<pack>/ become a typed, immutable PackData.

Only this stage reads card data.  It never raises on bad data: it returns
every finding it collected, and a PackData only when no finding is an error.
"""

from pnp.load.pack import LoadResult, load_pack

__all__ = ["LoadResult", "load_pack"]
