"""Loading: TOML files under cards/<pack>/ become a typed, immutable PackData.

Only this stage reads card data.  It never raises on bad data: it returns
every finding it collected, and a PackData only when no finding is an error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.load.pack import LoadResult, load_pack

__all__ = ["LoadResult", "load_pack"]


def __getattr__(name: str) -> Any:
    """load_pack and LoadResult, imported on first use: pnp.load.toml alone (paths, line
    numbers) is needed by modules that must start fast, without the pack model."""
    if name in __all__:
        from pnp.load import pack

        return getattr(pack, name)
    raise AttributeError(name)
