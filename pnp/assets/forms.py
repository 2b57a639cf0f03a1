"""Ending a form XObject without losing its transparency.

pnp draws every card face, every icon and every board once as a form and places
it where it is used.  ReportLab writes a form's resources with its fonts and
the forms it uses, but not the graphics states its opacity operators name
(`/gRLs0 gs`): a viewer or a printer that cannot find them draws the shape
opaque.  A layout's half see-through band then hides the art under it, and an
icon's 25 % shade prints solid black.  `end_form` ends the form as ReportLab
does, then gives it those graphics states too.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas


def end_form(canvas: Canvas) -> None:
    """canvas.endForm(), the form's resources naming the graphics states (opacity) it uses."""
    states = canvas._extgstate.getState()  # read before endForm restores the state outside the form
    name = canvas._formData[0]
    canvas.endForm()
    if not states:
        return
    form = canvas._doc.idToObject[pdfdoc.xObjectName(name)]
    # what PDFFormXObject.format would make, plus the graphics states: it only makes its own
    # resources when the form has none
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = states
    form.Resources = resources
