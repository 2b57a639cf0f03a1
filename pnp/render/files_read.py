"""Files the drawing keeps in memory once read, each keyed by its path, size and modification time.

That key is enough inside one drawing job: a worker process drawing a part lives for one build.  A
job drawn in a process that lives on (a rebuild of a few faces drawn in the build's own process,
the workbench that builds again and again, the workers it forks later) could see a picture
rewritten under its old size and time as it was: such a job forgets them before and after.
"""

from __future__ import annotations

import sys

from pnp.assets.icons import forget_drawings
from pnp.render.icons import blank_sides, forget_readers


def forget_files() -> None:
    forget_drawings()
    forget_readers()
    blank_sides.cache_clear()
    # the pictures' and PNG streams' modules come with the face renderer, imported by the first face
    # drawn (pnp.export.pdf): a process that has not imported them has read nothing through them
    if "pnp.render.pictures" in sys.modules:
        from pnp.render.pictures import forget_pictures

        forget_pictures()
    if "pnp.render.png_stream" in sys.modules:
        from pnp.render.png_stream import forget_streams

        forget_streams()
