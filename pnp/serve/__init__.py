"""`pnp serve`: the translators' workbench, a thin web layer over the pipeline's stages.

workbench.py holds the loaded pack and does the work; app.py is the pages;
jobs.py runs builds; templates/ and static/ are what the browser gets.
Starlette, uvicorn and htmx are the optional extra `pnp[serve]`.
"""
