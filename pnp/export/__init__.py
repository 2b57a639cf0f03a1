"""Export: the files a build writes (sheet PDFs, PNG, print-shop files, Tabletop Simulator decks,
the manifest), and the edits of a pack's files that the translators' commands write.

Every file is written atomically (pnp.files).  The build cache (pnp.cache) is written the
same way by the stages that fill it: the layout, the checks and the drawing.
"""
