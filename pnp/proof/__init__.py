"""Proofs for reviewers: every card with its thumbnail, original, translation, status and findings in place.

collect (plain data) -> thumbnails (the same faces the build draws) -> HTML and PDF.
`--since` adds what changed, word by word, against a git revision or another pack folder.
"""
