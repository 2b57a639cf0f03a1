"""Whole commands, each a list of stages: fitting as `pnp check` runs it."""
