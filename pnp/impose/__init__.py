"""Imposition: where things go on printed paper, as pure geometry in points.

sheet.py places cards, backs and crop marks on a sheet; tiling.py lays a
board larger than the paper over pages; packing.py packs label stickers onto
as few sheets as possible.  Nothing here draws or reads a file.
"""
