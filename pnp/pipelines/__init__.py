"""Whole commands that run several stages: each module is one command's work, without its CLI.

build.py is `pnp build` (its options and result in build_options.py, its
extras in build_extras.py, its sheets in sheet_sets.py); board.py is
`pnp board`; findings.py and fitting.py are what `pnp check` runs.
"""
