"""What a card is drawn with: the bundled fonts, icon files and PDF forms.

The layout and the renderer both read these, so they sit below both: the
icon-file gate does a trial drawing (fonts and forms) to find in `pnp check`
what the build would fail on.
"""
