"""The build cache under <output>/.cache: entries pnp wrote, verified before every use.

An entry is a data file (`<key>.pdf`, `<key>.png`, `<key>.json`) and a record
beside it (`<key>.meta.json`) that pnp writes last, holding the SHA-256 and
size of the data, the key and the fingerprint of the pnp that wrote it.  An
entry is used only when all of these match: a file planted in the folder, a
flipped byte, a torn write or an entry of another pnp version is never used;
it is made again and replaced.  Keys hash everything that makes an entry, the
fingerprint included, so a cache of another pnp version is never even looked
up.  Deleting `.cache` is always safe.

The fingerprint is pnp's own code and data files plus the versions of the
libraries whose output lands in the files (ReportLab, pdfium, Pillow): a
cache is never shared across versions, even between two checkouts of the
same release number.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

from pnp.files import content_stamp, write_atomic
from pnp.i18n import ui_language

CACHE_FORMAT = "3"  # the layout of an entry; bump when it changes
META_SUFFIX = ".meta.json"
CACHE_FOLDER = ".cache"  # inside the output folder


class CacheKind(Enum):
    """Every kind of entry pnp keeps, each in its own folder of <output>/.cache/: (folder, suffix)."""

    CHECK = ("check", ".json")  # each card's findings (pnp.check.cached)
    FITTING = ("fitting", ".json")  # the size each text was fitted at (pnp.pipelines.fitting)
    LAYOUT = ("layout", ".json")  # each card's laid-out faces (pnp.layout.memo), each icon's verdict and form
    PDF = ("pdf", ".pdf")  # each part of faces, drawn once as forms (pnp.export.sheets)
    FACES = ("faces", ".json")  # which part of faces holds each face the last build placed (pnp.export.sheets)
    DOCUMENT = ("documents", ".json")  # what each document assembled holds (pnp.pipelines.kept_documents)
    AIDS = ("aids", ".pdf")  # aids.pdf, with its notes (pnp.pipelines.aids)
    PNG = ("png", ".png")  # each face rasterized, for PNG, Tabletop Simulator and print shops (pnp.export.png)
    LOAD = ("load", ".json")  # each pack file's parsed data and key lines, by its bytes (pnp.load.remembered)
    BUILD = ("build", ".json")  # what the last build or check read and said (pnp.pipelines.unchanged)

    @property
    def folder(self) -> str:
        return self.value[0]

    @property
    def suffix(self) -> str:
        return self.value[1]


def cache_root(output: Path) -> Path:
    """<output>/.cache: every kind's folder is in it."""
    return output / CACHE_FOLDER


@lru_cache(maxsize=1)
def pnp_fingerprint() -> str:
    import PIL
    import reportlab

    import pnp
    from pnp.paths import FONTS_DIR, TEMPLATES_DIR

    digest = hashlib.sha256()
    package = Path(pnp.__file__).resolve().parent
    # the bundled layouts and fonts are inside the package in a wheel, beside it in a checkout
    outside = [
        folder.resolve() for folder in (TEMPLATES_DIR, FONTS_DIR) if not folder.resolve().is_relative_to(package)
    ]
    for root in (package, *outside):
        # each file by its stamp, not its bytes: a file's stamp changes whenever its bytes do
        # (pnp.files.content_stamp), and reading some 8 MB of code, fonts and dictionaries in
        # every process that opens a cache cost it 50 ms
        for path in fingerprinted_files(root):
            with contextlib.suppress(OSError):  # gone while walked: as if never there
                stamp = content_stamp(path.stat())
                digest.update(f"{path.relative_to(root.parent if root in outside else package)}\0{stamp}\0".encode())
    versions = (
        pnp.__version__,
        reportlab.Version,
        # pdfium's versions without importing it (loading its library costs `pnp check` 20 ms):
        # the wheel's version and the pdfium build it bundles
        installed_version("pypdfium2"),
        _pdfium_build(),
        PIL.__version__,
    )
    digest.update(repr((versions, sys.version_info[:2])).encode())
    return digest.hexdigest()[:16]


FINGERPRINTED = (".py", ".toml", ".txt", ".aff", ".dic", ".ttf")


def fingerprinted_files(root: Path) -> list[Path]:
    """The files under `root` that pnp_fingerprint reads, in its order (sorted as paths): what
    `sorted(root.rglob("*"))` keeps of them, found without a Path and a stat for every compiled
    module in __pycache__ (a third of the fingerprint's time)."""
    found: list[Path] = []
    pending = [root]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir():
                    if entry.name != "__pycache__":  # compiled modules only: no suffix read here
                        pending.append(Path(entry.path))
                elif os.path.splitext(entry.name)[1] in FINGERPRINTED and entry.is_file():
                    found.append(Path(entry.path))
    return sorted(found)


def installed_version(name: str) -> str:
    """An installed distribution's version, from the name of its .dist-info folder on sys.path (the
    first, as importlib.metadata finds it); importlib.metadata when there is none (an egg, a zip).
    Importing importlib.metadata, which reads the same folder, costs every build 15 ms (email, zipfile, csv)."""
    prefix, suffix = name.replace("-", "_").lower() + "-", ".dist-info"
    for folder in sys.path:
        try:
            entries = os.listdir(folder or ".")
        except OSError:
            continue
        found = sorted(e for e in entries if e.lower().startswith(prefix) and e.endswith(suffix))
        if found:
            return found[0][len(prefix) : -len(suffix)]
    import importlib.metadata

    return importlib.metadata.version(name)


def _pdfium_build() -> str:
    import importlib.util

    spec = importlib.util.find_spec("pypdfium2_raw")  # finds the package without running it
    for folder in (spec and spec.submodule_search_locations) or ():
        record = Path(folder) / "version.json"
        if record.is_file():
            return record.read_text(encoding="utf-8")
    return "unknown"


class Cache:
    """One kind of entry (pdf, png, findings) in one folder.

    `read=False` is `--no-cache`: nothing is taken from the cache, and what is
    made is written to it, so a cache with bad entries is repaired.
    """

    def __init__(self, folder: Path, suffix: str, read: bool = True) -> None:
        self.folder = folder
        self.suffix = suffix
        self.read = read

    @classmethod
    def open(cls, output: Path, kind: CacheKind, read: bool = True) -> Cache:
        """The cache of `kind` under the output folder."""
        return cls(cache_root(output) / kind.folder, kind.suffix, read)

    def key(self, *parts: object) -> str:
        """The key of an entry made from `parts` (their repr must say everything that makes it).

        Entries may hold findings, whose messages are in the interface language: the language is
        part of every key, so that a run in Spanish never shows English findings drawn earlier."""
        return hashlib.sha256(repr((CACHE_FORMAT, pnp_fingerprint(), ui_language(), parts)).encode()).hexdigest()[:32]

    def path(self, key: str) -> Path:
        return self.folder / f"{key}{self.suffix}"

    def get(self, key: str) -> tuple[bytes, dict[str, Any]] | None:
        """The entry's data and extra fields, or None when it is missing or cannot be verified."""
        if not self.read:
            return None
        try:
            meta = json.loads((self.folder / f"{key}{META_SUFFIX}").read_text(encoding="utf-8"))
            data = self.path(key).read_bytes()
        except (OSError, ValueError):
            return None
        if not isinstance(meta, dict) or not self._matches(meta, key, data):
            return None
        extra = meta.get("extra")
        return data, extra if isinstance(extra, dict) else {}

    def get_json(self, key: str) -> dict[str, Any]:
        """A verified entry holding a JSON object, or {} when there is none that can be used."""
        entry = self.get(key)
        if entry is None:
            return {}
        try:
            stored = orjson.loads(entry[0])
        except orjson.JSONDecodeError:
            return {}
        return stored if isinstance(stored, dict) else {}

    def put_json(self, key: str, value: object, sort_keys: bool = False) -> None:
        """Write an entry holding `value` as JSON (UTF-8, the keys sorted when asked)."""
        self.put(key, json_bytes(value, sort_keys))

    def has(self, key: str) -> bool:
        return self.get(key) is not None

    def put(self, key: str, data: bytes, extra: dict[str, Any] | None = None) -> None:
        """Write an entry: the data first, then the record that vouches for it."""
        write_atomic(self.path(key), data, durable=False)  # verified on reading: a torn entry is made again
        meta = {
            "format": CACHE_FORMAT,
            "pnp": pnp_fingerprint(),
            "key": key,
            "size": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            "extra": extra or {},
        }
        write_atomic(self.folder / f"{key}{META_SUFFIX}", json.dumps(meta, ensure_ascii=False).encode(), durable=False)

    @staticmethod
    def _matches(meta: dict[str, Any], key: str, data: bytes) -> bool:
        return (
            meta.get("format") == CACHE_FORMAT
            and meta.get("pnp") == pnp_fingerprint()
            and meta.get("key") == key
            and meta.get("size") == len(data)
            and meta.get("sha256") == hashlib.sha256(data).hexdigest()
        )


def json_bytes(value: object, sort_keys: bool = False) -> bytes:
    """`value` as compact UTF-8 JSON, written by orjson: the layout memo and a deck file's records at
    5000 cards are megabytes written again after every edit, ten times quicker than with the
    standard library.  orjson writes a float that is not finite as null: what pnp keeps holds none
    (card records and layouts refuse them when read), and a reader that finds null where it wants a
    number makes the entry again.  An integer past 64 bits, which orjson refuses, takes the standard
    library's way."""
    option = orjson.OPT_NON_STR_KEYS | (orjson.OPT_SORT_KEYS if sort_keys else 0)
    try:
        return orjson.dumps(value, option=option)
    except TypeError:
        return json.dumps(value, ensure_ascii=False, sort_keys=sort_keys, separators=(",", ":")).encode()
