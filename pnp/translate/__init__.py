"""The translators' loop: glossary fixes, spreadsheet and PO round trips, edits kept byte for byte.

Everything here plans: it reads a loaded pack and the text of its files and
returns the new text of each file, with the changes and findings.  Only the
CLI writes, atomically, and only when no finding is an error.
"""
