"""A pack as it was: at a git revision (`git show REV:path` into a temporary folder), or another pack folder."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import Finding, error
from pnp.i18n import _
from pnp.load.pack import LoadResult, load_pack
from pnp.paths import shown_path


@contextmanager
def pack_then(root: Path, since: str) -> Iterator[tuple[LoadResult, str]]:
    """The pack `since` names, loaded, and how to call it ("git HEAD~1", "folder old/blue-sun").

    Findings about the old pack name its files as REV:path, never the temporary folder.
    """
    folder = Path(since)
    if (folder / "pack.toml").is_file():
        yield load_pack(folder), f"folder {shown_path(folder)}"
        return
    with tempfile.TemporaryDirectory(prefix="pnp-since-") as temporary:
        copy, problem = _checkout(root, since, Path(temporary))
        if copy is None:
            yield LoadResult(None, [problem] if problem else []), f"git {since}"
            return
        result = load_pack(copy)
        yield _renamed(result, copy, f"{since}:{repo_prefix(root)}"), f"git {since}"


def run_git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)


def repo_prefix(root: Path) -> str:
    done = run_git(root, "rev-parse", "--show-prefix")
    return done.stdout.decode("utf-8", "replace").strip() if done.returncode == 0 else ""


def _checkout(root: Path, revision: str, into: Path) -> tuple[Path | None, Finding | None]:
    shown = shown_path(root)

    def fail(message: str, hint: str) -> tuple[None, Finding]:
        return None, error("proof/since", shown, message, hint=hint)

    if not root.is_dir():
        return None, None  # the pack itself does not load: its own findings say why
    try:
        inside = run_git(root, "rev-parse", "--is-inside-work-tree")
    except FileNotFoundError:
        return fail(_("git is not installed, so --since cannot read a revision"), _("give --since another pack folder"))
    if inside.returncode != 0:
        return fail(
            _('"--since" names no folder with a pack.toml, and {shown} is not in a git repository').format(shown=shown),
            _("give a git revision (HEAD~1, a tag) of the pack's repository, or another pack folder"),
        )
    if run_git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}").returncode != 0:
        return fail(
            _('"{revision}" is neither a pack folder nor a git revision of this repository').format(revision=revision),
            _("try HEAD~1, a tag or a commit id (git log --oneline lists them)"),
        )
    prefix = repo_prefix(root)
    listed = run_git(root, "ls-tree", "-r", "-z", "--full-tree", revision, "--", prefix or ".")
    entries, refused = _tree_entries(listed.stdout, prefix)
    if refused:
        return fail(
            _('{revision} holds a path pnp will not copy: "{refused}"').format(
                revision=revision, refused=_printable(refused)
            ),
            _("a pack's history may hold only plain files with plain names: no '..', no absolute paths, no symlinks"),
        )
    if f"{prefix}pack.toml" not in entries:
        return fail(
            _("the pack did not exist at {revision}: {prefix}pack.toml is not in that revision").format(
                revision=revision, prefix=prefix
            ),
            _("give an older revision, or another pack folder"),
        )
    top = into / root.resolve().name
    top.mkdir()
    for name, object_id in sorted(entries.items()):
        target = _inside(top, name[len(prefix) :])
        if target is None:  # _tree_entries already refused such names; this is the last guard
            return fail(
                _('{revision} holds a path pnp will not copy: "{name}"').format(
                    revision=revision, name=_printable(name)
                ),
                "",
            )
        blob = run_git(root, "cat-file", "blob", object_id)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            # "xb": never replace what is there, so two entries cannot write through one another.
            with target.open("xb") as handle:
                handle.write(blob.stdout)
        except OSError as problem:
            return fail(
                _('could not copy "{name}" from {revision}: {strerror}').format(
                    name=_printable(name), revision=revision, strerror=problem.strerror
                ),
                "",
            )
    return top, None


# git ls-tree -z lines: "<mode> SP <type> SP <object> TAB <path>"; only plain files are copied.
_PLAIN_FILE_MODES = {"100644", "100755"}


def _tree_entries(listing: bytes, prefix: str) -> tuple[dict[str, str], str | None]:
    """The pack's plain files at a revision (path -> blob id), and the first entry refused, if any.

    A tree from a stranger's repository may hold entries named "..", absolute
    paths, symlinks or submodules; none of them is ever written to disk.
    """
    entries: dict[str, str] = {}
    for record in listing.split(b"\0"):
        if not record:
            continue
        header, _, raw_name = record.partition(b"\t")
        name = raw_name.decode("utf-8", "replace")
        fields = header.decode("ascii", "replace").split(" ")
        if len(fields) != 3 or not name.startswith(prefix):
            return entries, name or header.decode("ascii", "replace")
        mode, kind, object_id = fields
        if kind != "blob" or mode not in _PLAIN_FILE_MODES or not _is_plain_relative(name[len(prefix) :]):
            return entries, name
        entries[name] = object_id
    return entries, None


def _is_plain_relative(name: str) -> bool:
    parts = name.split("/")
    return (
        bool(name)
        and not name.startswith("/")
        and "\\" not in name
        and ":" not in parts[0]
        and all(part not in ("", ".", "..") and "\0" not in part for part in parts)
    )


def _inside(top: Path, relative: str) -> Path | None:
    if not _is_plain_relative(relative):
        return None
    target = top.joinpath(*relative.split("/"))
    return target if target.resolve().is_relative_to(top.resolve()) else None


def _printable(name: str) -> str:
    return name.encode("unicode_escape").decode("ascii")


def _renamed(result: LoadResult, copy: Path, label: str) -> LoadResult:
    folder = str(copy)
    findings = [
        Finding(
            f.severity,
            f.code,
            f.file.replace(folder + "/", label).replace(folder, label),
            f.message,
            f.line,
            f.card,
            f.field,
            f.hint,
        )
        for f in result.findings
    ]
    return LoadResult(result.pack, findings)
